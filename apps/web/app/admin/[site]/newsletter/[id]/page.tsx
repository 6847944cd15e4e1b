import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  listAdminNewsletterSubscribers,
  NEWSLETTER_SUBSCRIBERS_PAGE_SIZE,
} from '@comptoir/contract/admin-newsletter';
import { ApiError } from '@comptoir/contract/client';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import pager from '../../../../../modules/admin/audit/audit.module.css';
import controls from '../../../../../modules/admin/admin-controls.module.css';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { subscriberCountText } from '../../../../../modules/admin/site-content/newsletter-format';
import styles from '../../../../../modules/admin/site-content/site-content.module.css';
import { UnsubscribeButton } from '../../../../../modules/admin/site-content/unsubscribe-button';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Inscrits à la newsletter' };

interface SubscribersPageProps {
  params: Promise<{ site: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** One list's subscribers, newest first, searchable by address, with the CSV export. */
export default async function SubscribersPage({ params, searchParams }: SubscribersPageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const listId = parseSiteId(id);
  if (siteId === null || listId === null) notFound();
  const query = await searchParams;
  const search = firstValue(query.recherche).trim().slice(0, 200);
  const requested = Number(firstValue(query.page) || '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const api = await adminScreenApi(siteId);
  const { newsletterList, list, total } = await api
    .call(listAdminNewsletterSubscribers, {
      params: { id: listId },
      query: { page, nbItem: NEWSLETTER_SUBSCRIBERS_PAGE_SIZE, ...(search ? { search } : {}) },
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });
  const pages = Math.max(1, Math.ceil(total / NEWSLETTER_SUBSCRIBERS_PAGE_SIZE));
  const pageHref = (target: number) =>
    `/admin/newsletter/${listId}?${new URLSearchParams({
      ...(search ? { recherche: search } : {}),
      page: String(target),
    })}`;

  return (
    <div className={styles.page}>
      <p>
        <IntentLink href="/admin/newsletter">← Toutes les listes</IntentLink>
      </p>
      <div>
        <h1>{newsletterList.name}</h1>
        {newsletterList.description && <p>{newsletterList.description}</p>}
        <p>{subscriberCountText(newsletterList.subscriberCount)}.</p>
        {newsletterList.subscriberCount > 0 && (
          // A file to save, not a screen: the browser downloads it.
          <a href={`/admin/newsletter/${listId}/export`} download className={styles.downloadLink}>
            Télécharger les inscrits (CSV pour Excel)
          </a>
        )}
      </div>
      <form method="get" role="search" className={styles.searchRow}>
        <div className={controls.field}>
          <label htmlFor="recherche-inscrit" className={controls.label}>
            Rechercher une adresse
          </label>
          <input
            id="recherche-inscrit"
            name="recherche"
            type="search"
            defaultValue={search}
            className={controls.control}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={controls.button}>
          Rechercher
        </button>
      </form>
      {list.length === 0 ? (
        <p>
          {search ? `Aucune adresse ne contient « ${search} ».` : 'Aucun inscrit pour le moment.'}
        </p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>
            Inscrits à « {newsletterList.name} »{search ? `, contenant « ${search} »` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Adresse e-mail</th>
              <th scope="col">Inscription</th>
              <th scope="col">Compte</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((subscriber) => (
              <tr key={subscriber.id}>
                <td>{subscriber.email}</td>
                <td>
                  <time dateTime={subscriber.createdAt}>{auditWhen(subscriber.createdAt)}</time>
                </td>
                <td>{subscriber.hasAccount ? 'Compte client' : 'Sans compte'}</td>
                <td>
                  <UnsubscribeButton
                    siteId={siteId}
                    listId={listId}
                    subscriberId={subscriber.id}
                    email={subscriber.email}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav aria-label="Pages des inscrits" className={pager.pager}>
          {page > 1 ? <IntentLink href={pageHref(page - 1)}>← Plus récents</IntentLink> : <span />}
          <span>
            Page {page} sur {pages}
          </span>
          {page < pages ? (
            <IntentLink href={pageHref(page + 1)}>Plus anciens →</IntentLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
