import 'server-only';

/**
 * DASHBOARD_PAGE_URL: the back office's page editor, where `{pageId}` (and `{siteId}`) stand for
 * the page shown, such as `https://admin.example.com/sites/{siteId}/pages/{pageId}`. Unset, the
 * admin panel has no edit link. Read on the server when the layout renders.
 */
export function dashboardPageUrl(): string | null {
  const value = process.env.DASHBOARD_PAGE_URL?.trim();
  if (!value || !/^https?:\/\//.test(value) || !value.includes('{pageId}')) return null;
  return value;
}
