import {
  ELEMENT_LIST_NOT_FOUND_MESSAGE,
  ELEMENT_NOT_FOUND_MESSAGE,
  type ElementInput,
} from '@comptoir/contract/admin-content';
import {
  ALCOHOL_AGE_RULES_LOCKED_MESSAGE,
  ELEMENT_ORDER_MESSAGE,
  LOGO_NOT_FOUND_MESSAGE,
  LOGO_TYPE_LABELS,
  logoFileUrl,
  type AdminElementList,
  type AdminParameter,
  type FontInput,
  type LogoType,
  type SaveParametersBody,
} from '@comptoir/contract/admin-theme';
import { BIC_MESSAGE, IBAN_MESSAGE } from '@comptoir/contract/admin-payment';
import type { Element } from '@comptoir/contract/element';
import type { Font, Logo } from '@comptoir/contract/site';
import {
  effectiveParameterValue,
  findParameterDefinition,
  parseParameterValue,
  serializeParameterValue,
  siteParameterCatalogue,
} from '@comptoir/domain/site-parameters';
import { ALCOHOL_AGE_PARAMETERS } from '@comptoir/domain/legal-age';
import { HttpError } from '../../http/http-error';
import { checkedBic, checkedIban } from '../../lib/bank-details';
import { cleanFileName } from '../../lib/file-name';
import type { SiteCache } from '../../lib/site-cache';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { isStorageUnavailable, type FileStorage } from '../../plugins/storage';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { toLogo } from './site-service';
import type {
  AdminThemeRepository,
  LogoRecord,
  NewParameterRow,
  ParameterRecord,
} from './site-admin-repository';
import { optimizeLogo } from './site-admin-logo-image';

/**
 * A site that sells alcohol once the batch is saved cannot turn off its age rules: the owner may
 * only be stricter than the law (decision 0109). 422 naming each setting the batch turns off.
 */
function refuseRelaxedAgeRules(
  before: ReadonlyMap<string, ParameterRecord>,
  values: SaveParametersBody,
): void {
  const stored = before.get('SELLS_ALCOHOL');
  const sellsAlcohol =
    'SELLS_ALCOHOL' in values
      ? effectiveParameterValue('SELLS_ALCOHOL', values.SELLS_ALCOHOL ?? null) === true
      : effectiveParameterValue(
          'SELLS_ALCOHOL',
          stored ? parseParameterValue(stored.kind, stored.value) : null,
        ) === true;
  if (!sellsAlcohol) return;
  const relaxed = ALCOHOL_AGE_PARAMETERS.filter((type) => type in values && values[type] !== true);
  if (relaxed.length === 0) return;
  throw new HttpError(
    422,
    ALCOHOL_AGE_RULES_LOCKED_MESSAGE,
    relaxed.map((key) => ({ key, error: ALCOHOL_AGE_RULES_LOCKED_MESSAGE })),
  );
}

/**
 * Bank details saved through the generic parameters batch are checked as on the « Paiement »
 * screen (decision 0107): an IBAN or a BIC that fails its checksum or format is refused, 422.
 */
function refuseMalformedBankDetails(values: SaveParametersBody): void {
  const errors: { key: string; error: string }[] = [];
  const iban = values.PAYMENT_IBAN;
  if (typeof iban === 'string' && iban.trim() !== '' && checkedIban(iban) === null)
    errors.push({ key: 'PAYMENT_IBAN', error: IBAN_MESSAGE });
  const bic = values.PAYMENT_BIC;
  if (typeof bic === 'string' && bic.trim() !== '' && checkedBic(bic) === null)
    errors.push({ key: 'PAYMENT_BIC', error: BIC_MESSAGE });
  if (errors.length > 0) throw new HttpError(422, errors[0]!.error, errors);
}

export interface AdminThemeDependencies {
  siteCache: SiteCache;
  storefront: StorefrontRevalidation;
  storage: FileStorage;
}

/** What the journal keeps of a logo: enough to tell two versions apart. */
function logoSnapshot(logo: LogoRecord | undefined) {
  return logo ? { filename: logo.filename, alt: logo.alt, imageUrl: logo.imageUrl } : null;
}

/** The storage key of an uploaded logo's image; null for a logo that is not an upload. */
function uploadedKey(logo: LogoRecord | undefined): string | null {
  return logo?.imageExternalType === 'upload' ? logo.imageExternalId : null;
}

const FONT_LABELS: Record<Font['type'], string> = {
  TITLE: 'titres',
  CONTENT: 'texte',
  MENU: 'menu',
};

/**
 * The theme screens' logic: parameters read and saved in batch, logos, fonts and the items of
 * the element lists. Every write runs in one transaction with its audit entry, then drops the
 * API's cached copy and asks the storefront to refresh exactly the cache tags it touched.
 */
export function createAdminThemeService(
  repository: AdminThemeRepository,
  { siteCache, storefront, storage }: AdminThemeDependencies,
) {
  function toAdminParameters(records: readonly ParameterRecord[]): AdminParameter[] {
    const stored = new Map(
      records.map((record) => [record.type, parseParameterValue(record.kind, record.value)]),
    );
    const sellsAlcohol =
      effectiveParameterValue('SELLS_ALCOHOL', stored.get('SELLS_ALCOHOL') ?? null) === true;
    return siteParameterCatalogue.map((definition) => {
      const own = stored.get(definition.type) ?? null;
      // Both age rules are on while the site sells alcohol, whatever it stored (decision 0109).
      const locked =
        sellsAlcohol && (ALCOHOL_AGE_PARAMETERS as readonly string[]).includes(definition.type);
      return {
        type: definition.type,
        kind: definition.kind,
        label: definition.label,
        group: definition.group,
        value: locked ? true : effectiveParameterValue(definition.type, own),
        defaultValue: definition.defaultValue,
        isSet: own !== null,
        lockedReason: locked ? ALCOHOL_AGE_RULES_LOCKED_MESSAGE : null,
      };
    });
  }

  function infoChanged(siteId: number): void {
    // The site record holds the fonts, the site info the fonts and the logos.
    siteCache.invalidateSite(siteId, 'site');
    siteCache.invalidateSite(siteId, 'info');
    storefront.revalidate(siteId, ['info']);
  }

  async function requireList(
    tx: Parameters<AdminThemeRepository['findList']>[0],
    siteId: number,
    route: string,
  ) {
    const list = await repository.findList(tx, siteId, route);
    if (!list) throw new HttpError(404, ELEMENT_LIST_NOT_FOUND_MESSAGE);
    return list;
  }

  return {
    async listParameters(siteId: number): Promise<AdminParameter[]> {
      return toAdminParameters(await repository.listParameters(siteId));
    },

    /**
     * Sets every parameter of the batch, each already checked against its kind by the contract,
     * in one transaction; one journal entry per parameter whose value changed.
     */
    async saveParameters(
      siteId: number,
      actor: AuditActor,
      values: SaveParametersBody,
    ): Promise<AdminParameter[]> {
      const { records, changed } = await repository.transaction(async (tx) => {
        const before = new Map(
          (await repository.listParameters(siteId, tx)).map((record) => [record.type, record]),
        );
        refuseRelaxedAgeRules(before, values);
        refuseMalformedBankDetails(values);
        const rows: NewParameterRow[] = [];
        for (const [type, value] of Object.entries(values)) {
          const definition = findParameterDefinition(type)!;
          const serialized = serializeParameterValue(definition.kind, value);
          const previous = before.get(type);
          if (previous && previous.value === serialized && previous.kind === definition.kind) {
            continue;
          }
          if (!previous && serialized === null) continue;
          rows.push({ type, kind: definition.kind, label: definition.label, value: serialized });
          await recordAudit(tx, {
            siteId,
            actor,
            action: 'update',
            entityType: 'parameter',
            entityId: type,
            summary: `Paramètre « ${definition.label} » modifié`,
            before: {
              value: previous ? parseParameterValue(previous.kind, previous.value) : null,
            },
            after: { value },
          });
        }
        await repository.upsertParameters(tx, siteId, rows);
        return { records: await repository.listParameters(siteId, tx), changed: rows.length > 0 };
      });
      if (changed) {
        siteCache.invalidateSite(siteId, 'parameters');
        storefront.revalidate(siteId, ['parameters']);
      }
      return toAdminParameters(records);
    },

    /**
     * Stores the re-encoded image, then the row pointing at it, then deletes the image it
     * replaced: a failure at any step leaves a logo that shows (at worst an orphan file).
     */
    async uploadLogo(
      siteId: number,
      actor: AuditActor,
      type: LogoType,
      upload: { filename: string; content: Buffer; alt: string },
    ): Promise<Logo> {
      const optimized = await optimizeLogo(type, upload.content);
      const key = await storage.save(optimized.content, optimized.extension);
      let saved: { logo: LogoRecord; previousKey: string | null };
      try {
        saved = await repository.transaction(async (tx) => {
          const previous = await repository.findLogo(tx, siteId, type);
          const logo = await repository.upsertLogo(tx, siteId, {
            type,
            filename: cleanFileName(upload.filename, optimized.extension),
            alt: upload.alt,
            imageUrl: logoFileUrl(siteId, key),
            imageExternalId: key,
          });
          await recordAudit(tx, {
            siteId,
            actor,
            action: previous ? 'update' : 'create',
            entityType: 'logo',
            entityId: type,
            summary: `${LOGO_TYPE_LABELS[type]} ${previous ? 'remplacé' : 'ajouté'}`,
            before: logoSnapshot(previous),
            after: logoSnapshot(logo),
          });
          return { logo, previousKey: uploadedKey(previous) };
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      if (saved.previousKey) await storage.delete(saved.previousKey);
      infoChanged(siteId);
      return toLogo(saved.logo);
    },

    async saveLogoAlt(
      siteId: number,
      actor: AuditActor,
      type: LogoType,
      alt: string,
    ): Promise<Logo> {
      const logo = await repository.transaction(async (tx) => {
        const previous = await repository.findLogo(tx, siteId, type);
        if (!previous) throw new HttpError(404, LOGO_NOT_FOUND_MESSAGE);
        const updated = (await repository.updateLogoAlt(tx, siteId, type, alt))!;
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'logo',
          entityId: type,
          summary: `Texte alternatif du ${LOGO_TYPE_LABELS[type].toLowerCase()} modifié`,
          before: logoSnapshot(previous),
          after: logoSnapshot(updated),
        });
        return updated;
      });
      infoChanged(siteId);
      return toLogo(logo);
    },

    async deleteLogo(
      siteId: number,
      actor: AuditActor,
      type: LogoType,
    ): Promise<{ type: LogoType }> {
      const deleted = await repository.transaction(async (tx) => {
        const logo = await repository.deleteLogo(tx, siteId, type);
        if (!logo) throw new HttpError(404, LOGO_NOT_FOUND_MESSAGE);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'logo',
          entityId: type,
          summary: `${LOGO_TYPE_LABELS[type]} supprimé`,
          before: logoSnapshot(logo),
          after: null,
        });
        return logo;
      });
      const key = uploadedKey(deleted);
      if (key) await storage.delete(key);
      infoChanged(siteId);
      return { type };
    },

    /** An uploaded logo's bytes and type, for the public image route. */
    async logoFile(siteId: number, key: string): Promise<{ content: Buffer; mimeType: string }> {
      const logo = await repository.findUploadedLogoByKey(siteId, key);
      if (!logo) throw new HttpError(404, LOGO_NOT_FOUND_MESSAGE);
      try {
        return {
          content: await storage.read(key, { shown: true }),
          mimeType: key.endsWith('.png') ? 'image/png' : 'image/webp',
        };
      } catch (error) {
        if (isStorageUnavailable(error)) throw error;
        throw new HttpError(404, LOGO_NOT_FOUND_MESSAGE, undefined, { cause: error });
      }
    },

    async saveFonts(siteId: number, actor: AuditActor, fonts: FontInput[]): Promise<Font[]> {
      // Stored in a fixed order, whatever order they were sent in.
      const ordered = (['TITLE', 'CONTENT', 'MENU'] as const).map((type) =>
        fonts.find((font) => font.type === type)!,
      );
      await repository.transaction(async (tx) => {
        const previous = (await repository.findFonts(tx, siteId)) ?? [];
        await repository.saveFonts(tx, siteId, ordered);
        const changedTypes = ordered
          .filter(
            (font) =>
              JSON.stringify(previous.find((old) => old.type === font.type) ?? null) !==
              JSON.stringify(font),
          )
          .map((font) => FONT_LABELS[font.type]);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'font',
          entityId: null,
          summary:
            changedTypes.length === 0
              ? 'Polices enregistrées sans changement'
              : `Polices modifiées : ${changedTypes.join(', ')}`,
          before: { fonts: previous },
          after: { fonts: ordered },
        });
      });
      infoChanged(siteId);
      return ordered;
    },

    async listElementLists(siteId: number): Promise<AdminElementList[]> {
      return repository.listElementLists(siteId);
    },

    /** Another list's or another site's element is not found, and nothing changes. */
    async updateElement(
      siteId: number,
      actor: AuditActor,
      route: string,
      id: number,
      input: ElementInput,
    ): Promise<Element> {
      const updated = await repository.transaction(async (tx) => {
        const list = await requireList(tx, siteId, route);
        const previous = await repository.findElement(tx, siteId, list.id, id);
        if (!previous) throw new HttpError(404, ELEMENT_NOT_FOUND_MESSAGE);
        const element = await repository.updateElement(tx, siteId, list.id, id, {
          ...input,
          position: input.position ?? previous.position,
        });
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'element',
          entityId: id,
          summary: `Élément « ${element.title} » de la liste « ${list.name} » modifié`,
          before: previous,
          after: element,
        });
        return element;
      });
      storefront.revalidate(siteId, ['elements']);
      return updated;
    },

    /** The ids must be the list's elements, each once: anything else changes nothing (422). */
    async reorderElements(
      siteId: number,
      actor: AuditActor,
      route: string,
      ids: number[],
    ): Promise<AdminElementList> {
      const reordered = await repository.transaction(async (tx) => {
        const list = await requireList(tx, siteId, route);
        const before = await repository.listItems(tx, siteId, list.id);
        const current = new Set(before.map((item) => item.id));
        if (ids.length !== current.size || ids.some((id) => !current.has(id))) {
          throw new HttpError(422, INVALID_BODY_MESSAGE, [
            { key: 'ids', error: ELEMENT_ORDER_MESSAGE },
          ]);
        }
        await repository.setPositions(tx, siteId, list.id, ids);
        const items = await repository.listItems(tx, siteId, list.id);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'reorder',
          entityType: 'element',
          entityId: null,
          summary: `Ordre de la liste « ${list.name} » modifié`,
          before: { route, ids: before.map((item) => item.id) },
          after: { route, ids },
        });
        return { route: list.route, name: list.name, items };
      });
      storefront.revalidate(siteId, ['elements']);
      return reordered;
    },
  };
}

export type AdminThemeService = ReturnType<typeof createAdminThemeService>;
