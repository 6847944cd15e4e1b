import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadSiteShell } from '../../../lib/data/site-shell.server';
import { searchTheSite } from '../../../lib/data/search.server';
import { parseSiteId } from '../../../lib/site-id';
import { PageHero } from '../../../modules/pages/page-hero';
import { SearchResults } from '../../../modules/search/search-results';
import { SiteSearchBox } from '../../../modules/search/site-search-box';
import styles from '../../../modules/search/search-results.module.css';

/** Drawn per request, for the visitor's own words: never cached. */
export const instant = false;

export const metadata: Metadata = {
  title: 'Recherche',
  robots: { index: false, follow: true },
};

interface SearchPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The first value of a query parameter. */
function firstOf(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The results of the site search (docs/requirements/search.md), on a site that turned
 * SHOW_SEARCHBAR on; a 404 on any other.
 */
export default async function SearchPage({ params, searchParams }: SearchPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.parameters.flag('SHOW_SEARCHBAR')) notFound();

  const query = await searchParams;
  const q = firstOf(query.q).trim();
  const pageText = firstOf(query.page);
  const page = /^[1-9]\d{0,2}$/.test(pageText) ? Number(pageText) : 1;
  const answer = q === '' ? null : await searchTheSite(siteId, { q, page });

  return (
    <>
      <PageHero title="Recherche" intro={null} />
      <section aria-label="Résultats de la recherche" className={`container ${styles.section}`}>
        <div className={styles.form}>
          <SiteSearchBox value={q} id="recherche-page" landmark="Nouvelle recherche" />
        </div>
        {answer === null ? (
          <p className={styles.message}>
            Tapez un ou plusieurs mots pour chercher dans les pages, les actualités, les articles et
            les produits du site.
          </p>
        ) : (
          <SearchResults siteId={siteId} q={q} page={page} answer={answer} />
        )}
      </section>
    </>
  );
}
