import { notFound } from 'next/navigation';

/** Any back-office path without a screen (`/admin/92/journal` on site 91 among them): its 404. */
export default function UnknownAdminPage(): never {
  notFound();
}
