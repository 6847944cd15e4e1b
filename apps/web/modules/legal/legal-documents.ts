import {
  inactiveAccountYears,
  INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER,
  LEGAL_PLACEHOLDER_KEYS,
  yearsInWords,
  type LegalPlaceholderValues,
} from '@comptoir/domain/legal-text';
import type { SiteShell } from '../../lib/data/site-shell.server';

/**
 * The legal pages (docs/requirements/legal-pages.md): each shows the TEXT parameter of the same name. The title comes from
 * the site's page tree when the site has the page, otherwise from here.
 */
export const LEGAL_DOCUMENTS = {
  USE_TERMS: { title: "Conditions générales d'utilisation" },
  PRIVACY_POLICY: { title: 'Politique de confidentialité' },
  COOKIE_POLICY: { title: 'Politique de cookies' },
  LEGAL_NOTICE: { title: 'Mentions légales' },
  SALE_TERMS: { title: 'Conditions générales de vente' },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The company details the texts' placeholders name, as the site set them. */
export function legalValues({
  parameters,
  info,
}: Pick<SiteShell, 'parameters' | 'info'>): LegalPlaceholderValues {
  const values: LegalPlaceholderValues = Object.fromEntries(
    LEGAL_PLACEHOLDER_KEYS.map((key) => [key, parameters.text(key)]),
  );
  values.COMPANY_NAME ??= info.name;
  values[INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER] = yearsInWords(
    inactiveAccountYears(parameters.number('INACTIVE_ACCOUNT_YEARS')),
  );
  return values;
}
