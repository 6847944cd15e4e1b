import { IntentLink } from '../../../ui/intent-link';
import styles from '../../../modules/admin/frame/admin-frame.module.css';

/** A back-office address without a screen, inside the back office's layout, with status 404. */
export default function AdminNotFound() {
  return (
    <div className={styles.forbidden}>
      <p className={styles.forbiddenCode}>Erreur 404</p>
      <h1>Cette page de l&apos;administration n&apos;existe pas</h1>
      <p>
        <IntentLink href="/admin" className={styles.button}>
          Retour au tableau de bord
        </IntentLink>
      </p>
    </div>
  );
}
