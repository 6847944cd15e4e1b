import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { HttpError } from '../../http/http-error';
import type { UserRecord } from './user-repository';
import { NOT_LOGGED_IN_MESSAGE } from './user-service';

/** Visitors get 401, customers 403: the admin calls are for ADMIN and SUPER_ADMIN only. */
export function requireAdmin(user: UserRecord | null): UserRecord {
  if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
  if (user.role !== 'ADMIN' && user.role !== 'SUPER_ADMIN') {
    throw new HttpError(403, ADMIN_ONLY_MESSAGE);
  }
  return user;
}
