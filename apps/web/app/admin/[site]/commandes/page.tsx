import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders } from '@comptoir/contract/admin-orders';
import { ORDER_DELIVERY_TYPES } from '@comptoir/domain/delivery';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { ORDER_STATUSES } from '@comptoir/domain/order';
import { parseSiteId } from '../../../../lib/site-id';
import controls from '../../../../modules/admin/admin-controls.module.css';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { OrderTable } from '../../../../modules/admin/orders/order-table';
import {
  DELIVERY_TYPE_TEXTS,
  STATUS_CHOICES,
  slotLabel,
} from '../../../../modules/admin/orders/order-texts';
import styles from '../../../../modules/admin/orders/orders.module.css';
import { IntentLink } from '../../../../ui/intent-link';
import {
  afterParam,
  choiceParam,
  dateParam,
  NUMBERED_PAGES,
  pageParam,
  pagerTargets,
  screenHref,
  type ScreenQuery,
} from '../../../../modules/admin/orders/screen-query';

export const instant = false;

export const metadata: Metadata = { title: 'Commandes' };

interface OrdersPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<ScreenQuery>;
}

/**
 * The orders, newest first, filtered by status, dates, delivery and pick-up day. The filters are
 * a plain form read by the server: they work without script and the address can be bookmarked.
 */
export default async function OrdersPage({ params, searchParams }: OrdersPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const query = await searchParams;
  const filters = {
    status: choiceParam(query, 'etat', ORDER_STATUSES),
    deliveryType: choiceParam(query, 'livraison', ORDER_DELIVERY_TYPES),
    from: dateParam(query, 'du'),
    to: dateParam(query, 'au'),
    slotDate: dateParam(query, 'retrait'),
  };
  const page = pageParam(query);
  // Past the numbered pages, the page follows the last order of the page before (keyset).
  const after = page > NUMBERED_PAGES ? afterParam(query) : undefined;
  const api = await adminScreenApi(siteId);
  const reversed = filters.from && filters.to && filters.from > filters.to;
  const { list, total } = await api.call(listAdminOrders, {
    query: {
      ...filters,
      ...(reversed ? { to: undefined } : {}),
      page,
      nbItem: ADMIN_ORDERS_PAGE_SIZE,
      after,
    },
  });
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const screenParams = {
    etat: filters.status,
    livraison: filters.deliveryType,
    du: filters.from,
    au: filters.to,
    retrait: filters.slotDate,
  };
  const linkTo = (target: { page: number; apres?: number }) =>
    screenHref('/admin/commandes', { ...screenParams, ...target });
  const pager = pagerTargets(page, list.at(-1)?.id);
  const today = todayInFrance();

  return (
    <>
      <h1>Commandes</h1>
      <p className={styles.toolbar}>
        <a
          href={screenHref('/admin/commandes', { livraison: 'CLICK_AND_COLLECT', retrait: today })}
        >
          Les retraits d’aujourd’hui
        </a>
        <a href={screenHref('/admin/commandes', { etat: 'PENDING_PAYMENT' })}>
          En attente de paiement
        </a>
        <a href={screenHref('/admin/commandes', { etat: 'PAID' })}>À préparer</a>
      </p>
      <form
        method="get"
        action="/admin/commandes"
        className={styles.filters}
        aria-label="Filtrer les commandes"
      >
        <div className={controls.field}>
          <label className={controls.label} htmlFor="filtre-etat">
            État
          </label>
          <select
            id="filtre-etat"
            name="etat"
            className={controls.control}
            defaultValue={filters.status ?? ''}
          >
            <option value="">Tous</option>
            {STATUS_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="filtre-livraison">
            Livraison
          </label>
          <select
            id="filtre-livraison"
            name="livraison"
            className={controls.control}
            defaultValue={filters.deliveryType ?? ''}
          >
            <option value="">Toutes</option>
            {ORDER_DELIVERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {DELIVERY_TYPE_TEXTS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="filtre-du">
            Commandée du
          </label>
          <input
            id="filtre-du"
            type="date"
            name="du"
            className={controls.control}
            defaultValue={filters.from ?? ''}
          />
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="filtre-au">
            au
          </label>
          <input
            id="filtre-au"
            type="date"
            name="au"
            className={controls.control}
            defaultValue={filters.to ?? ''}
          />
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="filtre-retrait">
            Jour de retrait
          </label>
          <input
            id="filtre-retrait"
            type="date"
            name="retrait"
            className={controls.control}
            defaultValue={filters.slotDate ?? ''}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={controls.button}>
            Filtrer
          </button>
          <IntentLink href="/admin/commandes">Tout afficher</IntentLink>
        </div>
      </form>
      {reversed && <p role="alert">La date de fin précède la date de début : elle est ignorée.</p>}
      {list.length === 0 ? (
        <p>Aucune commande ne correspond à ces critères.</p>
      ) : (
        <OrderTable
          orders={list}
          caption={
            filters.slotDate
              ? `Retraits du ${slotLabel({ date: filters.slotDate, startMinutes: 0 }).replace(/ à .*/, '')}, par heure de créneau (${total})`
              : `${total} commande${total > 1 ? 's' : ''}, les plus récentes d’abord`
          }
        />
      )}
      {pages > 1 && (
        <nav aria-label="Pages des commandes" className={styles.pager}>
          {page > 1 ? (
            <a href={linkTo(pager.previous)}>
              {pager.previous.label === 'first' ? '← Les plus récentes' : '← Plus récentes'}
            </a>
          ) : (
            <span />
          )}
          <span>
            Page {page} sur {pages}
          </span>
          {page < pages ? <a href={linkTo(pager.next)}>Plus anciennes →</a> : <span />}
        </nav>
      )}
      <section aria-labelledby="export-comptable" className={styles.card} style={{ marginTop: 24 }}>
        <h2 id="export-comptable">Export pour le comptable</h2>
        <p>
          Un fichier CSV (Excel) avec une ligne par commande de la période : montants HT, TVA et TTC
          par taux, moyen de paiement et état.
        </p>
        <form method="get" action="/admin/commandes/export" className={styles.filters}>
          <div className={controls.field}>
            <label className={controls.label} htmlFor="export-du">
              Du
            </label>
            <input id="export-du" type="date" name="du" required className={controls.control} />
          </div>
          <div className={controls.field}>
            <label className={controls.label} htmlFor="export-au">
              Au
            </label>
            <input
              id="export-au"
              type="date"
              name="au"
              required
              className={controls.control}
              defaultValue={today}
            />
          </div>
          <div className={styles.filterActions}>
            <button type="submit" className={controls.button}>
              Télécharger le CSV
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
