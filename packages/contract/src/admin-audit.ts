import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { listPageSchema, pagingQuerySchema } from './list-query';

/*
 * The back office's journal: every administrator write leaves one entry (who, when, what, the
 * entity before and after). The API writes them with recordAudit (apps/api/src/modules/audit).
 */

/** An entity type as the journal names it: lower-case words joined by hyphens (page, order…). */
export const auditEntityTypeSchema = z
  .string()
  .regex(/^[a-z][a-z-]{0,39}$/, { error: "Type d'élément inconnu." });

/**
 * What the owner reads for each entity type in the journal's filter. A module that audits a new
 * type adds its line here.
 */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  page: 'Pages',
  'page-layout': 'Mises en page',
  parameter: 'Paramètres',
  logo: 'Logos',
  font: 'Polices',
  element: "Listes d'éléments",
  order: 'Commandes',
  customer: 'Clients',
  'contact-message': 'Messages',
  'blog-folder': 'Dossiers du blog',
  'blog-article': 'Articles du blog',
  news: 'Actualités',
  album: 'Albums',
  'album-media': "Photos et vidéos d'albums",
  service: 'Prestations',
  'newsletter-list': 'Newsletter',
  popup: 'Fenêtres',
  form: 'Formulaires',
  site: 'Site',
  'platform-host': 'Hébergeur',
  'site-admin': 'Administrateurs',
  product: 'Produits',
  declination: 'Stocks et prix',
  'catalogue-image': 'Images du catalogue',
  carrier: 'Transporteurs',
  'pickup-calendar': 'Retrait en boutique',
  'discount-code': 'Codes de réduction',
  'gift-voucher': 'Bons cadeaux',
  'payment-settings': 'Paiement',
  mail: 'E-mails',
  'booking-resource': 'Ressources des réservations',
  'bookable-service': 'Prestations à réserver',
  booking: 'Réservations',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string(),
  /** What was done: create, update, delete, or a verb of the entity (refund, reply…). */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** One French sentence for the journal, e.g. « Paramètre COMPANY_NAME modifié ». */
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 20;

export const auditListQuerySchema = pagingQuerySchema.extend({
  entityType: auditEntityTypeSchema.optional(),
});

export const listAuditEntries = defineEndpoint({
  method: 'GET',
  path: '/admin/audit',
  summary:
    "The site's journal of administrator writes, newest first, paged (nbItem, 20 by default) and filterable by entity type (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  query: auditListQuerySchema,
  response: listPageSchema(auditEntrySchema),
});
