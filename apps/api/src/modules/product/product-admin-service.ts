import { BULK_PRICE_NEGATIVE_MESSAGE, BULK_STOCK_NEGATIVE_MESSAGE, DECLINATION_NOT_FOUND_MESSAGE, PRODUCT_HAS_ORDERS_MESSAGE, PRODUCT_NOT_FOUND_MESSAGE, PRODUCT_SLUG_TAKEN_MESSAGE, type AdminCatalogue, type AdminDeclination, type AdminProduct, type CsvImportPreview, type ProductInputParsed } from '@comptoir/contract/admin-catalogue';
import { slugify } from '@comptoir/domain/slug';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/http-error';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { isStorageUnavailable, type FileStorage } from '../../plugins/storage';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { toAdminDeclination, type AdminCatalogueRepository, type CatalogueQueries, violatedCheck } from './product-admin-repository';
import { optimizeCatalogueImage } from './product-admin-image';
import { catalogueCsv, planCatalogueImport, type CsvPlan } from './product-admin-csv';

export interface AdminCatalogueDependencies {
  storage: FileStorage;
  /** Drops the API's kept catalogue bodies and asks the storefront to refresh its catalogue tag. */
  catalogueChanged: (siteId: number) => void;
}

function invalid(key: string, error: string, status = 422): HttpError {
  return new HttpError(status, status === 422 ? INVALID_BODY_MESSAGE : error, [{ key, error }]);
}

/** The URL under which the storefront shows an uploaded catalogue image (its /api reaches the API). */
export function catalogueImageUrl(siteId: number, key: string): string {
  return `/api/catalogue-image/${siteId}/${key}`;
}

/**
 * The back office's catalogue. Each write runs in one transaction with its journal entry, then
 * refreshes the catalogue (the storefront tags every product list and page with it: a stock or
 * price change shows on the next visit, a sold-out page within seconds).
 */
export function createAdminCatalogueService(
  repository: AdminCatalogueRepository,
  { storage, catalogueChanged }: AdminCatalogueDependencies,
) {
  async function productOf(repo: CatalogueQueries, siteId: number, id: number) {
    const product = await repo.findProduct(siteId, id);
    if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND_MESSAGE);
    return product;
  }

  /** Checks the references of a product body against the site; 422 naming the field. */
  async function checkReferences(
    repo: CatalogueQueries,
    siteId: number,
    input: ProductInputParsed,
    productId: number | null,
  ): Promise<string> {
    const slug = input.slug || slugify(input.name) || 'produit';
    const owner = await repo.productIdAtSlug(siteId, slug);
    if (owner !== undefined && owner !== productId) {
      throw invalid('slug', PRODUCT_SLUG_TAKEN_MESSAGE);
    }
    const recommended = await repo.existingProductIds(siteId, input.recommendedProductIds);
    input.recommendedProductIds.forEach((id, index) => {
      if (!recommended.has(id) || id === productId) {
        throw invalid(`recommendedProductIds.${index}`, 'Ce produit recommandé est introuvable.');
      }
    });
    const icons = await repo.existingMealIconIds(siteId, input.mealIconIds);
    input.mealIconIds.forEach((id, index) => {
      if (!icons.has(id)) throw invalid(`mealIconIds.${index}`, 'Ce pictogramme est introuvable.');
    });
    const current = productId === null ? null : await repo.findProduct(siteId, productId);
    const declinationIds = new Set(current?.declinations.map((item) => item.id));
    input.declinations.forEach((item, index) => {
      if (item.id !== undefined && !declinationIds.has(item.id)) {
        throw invalid(`declinations.${index}.id`, DECLINATION_NOT_FOUND_MESSAGE);
      }
    });
    const customizationIds = new Set(current?.customizations.map((item) => item.id));
    input.customizations.forEach((item, index) => {
      if (item.id !== undefined && !customizationIds.has(item.id)) {
        throw invalid(`customizations.${index}.id`, 'Cette personnalisation est introuvable.');
      }
    });
    return slug;
  }

  function productFields(input: ProductInputParsed, slug: string) {
    const {
      declinations: _d,
      features: _f,
      awards: _a,
      mealIconIds: _m,
      decreasingDiscounts: _dd,
      recommendedProductIds: _r,
      customizations: _c,
      ...fields
    } = input;
    return { ...fields, slug, kind: input.type === 'WINE' ? input.kind : null };
  }

  function audit(
    tx: Db,
    siteId: number,
    actor: AuditActor,
    entry: {
      action: string;
      entityType?: string;
      entityId: number | null;
      summary: string;
      before: unknown;
      after: unknown;
    },
  ) {
    return recordAudit(tx, { siteId, actor, entityType: 'product', ...entry });
  }

  async function readCsvContext(repo: CatalogueQueries, siteId: number) {
    const [rows, products] = await Promise.all([
      repo.declinationsWithProduct(siteId),
      repo.listProducts(siteId),
    ]);
    return {
      rows,
      products: new Map(products.map((product) => [product.id, product.name])),
      slugs: new Set(products.map((product) => product.slug)),
    };
  }

  function planFor(csv: string, context: Awaited<ReturnType<typeof readCsvContext>>): CsvPlan {
    return planCatalogueImport(csv, context.rows, context.products, context.slugs);
  }

  return {
    async list(siteId: number): Promise<AdminCatalogue> {
      const [products, mealIcons] = await Promise.all([
        repository.listProducts(siteId),
        repository.listMealIcons(siteId),
      ]);
      return { products, mealIcons };
    },

    get(siteId: number, id: number): Promise<AdminProduct> {
      return productOf(repository, siteId, id);
    },

    async create(
      siteId: number,
      actor: AuditActor,
      input: ProductInputParsed,
    ): Promise<AdminProduct> {
      const created = await repository.transaction(async (repo, tx) => {
        const slug = await checkReferences(repo, siteId, input, null);
        const id = await repo.insertProduct(siteId, productFields(input, slug));
        await repo.replaceLists(siteId, id, input);
        const product = await productOf(repo, siteId, id);
        await audit(tx, siteId, actor, {
          action: 'create',
          entityId: id,
          summary: `Produit « ${product.name} » créé (${product.declinations.length} déclinaison(s))`,
          before: null,
          after: product,
        });
        return product;
      });
      catalogueChanged(siteId);
      return created;
    },

    async update(
      siteId: number,
      actor: AuditActor,
      id: number,
      input: ProductInputParsed,
    ): Promise<AdminProduct> {
      const updated = await repository.transaction(async (repo, tx) => {
        const before = await productOf(repo, siteId, id);
        const slug = await checkReferences(repo, siteId, input, id);
        await repo.updateProduct(siteId, id, productFields(input, slug));
        await repo.replaceLists(siteId, id, input);
        const after = await productOf(repo, siteId, id);
        await audit(tx, siteId, actor, {
          action: 'update',
          entityId: id,
          summary: `Produit « ${after.name} » modifié`,
          before,
          after,
        });
        return after;
      });
      catalogueChanged(siteId);
      return updated;
    },

    /** Orders keep their lines' copies, but a product once ordered is unpublished, not deleted. */
    async remove(siteId: number, actor: AuditActor, id: number): Promise<{ id: number }> {
      await repository.transaction(async (repo, tx) => {
        const before = await productOf(repo, siteId, id);
        if (await repo.hasOrderLines(siteId, id))
          throw invalid('id', PRODUCT_HAS_ORDERS_MESSAGE, 409);
        await repo.deleteProduct(siteId, id);
        await audit(tx, siteId, actor, {
          action: 'delete',
          entityId: id,
          summary: `Produit « ${before.name} » supprimé`,
          before,
          after: null,
        });
      });
      catalogueChanged(siteId);
      return { id };
    },

    async bulkEdit(
      siteId: number,
      actor: AuditActor,
      edit: {
        ids: number[];
        stock: { mode: 'SET' | 'ADD'; value: number } | null;
        price: { mode: 'SET' | 'AMOUNT' | 'PERCENT'; value: number } | null;
      },
    ): Promise<{ declinations: AdminDeclination[] }> {
      const ids = [...new Set(edit.ids)];
      if (edit.stock?.mode === 'SET' && edit.stock.value < 0) {
        throw invalid('stock.value', BULK_STOCK_NEGATIVE_MESSAGE);
      }
      if (edit.price?.mode === 'SET' && edit.price.value < 0) {
        throw invalid('price.value', BULK_PRICE_NEGATIVE_MESSAGE);
      }
      const result = await repository.transaction(async (repo, tx) => {
        const before = await repo.findDeclinations(siteId, ids);
        if (before.length !== ids.length) throw new HttpError(404, DECLINATION_NOT_FOUND_MESSAGE);
        // One UPDATE computing from the rows' current values; the table's CHECK constraints
        // refuse a negative stock or price (concurrent orders counted), rolling everything back.
        try {
          await repo.bulkUpdate(siteId, ids, edit);
        } catch (error) {
          const check = violatedCheck(error);
          if (check === 'declinations_stock_not_negative') {
            throw invalid('stock.value', BULK_STOCK_NEGATIVE_MESSAGE);
          }
          if (check === 'declinations_price_not_negative') {
            throw invalid('price.value', BULK_PRICE_NEGATIVE_MESSAGE);
          }
          throw error;
        }
        const after = await repo.findDeclinations(siteId, ids);
        await audit(tx, siteId, actor, {
          action: 'bulk-update',
          entityType: 'declination',
          entityId: null,
          summary: `${ids.length} déclinaison(s) modifiée(s) en lot`,
          before: before.map(toAdminDeclination),
          after: after.map(toAdminDeclination),
        });
        return after.map(toAdminDeclination);
      });
      catalogueChanged(siteId);
      return { declinations: result };
    },

    async lowStock(siteId: number, threshold: number) {
      const rows = await repository.lowStock(siteId, threshold);
      return {
        threshold,
        rows: rows.map(({ productName, ...row }) => ({
          productId: row.productId,
          productName,
          declination: toAdminDeclination(row),
        })),
      };
    },

    async uploadImage(
      siteId: number,
      actor: AuditActor,
      upload: { filename: string; content: Buffer },
    ): Promise<{ url: string }> {
      const optimized = await optimizeCatalogueImage(upload.content);
      const key = await storage.save(optimized, 'webp');
      try {
        await repository.transaction(async (repo, tx) => {
          await repo.recordImage(siteId, {
            storageKey: key,
            originalName: upload.filename.slice(0, 200) || 'image',
            size: optimized.length,
          });
          await audit(tx, siteId, actor, {
            action: 'upload',
            entityType: 'catalogue-image',
            entityId: null,
            summary: `Image « ${upload.filename.slice(0, 100)} » envoyée pour le catalogue`,
            before: null,
            after: { url: catalogueImageUrl(siteId, key), bytes: optimized.length },
          });
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { url: catalogueImageUrl(siteId, key) };
    },

    /** Public bytes of an uploaded image, once a product, declination or award shows it. */
    async imageFile(siteId: number, key: string): Promise<Buffer> {
      const notFound = new HttpError(404, 'Cette image est introuvable.');
      if (!(await repository.isImageShown(siteId, catalogueImageUrl(siteId, key)))) throw notFound;
      try {
        return await storage.read(key, { shown: true });
      } catch (error) {
        if (isStorageUnavailable(error)) throw error;
        throw new HttpError(404, 'Cette image est introuvable.', undefined, { cause: error });
      }
    },

    async exportCsv(siteId: number): Promise<{ filename: string; csv: string }> {
      const rows = await repository.declinationsWithProduct(siteId);
      const date = new Date().toISOString().slice(0, 10);
      return { filename: `catalogue-${date}.csv`, csv: catalogueCsv(rows) };
    },

    async previewImport(siteId: number, csv: string): Promise<CsvImportPreview> {
      const { changes, errors, lineCount } = planFor(csv, await readCsvContext(repository, siteId));
      return { changes, errors, lineCount };
    },

    /**
     * Re-plans inside the transaction from the rows as they are now, so a preview made earlier
     * cannot apply stale values; any wrong line and nothing is written (422 with every line).
     */
    async applyImport(siteId: number, actor: AuditActor, csv: string): Promise<CsvImportPreview> {
      const result = await repository.transaction(async (repo, tx) => {
        const plan = planFor(csv, await readCsvContext(repo, siteId));
        if (plan.errors.length > 0) {
          throw new HttpError(
            422,
            INVALID_BODY_MESSAGE,
            plan.errors.map((error) => ({ key: `line.${error.line}`, error: error.message })),
          );
        }
        const createdProducts = new Map<string, number>();
        for (const operation of plan.operations) {
          if (operation.kind === 'UPDATE') {
            if (Object.keys(operation.fields).length > 0) {
              await repo.setDeclinationFields(siteId, operation.declinationId, operation.fields);
            }
            if (operation.isPublished !== undefined) {
              await repo.updateProduct(siteId, operation.productId, {
                isPublished: operation.isPublished,
              });
            }
          } else if (operation.kind === 'CREATE_DECLINATION') {
            await repo.insertDeclination(siteId, operation.productId, {
              ...operation.fields,
              priceCents: operation.fields.priceCents!,
            });
          } else {
            let productId = createdProducts.get(operation.productName);
            if (productId === undefined) {
              productId = await repo.insertProduct(siteId, {
                type: 'WINE',
                kind: null,
                name: operation.productName,
                slug: operation.slug,
                summary: null,
                description: null,
                region: null,
                appellation: null,
                alcoholTenths: null,
                tags: [],
                imageUrl: null,
                isPublished: operation.isPublished,
                isDematerialized: false,
                hasShippingFees: true,
                vatRateBasisPoints: 2000,
                position: 0,
              });
              createdProducts.set(operation.productName, productId);
            }
            await repo.insertDeclination(siteId, productId, {
              ...operation.fields,
              priceCents: operation.fields.priceCents!,
            });
          }
        }
        await audit(tx, siteId, actor, {
          action: 'import',
          entityType: 'declination',
          entityId: null,
          summary: `Import CSV : ${plan.changes.length} ligne(s) appliquée(s)`,
          before: null,
          after: plan.changes,
        });
        return { changes: plan.changes, errors: [], lineCount: plan.lineCount };
      });
      if (result.changes.length > 0) catalogueChanged(siteId);
      return result;
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
