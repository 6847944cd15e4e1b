import { randomBytes } from 'node:crypto';
import type { UserRole } from '@comptoir/contract/user';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashSessionToken } from '../modules/user';

export interface TestSessionOptions {
  siteId: number;
  email?: string;
  role?: UserRole;
  /** Default: one day from now. */
  expiresAt?: Date;
}

/**
 * Writes a user and a session directly, for what registration cannot give (an ADMIN, an account
 * without a password, an expired session). Returns the clear token, as a login would hand it out.
 */
export async function createUserWithSession(db: Db, options: TestSessionOptions) {
  const [user] = await db
    .insert(users)
    .values({
      siteId: options.siteId,
      email: options.email ?? `client-${randomBytes(4).toString('hex')}@example.fr`,
      firstname: 'Camille',
      lastname: 'Durand',
      phone: '06 11 22 33 44',
      birthdate: '1990-04-12',
      role: options.role ?? 'CUSTOMER',
    })
    .returning();
  if (!user) throw new Error('The test user was not created');
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    siteId: options.siteId,
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { user, token };
}
