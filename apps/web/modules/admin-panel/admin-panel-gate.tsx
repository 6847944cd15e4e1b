'use client';

import { lazy, Suspense } from 'react';
import { useAccount } from '../account/use-account';
import type { AdminPanelProps } from './admin-panel';
import { isAdminRole } from './admin-roles';

// The panel's code (the preview capture, the admin endpoints and their schemas) is fetched only
// once the API said the visitor is an administrator: a visitor's page never carries it.
// React's lazy rather than next/dynamic: the panel never renders on the server (the role is known
// in the browser only), and next/dynamic's loader would weigh on every visitor's first load.
const AdminPanel = lazy(() =>
  import('./admin-panel').then((module) => ({ default: module.AdminPanel })),
);

/** Mounted in the site layout for everyone; shows the admin toolbar to ADMIN and SUPER_ADMIN only. */
export function AdminPanelGate(props: AdminPanelProps) {
  const { user } = useAccount(props.siteId);
  if (!isAdminRole(user?.role)) return null;
  return (
    <Suspense fallback={null}>
      <AdminPanel {...props} />
    </Suspense>
  );
}
