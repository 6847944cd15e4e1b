import type { FastifyBaseLogger } from 'fastify';
import { PAGE_CYCLE_MESSAGE, PAGE_HAS_CHILDREN_MESSAGE, PAGE_HOME_DELETE_MESSAGE, PAGE_PARENT_NOT_FOUND_MESSAGE, PAGE_REDIRECT_TARGET_MESSAGE, PAGE_URL_TAKEN_MESSAGE, type AdminPage, type AdminPageDetail, type PageCreate, type PageFields, type PageMove, type PageRedirect } from '@comptoir/contract/admin-pages';
import { PAGE_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin';
import { parsePageBlocks } from '@comptoir/contract/page-blocks';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import type { AdminPagesRepository, PageFieldsRow, PageQueries, PageRow } from './page-admin-repository';

export function toAdminPage(row: PageRow): AdminPage {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    menuTitle: row.menuTitle,
    metaDescription: row.metaDescription,
    order: row.order,
    idParent: row.idParent,
    showInMenu: row.showInMenu,
    isFixedOnRight: row.isFixedOnRight,
    link: row.linkType ? { type: row.linkType, url: row.linkUrl, jsCode: row.linkJsCode } : null,
    cms: { isCmsPage: row.isCmsPage, route: row.cmsRoute },
    isEcommercePage: row.isEcommercePage,
    isCustomHeader: row.isCustomHeader,
    isCustomFooter: row.isCustomFooter,
    idPopup: row.idPopup,
    blockCount: row.blockCount,
  };
}

function fieldsRow(fields: PageFields): PageFieldsRow {
  return {
    url: fields.url,
    title: fields.title,
    menuTitle: fields.menuTitle,
    metaDescription: fields.metaDescription,
    showInMenu: fields.showInMenu,
    isFixedOnRight: fields.isFixedOnRight,
    linkType: fields.link?.type ?? null,
    // A link keeps only what its type uses: a JavaScript link has no URL, the others no code.
    linkUrl: fields.link && fields.link.type !== 'JAVASCRIPT' ? fields.link.url : null,
    linkJsCode: fields.link?.type === 'JAVASCRIPT' ? fields.link.jsCode : null,
    isCustomHeader: fields.isCustomHeader,
    isCustomFooter: fields.isCustomFooter,
  };
}

function invalid(key: string, error: string, status = 422): HttpError {
  return new HttpError(status, status === 422 ? INVALID_BODY_MESSAGE : error, [{ key, error }]);
}

/** Siblings of a parent in menu order (the list comes sorted by order, then id). */
function childrenOf(rows: readonly PageRow[], idParent: number | null): PageRow[] {
  return rows.filter((row) => row.idParent === idParent);
}

/** Whether `candidate` is `page` itself or one of its descendants. */
function isSelfOrDescendant(rows: readonly PageRow[], page: number, candidate: number): boolean {
  const parentOf = new Map(rows.map((row) => [row.id, row.idParent]));
  const seen = new Set<number>();
  for (let current: number | null | undefined = candidate; current != null;) {
    if (current === page) return true;
    if (seen.has(current)) return false;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}

/** The first of `url-copie`, `url-copie-2`, `url-copie-3`… that no page uses. */
function freeCopyUrl(url: string, taken: ReadonlySet<string>): string {
  const base = url === '/' ? '/accueil-copie' : `${url}-copie`;
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) {
    const candidate = `${base}-${index}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface AdminPagesDependencies {
  siteCache: SiteCache;
  storefront: StorefrontRevalidation;
}

/**
 * The back office's page tree. Each write runs in one transaction with its journal entry, then
 * drops the API's cached tree (pages and redirects are cached under 'page-tree') and asks the
 * storefront to refresh the pages tag, which is what tags the tree, the menu, every page and the
 * redirects (apps/web/lib/data/pages.server.ts).
 */
export function createAdminPagesService(
  repository: AdminPagesRepository,
  { siteCache, storefront }: AdminPagesDependencies,
) {
  function refresh(siteId: number): void {
    siteCache.invalidateSite(siteId, 'page-tree');
    storefront.revalidate(siteId, ['pages']);
  }

  async function pageOf(repo: PageQueries, siteId: number, id: number) {
    const row = await repo.findPage(siteId, id);
    if (!row) throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
    return row;
  }

  async function assertUrlFree(
    repo: PageQueries,
    siteId: number,
    url: string,
    exceptId: number | null,
  ): Promise<void> {
    const owner = await repo.pageAtUrl(siteId, url);
    if (owner !== undefined && owner !== exceptId)
      throw invalid('url', PAGE_URL_TAKEN_MESSAGE, 409);
  }

  function audit(
    tx: Db,
    siteId: number,
    actor: AuditActor,
    entry: {
      action: string;
      entityId: number;
      summary: string;
      before: unknown;
      after: unknown;
    },
  ) {
    return recordAudit(tx, { siteId, actor, entityType: 'page', ...entry });
  }

  return {
    async list(siteId: number): Promise<{ pages: AdminPage[]; redirects: PageRedirect[] }> {
      const [rows, redirects] = await Promise.all([
        repository.listPages(siteId),
        repository.listRedirects(siteId),
      ]);
      return { pages: rows.map(toAdminPage), redirects };
    },

    /** Stored blocks that no longer match their schema are left out (and logged). */
    async get(siteId: number, id: number, log: FastifyBaseLogger): Promise<AdminPageDetail> {
      const row = await pageOf(repository, siteId, id);
      const { blocks, skipped } = parsePageBlocks(Array.isArray(row.blocks) ? row.blocks : []);
      if (skipped.length > 0) {
        log.warn(
          { siteId, pageId: id, skipped: skipped.length },
          `Page ${id}: invalid blocks left out of the editor`,
        );
      }
      return { ...toAdminPage(row), blocks };
    },

    /** The storefront's redirects (the route caches them with the tree, which each write drops). */
    redirects(siteId: number): Promise<PageRedirect[]> {
      return repository.listRedirects(siteId);
    },

    async create(siteId: number, input: PageCreate, actor: AuditActor): Promise<AdminPage> {
      const created = await repository.transaction(async (repo, tx) => {
        await assertUrlFree(repo, siteId, input.url, null);
        const rows = await repo.listPages(siteId);
        if (input.idParent !== null && !rows.some((row) => row.id === input.idParent)) {
          throw invalid('idParent', PAGE_PARENT_NOT_FOUND_MESSAGE);
        }
        const siblings = childrenOf(rows, input.idParent);
        const order = siblings.length === 0 ? 0 : Math.max(...siblings.map((row) => row.order)) + 1;
        const id = await repo.insertPage(siteId, {
          ...fieldsRow(input),
          idParent: input.idParent,
          order,
          isCmsPage: true,
          cmsRoute: null,
          blocks: [],
        });
        await repo.dropRedirectsFrom(siteId, [input.url]);
        const page = toAdminPage(await pageOf(repo, siteId, id));
        await audit(tx, siteId, actor, {
          action: 'create',
          entityId: id,
          summary: `Page « ${page.title} » créée (${page.url})`,
          before: null,
          after: page,
        });
        return page;
      });
      refresh(siteId);
      return created;
    },

    /** A changed URL leaves a permanent redirect from the former one to the page. */
    async update(
      siteId: number,
      id: number,
      fields: PageFields,
      actor: AuditActor,
    ): Promise<AdminPage> {
      const updated = await repository.transaction(async (repo, tx) => {
        const before = toAdminPage(await pageOf(repo, siteId, id));
        await assertUrlFree(repo, siteId, fields.url, id);
        await repo.updateFields(siteId, id, fieldsRow(fields));
        if (before.url !== fields.url) {
          await repo.dropRedirectsFrom(siteId, [fields.url]);
          await repo.upsertRedirect(siteId, before.url, id);
        }
        const after = toAdminPage(await pageOf(repo, siteId, id));
        await audit(tx, siteId, actor, {
          action: 'update',
          entityId: id,
          summary:
            before.url === after.url
              ? `Page « ${after.title} » modifiée`
              : `Page « ${after.title} » modifiée, déplacée de ${before.url} à ${after.url}`,
          before,
          after,
        });
        return after;
      });
      refresh(siteId);
      return updated;
    },

    /** Parent and position change together; the new siblings are renumbered 0, 1, 2… */
    async move(
      siteId: number,
      id: number,
      move: PageMove,
      actor: AuditActor,
    ): Promise<{ pages: AdminPage[] }> {
      const pages = await repository.transaction(async (repo, tx) => {
        const rows = await repo.listPages(siteId);
        const page = rows.find((row) => row.id === id);
        if (!page) throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
        if (move.idParent !== null) {
          if (!rows.some((row) => row.id === move.idParent)) {
            throw invalid('idParent', PAGE_PARENT_NOT_FOUND_MESSAGE);
          }
          if (isSelfOrDescendant(rows, id, move.idParent))
            throw invalid('idParent', PAGE_CYCLE_MESSAGE);
        }
        const siblings = childrenOf(rows, move.idParent).filter((row) => row.id !== id);
        const position = Math.min(move.position, siblings.length);
        const ordered = [...siblings.slice(0, position), page, ...siblings.slice(position)];
        if (page.idParent !== move.idParent) await repo.setParent(siteId, id, move.idParent);
        await repo.renumber(
          siteId,
          ordered.map((row) => row.id),
        );
        const parentTitle = rows.find((row) => row.id === move.idParent)?.title;
        await audit(tx, siteId, actor, {
          action: 'move',
          entityId: id,
          summary: `Page « ${page.title} » placée en position ${position + 1} ${
            parentTitle ? `sous « ${parentTitle} »` : 'du premier niveau'
          }`,
          before: { idParent: page.idParent, order: page.order },
          after: { idParent: move.idParent, order: position },
        });
        return (await repo.listPages(siteId)).map(toAdminPage);
      });
      refresh(siteId);
      return { pages };
    },

    /** The copy sits right after the original, out of the menu until the owner shows it. */
    async duplicate(siteId: number, id: number, actor: AuditActor): Promise<AdminPage> {
      const copy = await repository.transaction(async (repo, tx) => {
        const original = await pageOf(repo, siteId, id);
        const rows = await repo.listPages(siteId);
        const url = freeCopyUrl(original.url, new Set(rows.map((row) => row.url)));
        const newId = await repo.insertPage(siteId, {
          url,
          title: `${original.title} (copie)`.slice(0, 200),
          menuTitle: original.menuTitle,
          metaDescription: original.metaDescription,
          order: original.order,
          idParent: original.idParent,
          showInMenu: false,
          isFixedOnRight: original.isFixedOnRight,
          linkType: original.linkType,
          linkUrl: original.linkUrl,
          linkJsCode: original.linkJsCode,
          isCmsPage: original.isCmsPage,
          // A copy of a built-in template (contact, blog…) is a plain page of blocks.
          cmsRoute: null,
          isEcommercePage: original.isEcommercePage,
          isCustomHeader: original.isCustomHeader,
          isCustomFooter: original.isCustomFooter,
          idPopup: original.idPopup,
          blocks: original.blocks,
        });
        await repo.dropRedirectsFrom(siteId, [url]);
        const siblings = childrenOf(rows, original.idParent).map((row) => row.id);
        const at = siblings.indexOf(id) + 1;
        await repo.renumber(siteId, [...siblings.slice(0, at), newId, ...siblings.slice(at)]);
        const page = toAdminPage(await pageOf(repo, siteId, newId));
        await audit(tx, siteId, actor, {
          action: 'duplicate',
          entityId: newId,
          summary: `Page « ${original.title} » dupliquée en ${page.url}`,
          before: null,
          after: { ...page, copiedFrom: id },
        });
        return page;
      });
      refresh(siteId);
      return copy;
    },

    /**
     * A page with sub-pages is refused (they would lose their place), and so is the home page.
     * Its URL, and every address that led to it, then redirect permanently to the chosen page.
     */
    async remove(
      siteId: number,
      id: number,
      idRedirectPage: number,
      actor: AuditActor,
    ): Promise<{ id: number; redirect: PageRedirect }> {
      const result = await repository.transaction(async (repo, tx) => {
        const rows = await repo.listPages(siteId);
        const page = rows.find((row) => row.id === id);
        if (!page) throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
        const target = rows.find((row) => row.id === idRedirectPage);
        if (!target || target.id === id)
          throw invalid('idRedirectPage', PAGE_REDIRECT_TARGET_MESSAGE);
        if (page.url === '/') throw new HttpError(409, PAGE_HOME_DELETE_MESSAGE);
        if (childrenOf(rows, id).length > 0) throw new HttpError(409, PAGE_HAS_CHILDREN_MESSAGE);
        const before = await pageOf(repo, siteId, id);
        await repo.retargetRedirects(siteId, id, target.id);
        await repo.upsertRedirect(siteId, page.url, target.id);
        await repo.deletePage(siteId, id);
        await audit(tx, siteId, actor, {
          action: 'delete',
          entityId: id,
          summary: `Page « ${page.title} » supprimée ; ${page.url} redirige vers ${target.url}`,
          before: { ...toAdminPage(before), blocks: before.blocks },
          after: { redirect: { fromUrl: page.url, toUrl: target.url } },
        });
        return { id, redirect: { fromUrl: page.url, idPage: target.id, toUrl: target.url } };
      });
      refresh(siteId);
      return result;
    },
  };
}

export type AdminPagesService = ReturnType<typeof createAdminPagesService>;
