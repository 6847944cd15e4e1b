import { and, eq, inArray } from 'drizzle-orm';
import { slugify } from '@comptoir/domain/slug';
import type { Db } from '../client';
import {
  awards,
  declinations,
  declinationVariations,
  decreasingDiscounts,
  forms,
  mealIcons,
  productCustomizations,
  productCustomizationValues,
  productFeatures,
  productMealIcons,
  productRecommendations,
  products,
  variationValues,
} from '../schema';
import {
  CUSTOM_LABEL_FORM,
  declinationImageUrl,
  MEAL_ICONS,
  mealIconUrl,
  medalImageUrl,
  productImageUrl,
  site92Catalogue,
  type ProductSeed,
} from './catalogue-92';
import type { SiteSeed } from './types';
import { wineLabelOf } from './nutrition-92';

/** The sample sites that sell: site 92 only (91 is a brochure site). */
const cataloguesBySite: Readonly<Record<number, readonly ProductSeed[]>> = { 92: site92Catalogue };

/**
 * Writes a sample site's shop when the site has none yet: no product and no meal icon. A new
 * site gets it with its pages, and so does a database created before the shop existed; once a
 * shop is there the seed never touches it, so a product an administrator deleted stays deleted
 * (only deleting the whole shop brings the sample back). Children find their parents by natural
 * keys (the product slug, the declination's position), never by the order RETURNING gives.
 */
export async function insertCatalogues(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const catalogue = cataloguesBySite[seed.site.id];
    if (!catalogue || (await hasShop(db, seed.site.id))) continue;
    inserted += await insertCatalogue(db, seed.site.id, catalogue);
  }
  return inserted;
}

async function hasShop(db: Db, siteId: number): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.siteId, siteId))
    .limit(1);
  const [icon] = await db
    .select({ id: mealIcons.id })
    .from(mealIcons)
    .where(eq(mealIcons.siteId, siteId))
    .limit(1);
  return product !== undefined || icon !== undefined;
}

async function insertCatalogue(
  db: Db,
  siteId: number,
  catalogue: readonly ProductSeed[],
): Promise<number> {
  let inserted = 0;
  const count = (rows: readonly unknown[]) => {
    inserted += rows.length;
    return rows;
  };

  const icons = count(
    await db
      .insert(mealIcons)
      .values(
        MEAL_ICONS.map((icon, index) => ({
          siteId,
          name: icon.name,
          imageUrl: mealIconUrl(icon.file),
          position: index + 1,
        })),
      )
      .returning({ id: mealIcons.id, name: mealIcons.name }),
  ) as { id: number; name: string }[];
  const iconIds = new Map(icons.map((icon) => [icon.name, icon.id]));

  const needsForm = catalogue.some((product) =>
    product.customizations?.some((customization) => customization.formTitle),
  );
  let labelFormId: number | null = null;
  if (needsForm) {
    // Kept when a shop is written again after being deleted: forms have no natural key.
    const [existing] = await db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.siteId, siteId), eq(forms.title, CUSTOM_LABEL_FORM.title)));
    const [form] = existing
      ? [existing]
      : (count(
          await db
            .insert(forms)
            .values({ siteId, ...CUSTOM_LABEL_FORM })
            .returning({ id: forms.id }),
        ) as { id: number }[]);
    labelFormId = form!.id;
  }

  const productRows = count(
    await db
      .insert(products)
      .values(
        catalogue.map((product, index) => ({
          siteId,
          type: product.type,
          subtype: product.subtype ?? null,
          name: product.name,
          slug: slugify(product.name),
          summary: product.summary,
          description: product.description,
          kind: product.kind ?? null,
          region: product.region ?? null,
          appellation: product.appellation ?? null,
          alcoholTenths: product.alcoholTenths ?? null,
          tags: product.tags,
          imageUrl: productImageUrl(product),
          isDematerialized: product.isDematerialized ?? false,
          hasShippingFees: !(product.isDematerialized ?? false),
          position: index + 1,
          isPublished: product.isPublished ?? true,
        })),
      )
      .onConflictDoNothing({ target: [products.siteId, products.slug] })
      .returning({ id: products.id, slug: products.slug }),
  ) as { id: number; slug: string }[];
  const productIds = new Map(productRows.map((row) => [row.slug, row.id]));
  const written = catalogue.flatMap((product) => {
    const id = productIds.get(slugify(product.name));
    return id === undefined ? [] : [{ product, id }];
  });
  if (written.length === 0) return inserted;

  count(
    await db
      .insert(declinations)
      .values(
        written.flatMap(({ product, id }) => {
          // Every vintage of a wine carries its label (decision 0102): same columns, same names.
          const label = wineLabelOf(product);
          return product.declinations.map((declination, index) => ({
            siteId,
            productId: id,
            year: declination.year,
            capacity: declination.capacity,
            capacityUnit: declination.capacityUnit,
            priceCents: declination.priceCents,
            fixedPriceCents: declination.fixedPriceCents ?? null,
            discountType: declination.discount?.type ?? 'NONE',
            discountAmount: declination.discount?.amount ?? 0,
            stock: declination.stock,
            isStockManaged: declination.isStockManaged ?? true,
            sellByMultipleOf: declination.sellByMultipleOf ?? 1,
            imageUrl: declinationImageUrl(product, declination),
            position: index + 1,
            ...(label ? { ...label.nutrition, ingredients: label.ingredients } : {}),
          }));
        }),
      )
      .returning({ id: declinations.id }),
  );
  const storedDeclinations = await db
    .select({
      id: declinations.id,
      productId: declinations.productId,
      position: declinations.position,
    })
    .from(declinations)
    .where(
      and(
        eq(declinations.siteId, siteId),
        inArray(
          declinations.productId,
          written.map(({ id }) => id),
        ),
      ),
    );
  const declinationIds = new Map(
    storedDeclinations.map((row) => [`${row.productId} ${row.position}`, row.id]),
  );

  const values = await db
    .select({ id: variationValues.id, name: variationValues.name })
    .from(variationValues)
    .where(eq(variationValues.siteId, siteId));
  const valueIds = new Map(values.map((value) => [value.name, value.id]));
  const variationRows = written.flatMap(({ product, id }) =>
    product.declinations.flatMap((declination, index) =>
      declination.variations.map((name) => {
        const variationValueId = valueIds.get(name);
        const declinationId = declinationIds.get(`${id} ${index + 1}`);
        if (variationValueId === undefined || declinationId === undefined) {
          throw new Error(`Catalogue seed: no variation value ${name} on site ${siteId}`);
        }
        return { siteId, declinationId, variationValueId };
      }),
    ),
  );
  if (variationRows.length > 0) {
    count(await db.insert(declinationVariations).values(variationRows).returning());
  }

  const awardRows = written.flatMap(({ product, id }) =>
    (product.awards ?? []).map((award, index) => ({
      siteId,
      productId: id,
      name: award.name,
      distinction: award.distinction,
      year: award.year,
      imageUrl: medalImageUrl(award.medal),
      position: index + 1,
    })),
  );
  if (awardRows.length > 0) {
    count(await db.insert(awards).values(awardRows).returning({ id: awards.id }));
  }

  const featureRows = written.flatMap(({ product, id }) =>
    (product.features ?? []).map((feature, index) => ({
      siteId,
      productId: id,
      type: feature.type,
      value: feature.value,
      percent: feature.percent ?? null,
      position: index + 1,
    })),
  );
  if (featureRows.length > 0) {
    count(
      await db.insert(productFeatures).values(featureRows).returning({ id: productFeatures.id }),
    );
  }

  const pairingRows = written.flatMap(({ product, id }) =>
    (product.mealIcons ?? []).map((name) => ({
      siteId,
      productId: id,
      mealIconId: iconIds.get(name)!,
    })),
  );
  if (pairingRows.length > 0) {
    count(await db.insert(productMealIcons).values(pairingRows).returning());
  }

  const discountRows = written.flatMap(({ product, id }) =>
    (product.decreasingDiscounts ?? []).map((tier) => ({
      siteId,
      productId: id,
      minQuantity: tier.minQuantity,
      discountType: tier.type,
      discountAmount: tier.amount,
    })),
  );
  if (discountRows.length > 0) {
    count(
      await db
        .insert(decreasingDiscounts)
        .values(discountRows)
        .returning({ id: decreasingDiscounts.id }),
    );
  }

  const recommendationRows = written.flatMap(({ product, id }) =>
    (product.recommended ?? []).map((name, index) => {
      const recommendedProductId = productIds.get(slugify(name));
      if (recommendedProductId === undefined) {
        throw new Error(`Catalogue seed: ${product.name} recommends an unknown product ${name}`);
      }
      return { siteId, productId: id, recommendedProductId, position: index + 1 };
    }),
  );
  if (recommendationRows.length > 0) {
    count(await db.insert(productRecommendations).values(recommendationRows).returning());
  }

  const customizationRows = written.flatMap(({ product, id }) =>
    (product.customizations ?? []).map((customization, index) => ({
      siteId,
      productId: id,
      type: customization.type ?? 'SIMPLE',
      inputType: customization.inputType,
      label: customization.label,
      description: customization.description ?? null,
      isRequired: customization.isRequired ?? false,
      maxLength: customization.maxLength ?? null,
      formId: customization.formTitle ? labelFormId : null,
      position: index + 1,
    })),
  );
  if (customizationRows.length > 0) {
    count(
      await db
        .insert(productCustomizations)
        .values(customizationRows)
        .returning({ id: productCustomizations.id }),
    );
    const storedCustomizations = await db
      .select({
        id: productCustomizations.id,
        productId: productCustomizations.productId,
        position: productCustomizations.position,
      })
      .from(productCustomizations)
      .where(eq(productCustomizations.siteId, siteId));
    const customizationIds = new Map(
      storedCustomizations.map((row) => [`${row.productId} ${row.position}`, row.id]),
    );
    const valueRows = written.flatMap(({ product, id }) =>
      (product.customizations ?? []).flatMap((customization, index) =>
        customization.values.map((value, valueIndex) => ({
          siteId,
          customizationId: customizationIds.get(`${id} ${index + 1}`)!,
          label: value.label,
          textNumberOfChar: value.textNumberOfChar ?? null,
          selectKey: value.selectKey ?? null,
          costType: value.costType,
          amount: value.amount,
          position: valueIndex + 1,
        })),
      ),
    );
    count(
      await db
        .insert(productCustomizationValues)
        .values(valueRows)
        .returning({ id: productCustomizationValues.id }),
    );
  }

  return inserted;
}
