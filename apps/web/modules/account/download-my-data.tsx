import styles from './account.module.css';

/** The path of the customer's own data file (app/[site]/mon-compte/mes-donnees/route.ts). */
export const MY_DATA_PATH = '/mon-compte/mes-donnees';

/**
 * « Télécharger mes données » (RGPD rights of access and portability, decision 0110): a plain
 * link to a file of the session's own account; no script.
 */
export function DownloadMyData() {
  return (
    <section className={styles.card} aria-labelledby="mes-donnees">
      <h2 id="mes-donnees" className={styles.panelTitle}>
        Mes données
      </h2>
      <p>
        Téléchargez tout ce que nous conservons sur vous : vos informations, vos commandes et leurs
        adresses, vos factures, vos abonnements aux lettres d&apos;information et vos messages, dans
        un fichier JSON que vous pouvez lire ou confier à un autre service.
      </p>
      <a className="button" href={MY_DATA_PATH} download>
        Télécharger mes données
      </a>
    </section>
  );
}
