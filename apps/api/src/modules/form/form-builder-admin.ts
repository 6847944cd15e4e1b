import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FORM_IN_USE_MESSAGE, createForm, deleteForm, getAdminForm, updateForm, type AdminForm, type FormDefinition, type FormPlacement } from '@comptoir/contract/admin-forms';
import { DEFAULT_SUBMIT_LABEL, DEFAULT_SUCCESS_MESSAGE, FORM_NOT_FOUND_MESSAGE, formFieldSchema, type FormField } from '@comptoir/contract/form';
import type { Db } from '../../db/client';
import { formAnswers, forms, pages, productCustomizations } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';

/*
 * The form builder (POST, PUT, DELETE /admin/form…): each write runs in one transaction with its
 * journal entry, then asks the storefront to drop its cached forms (site:<id>:forms), the tag
 * under which every form block of every page reads its form.
 */

type FormRow = typeof forms.$inferSelect;

/** The stored fields that still read as fields (a broken one is left out, as the storefront does). */
export function readableFields(stored: unknown[]): FormField[] {
  return stored.flatMap((raw) => {
    const parsed = formFieldSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The site's pages whose blocks show a form, by form id. */
export async function formPlacements(
  db: Db,
  siteId: number,
): Promise<Map<number, FormPlacement[]>> {
  const rows = await db
    .select({ id: pages.id, title: pages.title, url: pages.url, blocks: pages.blocks })
    .from(pages)
    .where(
      and(
        eq(pages.siteId, siteId),
        sql`${pages.blocks} @> ${JSON.stringify([{ type: 'form' }])}::jsonb`,
      ),
    )
    .orderBy(pages.title, pages.id);
  const byForm = new Map<number, FormPlacement[]>();
  for (const row of rows) {
    const formIds = new Set(
      row.blocks.flatMap((block) => {
        const { type, formId } = (block ?? {}) as { type?: unknown; formId?: unknown };
        return type === 'form' && typeof formId === 'number' ? [formId] : [];
      }),
    );
    for (const formId of formIds) {
      const list = byForm.get(formId) ?? [];
      list.push({ id: row.id, title: row.title, url: row.url });
      byForm.set(formId, list);
    }
  }
  return byForm;
}

/** What the journal keeps of a form: everything the owner edits. */
function auditedForm(row: FormRow) {
  return {
    title: row.title,
    description: row.description,
    submitLabel: row.submitLabel,
    successMessage: row.successMessage,
    notifyEmail: row.notifyEmail,
    fields: row.fields,
  };
}

function columnsOf(definition: FormDefinition) {
  return {
    title: definition.title,
    description: definition.description,
    submitLabel: definition.submitLabel,
    successMessage: definition.successMessage,
    notifyEmail: definition.notifyEmail,
    fields: definition.fields,
  };
}

export function createFormBuilderAdmin(db: Db, storefront: StorefrontRevalidation) {
  async function findRow(tx: Db, siteId: number, formId: number): Promise<FormRow> {
    const [row] = await tx
      .select()
      .from(forms)
      .where(and(eq(forms.siteId, siteId), eq(forms.id, formId)));
    if (!row) throw new HttpError(404, FORM_NOT_FOUND_MESSAGE);
    return row;
  }

  async function toAdminForm(siteId: number, row: FormRow): Promise<AdminForm> {
    const [[counted], placements] = await Promise.all([
      db
        .select({ total: count() })
        .from(formAnswers)
        .where(and(eq(formAnswers.siteId, siteId), eq(formAnswers.formId, row.id))),
      formPlacements(db, siteId),
    ]);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      submitLabel: row.submitLabel ?? DEFAULT_SUBMIT_LABEL,
      successMessage: row.successMessage ?? DEFAULT_SUCCESS_MESSAGE,
      notifyEmail: row.notifyEmail,
      fields: readableFields(row.fields),
      answerCount: counted?.total ?? 0,
      pages: placements.get(row.id) ?? [],
    };
  }

  return {
    async get(siteId: number, formId: number): Promise<AdminForm> {
      return toAdminForm(siteId, await findRow(db, siteId, formId));
    },

    async create(siteId: number, definition: FormDefinition, actor: AuditActor) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(forms)
          .values({ siteId, ...columnsOf(definition) })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'form',
          entityId: created!.id,
          summary: `Formulaire « ${created!.title} » créé`,
          before: null,
          after: auditedForm(created!),
        });
        return created!;
      });
      // A new form is on no page yet: no cached page can show it, nothing to refresh.
      return toAdminForm(siteId, row);
    },

    async update(siteId: number, formId: number, definition: FormDefinition, actor: AuditActor) {
      const row = await db.transaction(async (tx) => {
        const before = await findRow(tx, siteId, formId);
        const [updated] = await tx
          .update(forms)
          .set(columnsOf(definition))
          .where(and(eq(forms.siteId, siteId), eq(forms.id, formId)))
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'form',
          entityId: formId,
          summary: `Formulaire « ${updated!.title} » modifié`,
          before: auditedForm(before),
          after: auditedForm(updated!),
        });
        return updated!;
      });
      storefront.revalidate(siteId, ['forms']);
      return toAdminForm(siteId, row);
    },

    async remove(siteId: number, formId: number, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const before = await findRow(tx, siteId, formId);
        const [placements, [customizations]] = await Promise.all([
          formPlacements(tx, siteId),
          tx
            .select({ total: count() })
            .from(productCustomizations)
            .where(
              and(
                eq(productCustomizations.siteId, siteId),
                eq(productCustomizations.formId, formId),
              ),
            ),
        ]);
        // A page would silently lose its form, a product its questions: the owner removes them first.
        if (placements.has(formId) || (customizations?.total ?? 0) > 0) {
          throw new HttpError(409, FORM_IN_USE_MESSAGE);
        }
        // Its answers go with it (ON DELETE CASCADE); their files stay in storage with their rows.
        await tx.delete(forms).where(and(eq(forms.siteId, siteId), eq(forms.id, formId)));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'form',
          entityId: formId,
          summary: `Formulaire « ${before.title} » supprimé avec ses réponses`,
          before: auditedForm(before),
          after: null,
        });
      });
      storefront.revalidate(siteId, ['forms']);
      return { id: formId };
    },
  };
}

export function registerFormBuilderAdminRoutes(
  app: FastifyInstance,
  builder: FormBuilderAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminForm, ({ request, params }) =>
      builder.get(request.site.id, params.id),
    );
    registerEndpoint(scope, createForm, async ({ request, body }) =>
      builder.create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, updateForm, async ({ request, params, body }) =>
      builder.update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, deleteForm, async ({ request, params }) =>
      builder.remove(request.site.id, params.id, await adminActor(request)),
    );
  });
}

export type FormBuilderAdmin = ReturnType<typeof createFormBuilderAdmin>;
