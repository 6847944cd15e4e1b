import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseSiteId } from '../../../../lib/site-id';
import styles from '../../../../modules/admin/forms/form-builder.module.css';

export const metadata: Metadata = { title: 'Consentements aux cookies' };

/**
 * The cookie consent log (decision 0110): every choice visitors made in the site's cookie banner,
 * downloaded as CSV, the proof the site can show the CNIL.
 */
export default async function CookieConsentLogPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  if (parseSiteId((await params).site) === null) notFound();
  return (
    <>
      <h1>Consentements aux cookies</h1>
      <div className={styles.section}>
        <p>
          Chaque choix d’un visiteur dans le bandeau ou le gestionnaire de cookies est enregistré :
          la date, le choix pour chaque service, la version du bandeau et une empreinte de son
          adresse internet. L’adresse elle-même n’est jamais conservée : l’empreinte permet
          seulement de retrouver les choix faits depuis une adresse connue, par exemple à la demande
          de la CNIL.
        </p>
        <p>
          Le fichier s’ouvre dans Excel ou LibreOffice : une ligne par choix, du plus ancien au plus
          récent.
        </p>
        <div className={styles.actions}>
          <a className={styles.primary} href="/admin/cookies/export" download>
            Télécharger le registre (CSV)
          </a>
        </div>
      </div>
    </>
  );
}
