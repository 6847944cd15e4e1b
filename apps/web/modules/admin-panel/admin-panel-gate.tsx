'use client';

import dynamic from 'next/dynamic';
import { useAccount } from '../account/use-account';
import type { AdminPanelProps } from './admin-panel';
import { isAdminRole } from './admin-roles';

// The panel's code (the preview capture, the admin endpoints and their schemas) is fetched only
// once the API said the visitor is an administrator: a visitor's page never carries it.
const AdminPanel = dynamic(() => import('./admin-panel').then((module) => module.AdminPanel), {
  ssr: false,
});

/** Mounted in the site layout for everyone; shows the admin toolbar to ADMIN and SUPER_ADMIN only. */
export function AdminPanelGate(props: AdminPanelProps) {
  const { user } = useAccount(props.siteId);
  if (!isAdminRole(user?.role)) return null;
  return <AdminPanel {...props} />;
}
