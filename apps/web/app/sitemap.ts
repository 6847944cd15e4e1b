import type { MetadataRoute } from 'next';
import { listBlogUrls } from '../lib/data/blog.server';
import { listCatalogueLinks } from '../lib/data/catalogue.server';
import { listServiceUrls } from '../lib/data/services.server';
import { loadSiteShell } from '../lib/data/site-shell.server';
import { requestSiteId } from '../modules/seo/request-site.server';
import { CATALOGUE_PATH, productPath } from '../modules/catalogue/catalogue-paths';
import { GIFT_VOUCHER_PATH } from '../modules/gift-voucher/gift-voucher-page';
import { buildSitemap } from '../modules/seo/sitemap';

/**
 * sitemap.xml of the site the request's host belongs to: its pages, blog, services, products and,
 * when it sells online, its gift voucher page.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const siteId = await requestSiteId();
  const shell = await loadSiteShell(siteId);
  const blogActivated = shell.parameters.flag('IS_BLOG_ACTIVATED');
  const [blogLinks, serviceLinks, products] = await Promise.all([
    blogActivated ? listBlogUrls(siteId) : [],
    listServiceUrls(siteId),
    shell.info.isECommerce ? listCatalogueLinks(siteId) : [],
  ]);
  const productLinks = [
    ...(products.length > 0
      ? [{ path: CATALOGUE_PATH }, ...products.map((product) => ({ path: productPath(product) }))]
      : []),
    // The voucher form of a site that sells online, whether or not its menu has the page.
    ...(shell.info.isECommerce ? [{ path: GIFT_VOUCHER_PATH }] : []),
  ];
  return buildSitemap({
    siteUrl: shell.info.url,
    pages: shell.pages,
    hideContactPage: shell.parameters.flag('HIDE_CONTACT_PAGE'),
    blogActivated,
    blogLinks,
    serviceLinks,
    productLinks,
  });
}
