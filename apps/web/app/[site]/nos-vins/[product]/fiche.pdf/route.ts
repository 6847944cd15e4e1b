import { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from '@comptoir/contract/headers';
import { apiUrl } from '../../../../../lib/env';
import { parseSiteId } from '../../../../../lib/site-id';
import { productIdFromSegment } from '../../../../../modules/catalogue/catalogue-paths';

interface SheetRouteContext {
  params: Promise<{ site: string; product: string }>;
}

const NOT_FOUND = 'Cette fiche produit est introuvable.';

/**
 * /nos-vins/<slug>-<id>/fiche.pdf[?declinaison=<id>]: the wine's PDF sheet, drawn by the API
 * (`GET /product/generate/file/{id}[/{declinationId}]`, decision 0041). A plain link cannot send
 * the API's `siteId` header, so the storefront asks for it with the site its host resolved to,
 * and passes the visitor's address on (the API limits sheets per address).
 */
export async function GET(request: Request, { params }: SheetRouteContext): Promise<Response> {
  const { site, product } = await params;
  const siteId = parseSiteId(site);
  const productId = productIdFromSegment(product);
  const declination = new URL(request.url).searchParams.get('declinaison');
  if (
    siteId === null ||
    productId === null ||
    (declination !== null && !/^[1-9]\d{0,9}$/.test(declination))
  ) {
    return notFound();
  }
  const upstream = await fetch(
    `${apiUrl()}/product/generate/file/${productId}${declination ? `/${declination}` : ''}`,
    {
      headers: {
        [SITE_ID_HEADER]: String(siteId),
        [USER_LANG_HEADER]: DEFAULT_LANG,
        // Written by the storefront's server from the connection: the visitor's own address.
        'x-forwarded-for': request.headers.get('x-forwarded-for') ?? '',
      },
      cache: 'no-store',
    },
  ).catch(() => null);
  if (upstream === null) {
    return new Response(
      'La fiche produit ne peut pas être créée pour le moment. Réessayez dans un instant.',
      {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30' },
      },
    );
  }
  if (!upstream.ok) {
    if (upstream.status === 429) {
      return new Response('Trop de fiches demandées. Réessayez dans quelques minutes.', {
        status: 429,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return notFound();
  }
  const headers = new Headers({ 'content-type': 'application/pdf' });
  const disposition = upstream.headers.get('content-disposition');
  if (disposition) headers.set('content-disposition', disposition);
  headers.set('cache-control', 'private, max-age=300');
  return new Response(upstream.body, { status: 200, headers });
}

function notFound(): Response {
  return new Response(NOT_FOUND, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
