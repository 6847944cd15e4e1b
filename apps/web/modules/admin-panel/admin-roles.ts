import type { UserRole } from '@comptoir/contract/user';

/** docs/requirements/platform.md: only these roles see the panel (the API checks them again on every call). */
export const ADMIN_ROLES: readonly UserRole[] = ['ADMIN', 'SUPER_ADMIN'];

export function isAdminRole(role: UserRole | undefined): boolean {
  return role !== undefined && ADMIN_ROLES.includes(role);
}
