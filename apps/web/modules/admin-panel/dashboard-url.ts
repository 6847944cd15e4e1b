import 'server-only';

/** The built-in back office's block editor of a page (app/admin/[site]/pages/[id]). */
export const BUILT_IN_PAGE_EDITOR_URL = '/admin/pages/{pageId}';

/**
 * The page editor the admin panel's « Modifier la page » opens, where `{pageId}` (and `{siteId}`)
 * stand for the page shown: the site's own back office, unless DASHBOARD_PAGE_URL names another
 * one, such as `https://admin.example.com/sites/{siteId}/pages/{pageId}`. Read on the server
 * when the layout renders.
 */
export function dashboardPageUrl(): string {
  const value = process.env.DASHBOARD_PAGE_URL?.trim();
  if (!value || !/^https?:\/\//.test(value) || !value.includes('{pageId}')) {
    return BUILT_IN_PAGE_EDITOR_URL;
  }
  return value;
}
