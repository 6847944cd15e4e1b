import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ELabel } from '@comptoir/contract/product';
import { nutritionRows } from '@comptoir/domain/nutrition';
import {
  alcoholLabel,
  alcoholMessages,
  declinationLabel,
  KIND_LABELS,
} from '@comptoir/domain/product-display';
import { getELabelData } from '../../lib/data/catalogue.server';
import { loadSiteShell, type SiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import styles from './e-label.module.css';

/*
 * A vintage's public e-label (EU Regulation 2021/2117, decision 0109): what the bottle's label
 * may leave to a QR code — the nutrition declaration per 100 ml and the ingredients, allergens in
 * bold — and nothing to sell: no price, no cart, no tracking. Shown where the site shows the
 * declaration on its product pages (NUTRITIONAL_TABLE); 404 otherwise.
 */

interface ELabelPageData {
  shell: SiteShell;
  label: ELabel;
}

async function loadELabel(
  siteSegment: string,
  declinationSegment: string,
): Promise<ELabelPageData | null> {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null || !/^[1-9]\d{0,9}$/.test(declinationSegment)) return null;
  const declinationId = Number(declinationSegment);
  if (declinationId > 2_147_483_647) return null;
  const shell = await loadSiteShell(siteId);
  if (!shell.parameters.flag('NUTRITIONAL_TABLE')) return null;
  const label = await getELabelData(siteId, declinationId);
  return label ? { shell, label } : null;
}

function wineTitle(label: ELabel): string {
  return [label.name, label.year?.toString()].filter(Boolean).join(' ');
}

function producerOf(shell: SiteShell): string {
  return shell.parameters.text('COMPANY_NAME') ?? shell.info.name;
}

export async function eLabelMetadata(
  siteSegment: string,
  declinationSegment: string,
): Promise<Metadata> {
  const data = await loadELabel(siteSegment, declinationSegment);
  if (!data) return { title: 'Étiquette introuvable' };
  return {
    title: `Étiquette – ${wineTitle(data.label)} – ${producerOf(data.shell)}`,
    description: `Déclaration nutritionnelle et ingrédients de ${wineTitle(data.label)}.`,
  };
}

export async function ELabelRoute({
  siteSegment,
  declinationSegment,
}: {
  siteSegment: string;
  declinationSegment: string;
}) {
  const data = await loadELabel(siteSegment, declinationSegment);
  if (!data) notFound();
  const { shell, label } = data;
  const details = [
    label.kind ? KIND_LABELS[label.kind] : null,
    label.appellation,
    declinationLabel({ ...label, year: null }) || null,
    label.alcoholTenths !== null ? alcoholLabel(label.alcoholTenths) : null,
  ].filter((detail): detail is string => detail !== null);
  const prevention = alcoholMessages(shell.parameters.flag('SELLS_ALCOHOL'), shell.parameters.text);
  const hasAllergen = label.ingredients.some((ingredient) => ingredient.allergen);

  return (
    <main className={styles.page} id="contenu">
      <p className={styles.kicker}>Étiquette électronique · {producerOf(shell)}</p>
      <h1 className={styles.title}>{wineTitle(label)}</h1>
      {details.length > 0 ? <p className={styles.details}>{details.join(' · ')}</p> : null}

      {label.nutrition ? (
        <section aria-labelledby="e-label-nutrition" className={styles.section}>
          <h2 id="e-label-nutrition" className={styles.heading}>
            Déclaration nutritionnelle
          </h2>
          <table className={styles.table}>
            <caption>Valeurs moyennes pour 100 ml</caption>
            <thead>
              <tr>
                <th scope="col">Nutriment</th>
                <th scope="col">Pour 100 ml</th>
              </tr>
            </thead>
            <tbody>
              {nutritionRows(label.nutrition).map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={row.sub ? styles.sub : undefined}>
                    {row.label}
                  </th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {label.ingredients.length > 0 ? (
        <section aria-labelledby="e-label-ingredients" className={styles.section}>
          <h2 id="e-label-ingredients" className={styles.heading}>
            Ingrédients
          </h2>
          <p className={styles.ingredients}>
            {label.ingredients.map((item, index) => (
              <span key={index}>
                {index > 0 ? ', ' : null}
                {item.role ? `${item.role} : ` : null}
                {item.allergen ? <strong>{item.name}</strong> : item.name}
              </span>
            ))}
            .
          </p>
          {hasAllergen ? (
            <p className={styles.note}>Les allergènes sont indiqués en gras.</p>
          ) : null}
        </section>
      ) : null}

      {prevention ? (
        <footer className={styles.prevention}>
          <p>{prevention.health}</p>
          {prevention.ethylotest ? <p>{prevention.ethylotest}</p> : null}
        </footer>
      ) : null}
    </main>
  );
}
