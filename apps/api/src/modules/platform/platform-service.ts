import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  INVITATION_LIFETIME_DAYS,
  SITE_ADMIN_EXISTS_MESSAGE,
  SITE_HOST_TAKEN_MESSAGE,
  SITE_NOT_FOUND_MESSAGE,
  SUPER_ADMIN_ONLY_MESSAGE,
  type PlatformSite,
  type SiteAddresses,
  type SiteTemplate,
} from '@comptoir/contract/admin-platform';
import type { Db } from '../../db/client';
import { siteParameters, sites, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { Mailer } from '../../plugins/mail';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import type { PasswordResetRepository } from '../auth';
import { adminInvitationMail } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { UserRecord } from '../user';
import { hashSessionToken } from '../user';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import {
  insertElementLists,
  insertPages,
  insertVariations,
  parameterRows,
  SITE_TEMPLATE_DEFINITIONS,
  type SiteFrame,
} from './templates';

/** Visitors 401; customers and a site's own administrators 403: the platform is SUPER_ADMIN's. */
export function requireSuperAdmin(user: UserRecord | null): UserRecord {
  if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
  if (user.role !== 'SUPER_ADMIN') throw new HttpError(403, SUPER_ADMIN_ONLY_MESSAGE);
  return user;
}

/** New sites are numbered from here on, clear of the demo sites. */
const FIRST_CREATED_SITE_ID = 100;

/**
 * A new site's frame: its template's kind, parameters, page tree and variations (decision 0063:
 * the template carries no business's identity), under the site's own id, name and addresses.
 */
export function siteFromTemplate(
  template: SiteTemplate,
  id: number,
  addresses: SiteAddresses,
): SiteFrame {
  const model = SITE_TEMPLATE_DEFINITIONS[template];
  return {
    site: {
      id,
      name: addresses.name,
      devUrl: addresses.devUrl,
      prodUrl: addresses.prodUrl,
      ...model.kind,
    },
    parameters: { ...model.parameters, COMPANY_NAME: addresses.name },
    pages: model.pages,
    variations: model.variations,
  };
}

/** The host (with its port) of a stored URL, lower-cased, as the site resolution compares it. */
function hostOf(url: string | null): string | null {
  return url ? new URL(url).host.toLowerCase() : null;
}

export interface PlatformDependencies {
  db: Db;
  siteCache: SiteCache;
  storefront: StorefrontRevalidation;
  mailer: Mailer;
  production: boolean;
  /** The auth module's password resets: an invited administrator chooses a password. */
  resets: PasswordResetRepository;
  readParameters: SiteParameterReader;
}

export function createPlatformService({
  db,
  siteCache,
  storefront,
  mailer,
  production,
  resets,
  readParameters,
}: PlatformDependencies) {
  async function describe(siteIds?: number[]): Promise<PlatformSite[]> {
    const siteRows = await db
      .select()
      .from(sites)
      .where(siteIds ? inArray(sites.id, siteIds) : undefined)
      .orderBy(asc(sites.id));
    const admins = siteRows.length
      ? await db
          .select()
          .from(users)
          .where(
            and(
              inArray(
                users.siteId,
                siteRows.map((site) => site.id),
              ),
              inArray(users.role, ['ADMIN', 'SUPER_ADMIN']),
            ),
          )
          .orderBy(asc(users.id))
      : [];
    return siteRows.map((site) => ({
      id: site.id,
      name: site.name,
      devUrl: site.devUrl,
      prodUrl: site.prodUrl,
      isECommerce: site.isECommerce,
      isWinemaker: site.isWinemaker,
      createdAt: site.createdAt.toISOString(),
      admins: admins
        .filter((user) => user.siteId === site.id)
        .map((user) => ({
          id: user.id,
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          role: user.role as 'ADMIN' | 'SUPER_ADMIN',
          hasPassword: user.passwordHash !== null,
        })),
    }));
  }

  async function describeOne(siteId: number): Promise<PlatformSite> {
    const [site] = await describe([siteId]);
    if (!site) throw new HttpError(404, SITE_NOT_FOUND_MESSAGE);
    return site;
  }

  /** Refuses (409) an address whose host another site already answers to. */
  async function checkHostsFree(tx: Db, addresses: SiteAddresses, exceptSiteId: number | null) {
    const others = await tx
      .select({ id: sites.id, devUrl: sites.devUrl, prodUrl: sites.prodUrl })
      .from(sites);
    const taken = new Set(
      others
        .filter((site) => site.id !== exceptSiteId)
        .flatMap((site) => [hostOf(site.devUrl), hostOf(site.prodUrl)])
        .filter(Boolean),
    );
    for (const key of ['devUrl', 'prodUrl'] as const) {
      const host = hostOf(addresses[key]);
      if (host && taken.has(host)) {
        throw new HttpError(409, SITE_HOST_TAKEN_MESSAGE, [
          { key, error: SITE_HOST_TAKEN_MESSAGE },
        ]);
      }
    }
    if (addresses.devUrl && hostOf(addresses.devUrl) === hostOf(addresses.prodUrl)) {
      const error = 'Les adresses de test et de production doivent être différentes.';
      throw new HttpError(422, INVALID_BODY_MESSAGE, [{ key: 'devUrl', error }]);
    }
  }

  return {
    list: () => describe(),

    async create(template: SiteTemplate, addresses: SiteAddresses, actor: AuditActor) {
      const siteId = await db.transaction(async (tx) => {
        await checkHostsFree(tx, addresses, null);
        const [highest] = await tx.select({ id: max(sites.id) }).from(sites);
        const id = Math.max(FIRST_CREATED_SITE_ID, (highest?.id ?? 0) + 1);
        const frame = siteFromTemplate(template, id, addresses);
        await tx.insert(sites).values(frame.site);
        await tx.insert(siteParameters).values(parameterRows(frame));
        await insertPages(tx, [frame]);
        await insertVariations(tx, [frame]);
        await insertElementLists(tx, id, SITE_TEMPLATE_DEFINITIONS[template].elementLists);
        await recordAudit(tx, {
          siteId: id,
          actor,
          action: 'create',
          entityType: 'site',
          entityId: id,
          summary: `Site « ${addresses.name} » créé depuis le modèle ${template === 'BROCHURE' ? 'vitrine' : 'boutique de vins'}`,
          before: null,
          after: { template, ...frame.site },
        });
        return id;
      });
      return describeOne(siteId);
    },

    async update(siteId: number, addresses: SiteAddresses, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(sites).where(eq(sites.id, siteId));
        if (!before) throw new HttpError(404, SITE_NOT_FOUND_MESSAGE);
        await checkHostsFree(tx, addresses, siteId);
        await tx
          .update(sites)
          .set({ name: addresses.name, devUrl: addresses.devUrl, prodUrl: addresses.prodUrl })
          .where(eq(sites.id, siteId));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'site',
          entityId: siteId,
          summary: `Adresses du site « ${addresses.name} » modifiées`,
          before: { name: before.name, devUrl: before.devUrl, prodUrl: before.prodUrl },
          after: addresses,
        });
      });
      // The site row and its info (name, URLs) are cached by the API and by the storefront.
      siteCache.invalidateSite(siteId);
      storefront.revalidate(siteId, ['info']);
      return describeOne(siteId);
    },

    async invite(
      siteId: number,
      invitee: { email: string; firstname: string; lastname: string },
      actor: AuditActor,
    ) {
      const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
      if (!site) throw new HttpError(404, SITE_NOT_FOUND_MESSAGE);
      const baseUrl = siteBaseUrl(site, production);
      if (!baseUrl) {
        const error = 'Donnez d’abord une adresse au site : le lien d’invitation y mène.';
        throw new HttpError(409, error);
      }
      const token = randomBytes(32).toString('base64url');
      const userId = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${invitee.email}`));
        if (existing) {
          throw new HttpError(409, SITE_ADMIN_EXISTS_MESSAGE, [
            { key: 'email', error: SITE_ADMIN_EXISTS_MESSAGE },
          ]);
        }
        // No password until the invitee chooses one through the link: nobody can log in before.
        const [created] = await tx
          .insert(users)
          .values({ siteId, ...invitee, passwordHash: null, role: 'ADMIN' })
          .returning({ id: users.id });
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'invite',
          entityType: 'site-admin',
          entityId: created!.id,
          summary: `${invitee.firstname} ${invitee.lastname} (${invitee.email}) invité comme administrateur`,
          before: null,
          after: { ...invitee, role: 'ADMIN' },
        });
        return created!.id;
      });
      // The password reset link, with the invitation's lifetime: single use, only its hash kept.
      await resets.create(
        siteId,
        userId,
        hashSessionToken(token),
        INVITATION_LIFETIME_DAYS * 24 * 3600,
      );
      const sender = siteMailSender(site, await readParameters(siteId), baseUrl);
      await mailer.send({
        siteId,
        to: invitee.email,
        ...sender,
        ...adminInvitationMail({
          siteName: site.name,
          firstname: invitee.firstname,
          link: `${baseUrl}/password/reset/${encodeURIComponent(token)}`,
          validDays: INVITATION_LIFETIME_DAYS,
        }),
      });
      return describeOne(siteId);
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
