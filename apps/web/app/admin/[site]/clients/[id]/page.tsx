import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminCustomer } from '@comptoir/contract/admin-customers';
import { ApiError } from '@comptoir/contract/client';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import { AnonymiseCustomer } from '../../../../../modules/admin/customers/anonymise-customer';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { OrderTable } from '../../../../../modules/admin/orders/order-table';
import styles from '../../../../../modules/admin/orders/orders.module.css';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Client' };

/** One customer: their details, their orders, their data (export, erasure). */
export default async function CustomerPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const customerId = parseSiteId(id);
  if (siteId === null || customerId === null) notFound();
  const api = await adminScreenApi(siteId);
  const customer = await api
    .call(getAdminCustomer, { params: { id: customerId } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });

  return (
    <>
      <p>
        <IntentLink href="/admin/clients">← Tous les clients</IntentLink>
      </p>
      <h1>
        {customer.firstname} {customer.lastname}
      </h1>
      <div className={styles.sections}>
        <section aria-labelledby="coordonnees" className={styles.card}>
          <h2 id="coordonnees">Coordonnées</h2>
          <dl className={styles.details}>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
            <dt>Téléphone</dt>
            <dd>{customer.phone ?? '—'}</dd>
            <dt>Naissance</dt>
            <dd>
              {customer.birthdate
                ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
                    new Date(`${customer.birthdate}T00:00:00Z`),
                  )
                : '—'}
            </dd>
            <dt>Inscrit le</dt>
            <dd>
              <time dateTime={customer.createdAt}>{auditWhen(customer.createdAt)}</time>
            </dd>
            <dt>Lettre d’information</dt>
            <dd>{customer.newsletter ? 'abonné' : 'non abonné'}</dd>
          </dl>
        </section>
        <section aria-labelledby="donnees" className={styles.card}>
          <h2 id="donnees">Données personnelles (RGPD)</h2>
          <p>
            <a href={`/admin/clients/${customer.id}/export`} download>
              Exporter toutes ses données (JSON)
            </a>
          </p>
          <p>
            À sa demande, vous pouvez effacer ce client. Impossible tant qu’une de ses commandes est
            en cours.
          </p>
          <AnonymiseCustomer siteId={siteId} customerId={customer.id} />
        </section>
        <section aria-labelledby="commandes-client" className={`${styles.card} ${styles.wide}`}>
          <h2 id="commandes-client">Commandes</h2>
          {customer.orders.length === 0 ? (
            <p>Aucune commande.</p>
          ) : (
            <OrderTable
              orders={customer.orders}
              caption={`${customer.orders.length} commande${customer.orders.length > 1 ? 's' : ''}`}
              withCustomer={false}
            />
          )}
        </section>
      </div>
    </>
  );
}
