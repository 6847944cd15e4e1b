import { SEARCH_MAX_LENGTH } from '@comptoir/contract/search';
import { SEARCH_PATH } from './search-paths';
import styles from './site-search.module.css';

interface SiteSearchBoxProps {
  /** The search shown in the field (the results page); empty elsewhere. */
  value?: string;
  /** The field's id: the header's box and the results page's are both on that page. */
  id?: string;
  /** The search landmark's name, told apart from the other box's on the results page. */
  landmark?: string;
}

/**
 * The site search box (docs/requirements/search.md): a plain form that sends the words to the
 * results page. No script: it works before any has loaded, with the keyboard as with a mouse.
 */
export function SiteSearchBox({
  value = '',
  id = 'recherche-site',
  landmark = 'Recherche sur le site',
}: SiteSearchBoxProps) {
  return (
    <form
      role="search"
      aria-label={landmark}
      action={SEARCH_PATH}
      method="get"
      className={styles.box}
    >
      <label htmlFor={id} className="visually-hidden">
        Rechercher sur le site
      </label>
      <input
        id={id}
        className={styles.field}
        type="search"
        name="q"
        defaultValue={value}
        placeholder="Rechercher…"
        required
        maxLength={SEARCH_MAX_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={styles.submit}>
        <svg
          viewBox="0 0 24 24"
          width={20}
          height={20}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.9}
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="M15.5 15.5 20 20" />
        </svg>
        <span className="visually-hidden">Rechercher</span>
      </button>
    </form>
  );
}

/** The strip under the header that holds the box, on every page of a site that turned it on. */
export function SiteSearchBar() {
  return (
    <div className={styles.bar}>
      <div className={`container ${styles.barInner}`}>
        <SiteSearchBox />
      </div>
    </div>
  );
}
