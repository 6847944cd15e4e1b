import 'server-only';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { ApiError, createApiClient } from '@comptoir/contract/client';
import { DEFAULT_LANG } from '@comptoir/contract/headers';
import type { User } from '@comptoir/contract/user';
import { apiUrl } from '../../../lib/env';
import { fetchWithRequestId } from '../../../lib/request-id';
import { loginPathFor } from '../../account/account-paths';
import { isAdminRole } from '../../admin-panel/admin-roles';

/** The session cookie the API sets (httpOnly); read on the server only. */
const TOKEN_COOKIE = 'token';
/** Set by the storefront's server on every back-office request: the path the browser shows. */
export const ADMIN_PUBLIC_PATH_HEADER = 'x-comptoir-admin-path';

/** The API client of one site, calling as the visitor (with their session cookie's token). */
export async function adminApi(siteId: number) {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  return createApiClient({
    baseUrl: apiUrl(),
    siteId,
    lang: DEFAULT_LANG,
    token,
    fetch: fetchWithRequestId,
  });
}

export type AdminAccess =
  { status: 'anonymous' } | { status: 'forbidden'; user: User } | { status: 'admin'; user: User };

/**
 * Who is asking for the back office, once per request: nobody logged in, a member who is not an
 * administrator of this site, or one who is. The API checks the role again on every call.
 */
export const loadAdminAccess = cache(async (siteId: number): Promise<AdminAccess> => {
  const api = await adminApi(siteId);
  try {
    const user = await api.getUser();
    return isAdminRole(user.role) ? { status: 'admin', user } : { status: 'forbidden', user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'anonymous' };
    throw error;
  }
});

/**
 * The API client of a back-office screen. Next renders a screen beside its layout: when the
 * layout sends the visitor to the login page or shows the 403 page, the screen stops here too,
 * without calling the API.
 */
export async function adminScreenApi(siteId: number) {
  const access = await loadAdminAccess(siteId);
  if (access.status === 'anonymous') redirect(loginPathFor(await adminPublicPath()));
  if (access.status === 'forbidden') notFound();
  return adminApi(siteId);
}

/** The back-office path the browser asked for (`/admin/journal?page=2`), to come back after login. */
export async function adminPublicPath(): Promise<string> {
  const path = (await headers()).get(ADMIN_PUBLIC_PATH_HEADER);
  return path && path.startsWith('/admin') ? path : '/admin';
}
