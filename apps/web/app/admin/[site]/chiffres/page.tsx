import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getOrderStats } from '@comptoir/contract/admin-orders';
import { ApiError } from '@comptoir/contract/client';
import { formatPrice } from '@comptoir/domain/money';
import { parseSiteId } from '../../../../lib/site-id';
import controls from '../../../../modules/admin/admin-controls.module.css';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { RevenueChart } from '../../../../modules/admin/numbers/revenue-chart';
import { dayText } from '../../../../modules/admin/orders/order-texts';
import styles from '../../../../modules/admin/orders/orders.module.css';
import { dateParam, type ScreenQuery } from '../../../../modules/admin/orders/screen-query';

export const instant = false;

export const metadata: Metadata = { title: 'Chiffres' };

interface NumbersPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<ScreenQuery>;
}

/** The shop's figures over a period (the last 30 days by default): paid orders only. */
export default async function NumbersPage({ params, searchParams }: NumbersPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const query = await searchParams;
  const api = await adminScreenApi(siteId);
  const asked = { from: dateParam(query, 'du'), to: dateParam(query, 'au') };
  // A period the API refuses (reversed, over a year) falls back to the last 30 days, said so.
  const { stats, refused } = await api
    .call(getOrderStats, { query: asked })
    .then((figures) => ({ stats: figures, refused: false }))
    .catch(async (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      return { stats: await api.call(getOrderStats, { query: {} }), refused: true };
    });
  const best = stats.bestSellers;
  const busiest = stats.days.reduce(
    (top, day) => (day.revenueCents > top.revenueCents ? day : top),
    stats.days[0]!,
  );
  const chartLabel =
    stats.orderCount === 0
      ? 'Aucune vente sur la période.'
      : `Chiffre d’affaires par jour du ${dayText(stats.from)} au ${dayText(stats.to)} : ${formatPrice(stats.revenueCents)} en tout, le plus fort le ${dayText(busiest.date)} avec ${formatPrice(busiest.revenueCents)}. Le détail est dans le tableau qui suit.`;

  return (
    <>
      <h1>Chiffres</h1>
      <form
        method="get"
        action="/admin/chiffres"
        className={styles.filters}
        aria-label="Choisir la période"
      >
        <div className={controls.field}>
          <label className={controls.label} htmlFor="periode-du">
            Du
          </label>
          <input
            id="periode-du"
            type="date"
            name="du"
            className={controls.control}
            defaultValue={stats.from}
          />
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="periode-au">
            Au
          </label>
          <input
            id="periode-au"
            type="date"
            name="au"
            className={controls.control}
            defaultValue={stats.to}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={controls.button}>
            Afficher
          </button>
        </div>
      </form>
      {refused && (
        <p role="alert">
          Cette période n’est pas valable (la fin après le début, un an au plus) : voici les 30
          derniers jours.
        </p>
      )}
      <p>Commandes payées, hors commandes annulées ou remboursées ; montants TTC.</p>
      <dl className={styles.figures}>
        <div>
          <dt>Chiffre d’affaires</dt>
          <dd>{formatPrice(stats.revenueCents)}</dd>
        </div>
        <div>
          <dt>Commandes</dt>
          <dd>{stats.orderCount}</dd>
        </div>
        <div>
          <dt>Panier moyen</dt>
          <dd>{formatPrice(stats.averageBasketCents)}</dd>
        </div>
      </dl>
      <div className={styles.sections}>
        <section aria-labelledby="par-jour" className={`${styles.card} ${styles.wide}`}>
          <h2 id="par-jour">Chiffre d’affaires par jour</h2>
          <RevenueChart days={stats.days} label={chartLabel} />
          <details>
            <summary>Les chiffres jour par jour (tableau)</summary>
            <div
              className={styles.tableScroll}
              tabIndex={0}
              role="region"
              aria-label="Chiffres jour par jour"
            >
              <table className={styles.lines}>
                <caption className={styles.caption}>Ventes par jour</caption>
                <thead>
                  <tr>
                    <th scope="col">Jour</th>
                    <th scope="col">Commandes</th>
                    <th scope="col">Chiffre d’affaires</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{dayText(day.date)}</th>
                      <td>{day.orderCount}</td>
                      <td>{formatPrice(day.revenueCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
        <section aria-labelledby="meilleures-ventes" className={`${styles.card} ${styles.wide}`}>
          <h2 id="meilleures-ventes">Meilleures ventes</h2>
          {best.length === 0 ? (
            <p>Aucune vente sur la période.</p>
          ) : (
            <table className={styles.lines}>
              <caption className={styles.caption}>
                Les produits les plus vendus, en quantité
              </caption>
              <thead>
                <tr>
                  <th scope="col">Produit</th>
                  <th scope="col">Quantité</th>
                  <th scope="col">Chiffre d’affaires</th>
                </tr>
              </thead>
              <tbody>
                {best.map((product) => (
                  <tr key={product.productId}>
                    <th scope="row">{product.name}</th>
                    <td>{product.quantity}</td>
                    <td>{formatPrice(product.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
