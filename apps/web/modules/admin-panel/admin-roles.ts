import type { UserRole } from '@comptoir/contract/user';

/** Spec §2, §6: only these roles see the panel (the API checks them again on every call). */
export const ADMIN_ROLES: readonly UserRole[] = ['ADMIN', 'SUPER_ADMIN'];

export function isAdminRole(role: UserRole | undefined): boolean {
  return role !== undefined && ADMIN_ROLES.includes(role);
}
