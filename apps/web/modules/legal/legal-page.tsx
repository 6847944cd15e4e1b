import type { Metadata } from 'next';
import { IntentLink } from '../../ui/intent-link';
import { notFound } from 'next/navigation';
import { fillLegalText, hasLegalContent } from '@comptoir/domain/legal-text';
import { getHost } from '../../lib/data/site-host.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { parseSiteId } from '../../lib/site-id';
import { Breadcrumb } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { findPageByRoute, pageTrail, visibleContactPage } from '../pages/page-tree';
import { LEGAL_DOCUMENTS, legalValues, type LegalDocument } from './legal-documents';
import styles from './legal-page.module.css';

interface LegalPageProps {
  params: Promise<{ site: string }>;
  document: LegalDocument;
}

async function loadLegalDocument({ params, document }: LegalPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  const page = findPageByRoute(shell.pages, document);
  const stored = shell.parameters.text(document);
  // Placeholders are filled (values escaped) before the allow-list runs over the whole text.
  const html = hasLegalContent(stored)
    ? sanitizeRichHtml(fillLegalText(stored!, legalValues(shell)))
    : '';
  return { shell, page, title: page?.title ?? LEGAL_DOCUMENTS[document].title, html };
}

export async function legalPageMetadata(props: LegalPageProps): Promise<Metadata> {
  const { page, title, shell } = await loadLegalDocument(props);
  return {
    title,
    description: page?.metaDescription ?? shell.parameters.text('META_DESCRIPTION_HOME'),
  };
}

/** A legal page: the site's text with its company details filled in, or why there is none. */
export async function LegalPage(props: LegalPageProps) {
  const { shell, page, title, html } = await loadLegalDocument(props);
  // LCEN art. 6: the legal notice names the host, whatever the site's own text says.
  const host = props.document === 'LEGAL_NOTICE' ? await getHost(shell.siteId) : null;
  const contactPage = visibleContactPage(shell.pages, shell.parameters.flag('HIDE_CONTACT_PAGE'));
  const email = shell.parameters.text('COMPANY_EMAIL');
  const companyName = shell.parameters.text('COMPANY_NAME') ?? shell.info.name;
  const contact = contactPage ? (
    <IntentLink href={contactPage.url}>contactez-nous</IntentLink>
  ) : email ? (
    <a href={`mailto:${email}`}>écrivez-nous</a>
  ) : null;

  return (
    <>
      <PageHero
        title={title}
        intro={page?.metaDescription ?? null}
        before={page ? <Breadcrumb trail={pageTrail(shell.pages, page)} /> : undefined}
      />
      <div className="container">
        {html ? (
          <article className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <div className={styles.text}>
            {props.document === 'SALE_TERMS' ? (
              <p>
                {companyName} ne vend pas en ligne : ce site n&apos;a donc pas de conditions
                générales de vente.
              </p>
            ) : (
              <p>Ce document n&apos;est pas encore publié.</p>
            )}
            {contact && <p>Pour toute question, {contact}.</p>}
          </div>
        )}
        {host?.name && <HostSection host={host} />}
      </div>
    </>
  );
}

/** The host's identity, as the platform's screen set it (decision 0110). */
function HostSection({
  host,
}: {
  host: { name: string | null; address: string | null; phone: string | null };
}) {
  return (
    <section className={styles.text} aria-labelledby="hebergement">
      <h2 id="hebergement">Hébergement</h2>
      <p>Le site est hébergé par :</p>
      <ul>
        <li>{host.name}</li>
        {host.address && <li>Adresse : {host.address}</li>}
        {host.phone && (
          <li>
            Téléphone : <a href={`tel:${host.phone.replace(/[^+0-9]/g, '')}`}>{host.phone}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
