import { SEARCH_MAX_LENGTH } from '@comptoir/contract/search';
import { SEARCH_PATH } from './search-paths';
import type { CSSProperties } from 'react';

interface SiteSearchBoxProps {
  /** The search shown in the field (the results page); empty elsewhere. */
  value?: string;
  /** The field's id: the header's box and the results page's are both on that page. */
  id?: string;
  /** The search landmark's name, told apart from the other box's on the results page. */
  landmark?: string;
}

/*
 * Inline styles rather than a stylesheet: the box is in the site layout, and a layout's stylesheet
 * goes to every page of every site, the ones without the box too (the stylesheet budget of
 * `npm run check:bundle`). These few bytes are in the HTML of the sites that show it only. The
 * focus ring is the global :focus-visible one; the button is the global .button.
 */
const BAR: CSSProperties = {
  borderBottom: '1px solid var(--line)',
  background: 'var(--color-header-background)',
};
const BAR_INNER: CSSProperties = { display: 'flex', justifyContent: 'flex-end', paddingBlock: 8 };
const FORM: CSSProperties = { display: 'flex', gap: 8, width: '100%', maxWidth: 440 };
const FIELD: CSSProperties = {
  flex: '1 1 auto',
  minWidth: 0,
  minHeight: 44,
  padding: '8px 16px',
  border: '1px solid var(--color-font)',
  borderRadius: 999,
  background: 'var(--color-background)',
  color: 'var(--color-font)',
  font: 'inherit',
};
const SUBMIT: CSSProperties = { minHeight: 44, padding: '8px 14px' };

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
    <form role="search" aria-label={landmark} action={SEARCH_PATH} method="get" style={FORM}>
      <label htmlFor={id} className="visually-hidden">
        Rechercher sur le site
      </label>
      <input
        id={id}
        style={FIELD}
        type="search"
        name="q"
        defaultValue={value}
        placeholder="Rechercher…"
        required
        maxLength={SEARCH_MAX_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="button" style={SUBMIT}>
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
    <div style={BAR}>
      <div className="container" style={BAR_INNER}>
        <SiteSearchBox />
      </div>
    </div>
  );
}
