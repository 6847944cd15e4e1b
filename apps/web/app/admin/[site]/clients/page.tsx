import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ADMIN_CUSTOMERS_PAGE_SIZE, listAdminCustomers } from '@comptoir/contract/admin-customers';
import { parseSiteId } from '../../../../lib/site-id';
import controls from '../../../../modules/admin/admin-controls.module.css';
import { auditWhen } from '../../../../modules/admin/audit/audit-entry-list';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import styles from '../../../../modules/admin/orders/orders.module.css';
import {
  pageParam,
  screenHref,
  textParam,
  type ScreenQuery,
} from '../../../../modules/admin/orders/screen-query';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Clients' };

interface CustomersPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<ScreenQuery>;
}

/** The customer accounts, newest first, searched by name, e-mail or phone. */
export default async function CustomersPage({ params, searchParams }: CustomersPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const query = await searchParams;
  const search = textParam(query, 'recherche')?.slice(0, 100);
  const page = pageParam(query);
  const api = await adminScreenApi(siteId);
  const { list, total } = await api.call(listAdminCustomers, {
    query: { search, page, nbItem: ADMIN_CUSTOMERS_PAGE_SIZE },
  });
  const pages = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE));
  const linkTo = (target: number) =>
    screenHref('/admin/clients', { recherche: search, page: target });

  return (
    <>
      <h1>Clients</h1>
      <form method="get" action="/admin/clients" role="search" className={styles.filters}>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="recherche-client">
            Nom, e-mail ou téléphone
          </label>
          <input
            id="recherche-client"
            type="search"
            name="recherche"
            maxLength={100}
            className={controls.control}
            defaultValue={search ?? ''}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={controls.button}>
            Rechercher
          </button>
          {search && <IntentLink href="/admin/clients">Tous les clients</IntentLink>}
        </div>
      </form>
      {list.length === 0 ? (
        <p>
          {search ? `Aucun client ne correspond à « ${search} ».` : 'Aucun client pour le moment.'}
        </p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>
            {total} client{total > 1 ? 's' : ''}
            {search ? ` pour « ${search} »` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">E-mail</th>
              <th scope="col">Téléphone</th>
              <th scope="col">Inscrit le</th>
              <th scope="col">Commandes</th>
            </tr>
          </thead>
          <tbody>
            {list.map((customer) => (
              <tr key={customer.id}>
                <th scope="row" data-label="Client">
                  <IntentLink href={`/admin/clients/${customer.id}`}>
                    {customer.firstname} {customer.lastname}
                  </IntentLink>
                </th>
                <td data-label="E-mail">{customer.email}</td>
                <td data-label="Téléphone">{customer.phone ?? '—'}</td>
                <td data-label="Inscrit le">
                  <time dateTime={customer.createdAt}>{auditWhen(customer.createdAt)}</time>
                </td>
                <td data-label="Commandes">{customer.orderCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav aria-label="Pages des clients" className={styles.pager}>
          {page > 1 ? <a href={linkTo(page - 1)}>← Plus récents</a> : <span />}
          <span>
            Page {page} sur {pages}
          </span>
          {page < pages ? <a href={linkTo(page + 1)}>Plus anciens →</a> : <span />}
        </nav>
      )}
    </>
  );
}
