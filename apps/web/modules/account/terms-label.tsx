import { IntentLink } from '../../ui/intent-link';
import { TERMS_ACCEPTANCE_LABEL } from '@comptoir/contract/auth';
import { USE_TERMS_PATH } from './account-paths';

const TERMS_PHRASE = "conditions générales d'utilisation";

/**
 * The registration checkbox's label, word for word (docs/requirements/legal-pages.md), its mention of the terms of use
 * being the link to them. The link opens a new tab so that the form being filled in stays; no
 * hidden "(nouvelle fenêtre)" here, as it would become part of the checkbox's accessible name.
 */
export function TermsLabel() {
  const at = TERMS_ACCEPTANCE_LABEL.indexOf(TERMS_PHRASE);
  const link = (
    <IntentLink href={USE_TERMS_PATH} target="_blank">
      {at === -1 ? TERMS_PHRASE : TERMS_ACCEPTANCE_LABEL.slice(at, at + TERMS_PHRASE.length)}
    </IntentLink>
  );
  if (at === -1) {
    return (
      <>
        {TERMS_ACCEPTANCE_LABEL} ({link})
      </>
    );
  }
  return (
    <>
      {TERMS_ACCEPTANCE_LABEL.slice(0, at)}
      {link}
      {TERMS_ACCEPTANCE_LABEL.slice(at + TERMS_PHRASE.length)}
    </>
  );
}
