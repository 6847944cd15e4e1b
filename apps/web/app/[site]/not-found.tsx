import { IntentLink } from '../../ui/intent-link';
import { ErrorPanel } from '../../modules/errors/error-panel';

/** A page that does not exist (docs/requirements/storefront-layout.md), shown inside the site's layout with status 404. */
export default function NotFound() {
  return (
    <ErrorPanel
      code="404"
      title={<span lang="en">This page could not be found</span>}
      actions={
        <IntentLink href="/" className="button">
          Retour à l&apos;accueil
        </IntentLink>
      }
    />
  );
}
