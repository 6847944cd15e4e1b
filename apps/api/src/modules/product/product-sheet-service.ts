import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { PRODUCT_SHEET_NOT_FOUND_MESSAGE, type Product } from '@comptoir/contract/product';
import { canBeBought } from '@comptoir/domain/cart';
import { slugify } from '@comptoir/domain/slug';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { SiteRecord } from '../site';
import { dispositionFilename } from '../../http/content-disposition';
import { renderProductSheet } from './product-sheet';
import { alcoholMessages, grapeVarietyDisplay } from '@comptoir/domain/product-display';
import { eLabelPath } from '@comptoir/contract/product';
import { siteBaseUrl } from '../mail';
import type { createProductService } from './product-service';

type ProductService = ReturnType<typeof createProductService>;

/** A picture larger than this is not read (the catalogue's are about 10 kB). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Pixels of the picture in the PDF: twice its box, sharp at print size, small in bytes. */
const IMAGE_PIXELS = { width: 340, height: 472 };
const IMAGE_PATH = /^\/[A-Za-z0-9._~\-/]+$/;

export interface ProductSheetSettings {
  /** The storefront's public folder, where the catalogue's pictures (/sites/92/…) are files. */
  publicDir: string;
  /** NODE_ENV=production: the e-label's QR code names the site's prodUrl. */
  production: boolean;
}

export interface ProductSheetFile {
  content: Buffer;
  headers: Record<string, string>;
}

/**
 * The file of a picture path of the site (`/sites/92/products/x.png`) inside the public folder,
 * or null for anything else: an absolute URL (the API fetches nothing for a PDF), a path that
 * could leave the folder, odd characters.
 */
export function publicImageFile(imageUrl: string | null, publicDir: string): string | null {
  if (!imageUrl || !IMAGE_PATH.test(imageUrl)) return null;
  if (imageUrl.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  const root = path.resolve(publicDir);
  const file = path.resolve(root, `.${imageUrl}`);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

/**
 * The picture as JPEG on white, scaled to the sheet; null when it is missing, too large or not an
 * image sharp can read: the sheet is then laid out without it (and the log says why).
 */
async function sheetImage(
  imageUrl: string | null,
  publicDir: string,
  log: FastifyBaseLogger,
): Promise<Buffer | null> {
  const file = publicImageFile(imageUrl, publicDir);
  if (!file) {
    if (imageUrl) log.warn({ imageUrl }, 'product sheet: picture not in the public folder');
    return null;
  }
  try {
    const { size } = await stat(file);
    if (size > MAX_IMAGE_BYTES) {
      log.warn({ imageUrl, size }, 'product sheet: picture too large, left out');
      return null;
    }
    return await sharp(await readFile(file))
      .rotate()
      .resize({ ...IMAGE_PIXELS, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (error) {
    log.warn({ imageUrl, err: error }, 'product sheet: picture unreadable, left out');
    return null;
  }
}

/**
 * The declination a sheet without one shows on top: the page's default, the first that can be
 * bought (the cart's rule, decision 0081).
 */
function defaultDeclination(product: Product, useStock: boolean) {
  return (
    product.declinations.find((declination) =>
      canBeBought(
        {
          stock: declination.quantity,
          isStockManaged: declination.setQuantity,
          sellByMultipleOf: declination.sellByMultipleOf,
        },
        useStock,
      ),
    ) ?? product.declinations[0]
  );
}

/** « fiche-anjou-blanc-les-schistes-2023-75cl.pdf »: ASCII, from the slug, never the request. */
function sheetFileName(product: Product, declination: Product['declinations'][number]): string {
  const parts = [
    'fiche',
    product.slug || slugify(product.name),
    declination.year?.toString(),
    declination.capacity !== null && declination.capacityUnit !== null
      ? `${String(declination.capacity).replace('.', '-')}${declination.capacityUnit === 'LITER' ? 'l' : 'cl'}`
      : null,
  ];
  const name = slugify(parts.filter(Boolean).join('-')).slice(0, 120) || 'fiche-produit';
  return `${name}.pdf`;
}

/** The vintage's public e-label page on the site's storefront, or null without a known address. */
function eLabelUrl(
  site: Pick<SiteRecord, 'name' | 'devUrl' | 'prodUrl'>,
  declinationId: number,
  production: boolean,
): string | null {
  const base = siteBaseUrl(site, production);
  return base ? `${base}${eLabelPath(declinationId)}` : null;
}

export function createProductSheetService(
  products: ProductService,
  readParameters: SiteParameterReader,
  settings: ProductSheetSettings,
) {
  return {
    /**
     * The PDF sheet of a published product of the site, for one of its declinations or for the
     * product as a whole. A draft, another site's product, a declination of another product:
     * 404, with one message for all.
     */
    async render(
      site: Pick<SiteRecord, 'id' | 'name' | 'devUrl' | 'prodUrl'>,
      productId: number,
      declinationId: number | null,
      log: FastifyBaseLogger,
    ): Promise<ProductSheetFile> {
      let product: Product;
      try {
        product = await products.getProduct(site.id, productId);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) {
          throw new HttpError(404, PRODUCT_SHEET_NOT_FOUND_MESSAGE, undefined, { cause: error });
        }
        throw error;
      }
      const parameters = await readParameters(site.id);
      const prevention = alcoholMessages(parameters.isOn('SELLS_ALCOHOL'), parameters.text);
      const declination =
        declinationId === null
          ? defaultDeclination(product, parameters.isOn('USE_STOCK'))
          : product.declinations.find((candidate) => candidate.id === declinationId);
      if (!declination) throw new HttpError(404, PRODUCT_SHEET_NOT_FOUND_MESSAGE);

      const label = parameters.isOn('NUTRITIONAL_TABLE')
        ? (product.labels.find((candidate) => candidate.declinationId === declination.id) ?? null)
        : null;
      const [awards, image] = await Promise.all([
        products.listAwards(site.id, product.id),
        sheetImage(declination.imageUrl ?? product.imageUrl, settings.publicDir, log),
      ]);
      const content = await renderProductSheet({
        siteName: parameters.text('COMPANY_NAME') ?? site.name,
        product,
        awards,
        declination,
        listDeclinations: declinationId === null,
        image,
        settings: {
          hidePrices: parameters.isOn('HIDE_PRICES'),
          hideDiscountPercentage: parameters.isOn('HIDE_DISCOUNT_PERCENTAGE'),
          grapeVarietyDisplay: grapeVarietyDisplay(parameters.text('GRAPE_VARIETY_DISPLAY')),
        },
        alcoholMessage: prevention?.health ?? null,
        ethylotestMessage: prevention?.ethylotest ?? null,
        label,
        eLabelUrl: label ? eLabelUrl(site, declination.id, settings.production) : null,
        issuedOn: new Date(),
      });
      return {
        content,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; ${dispositionFilename(sheetFileName(product, declination))}`,
          'x-content-type-options': 'nosniff',
          // Prices and stock change: a browser may keep it a few minutes, a shared cache not at all.
          'cache-control': 'private, max-age=300',
        },
      };
    },
  };
}

export type ProductSheetService = ReturnType<typeof createProductSheetService>;
