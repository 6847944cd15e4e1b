import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { menuLabel } from '@comptoir/domain/page-tree';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { PageCards } from '../../modules/pages/page-cards';
import { homeCards } from '../../modules/pages/page-cards-from-tree';
import { PageHero } from '../../modules/pages/page-hero';
import { homePage, visibleContactPage } from '../../modules/pages/page-tree';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface HomeProps {
  params: Promise<{ site: string }>;
}

async function loadHome(params: HomeProps['params']) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  return loadSiteShell(siteId);
}

export async function generateMetadata({ params }: HomeProps): Promise<Metadata> {
  const { info, parameters, pages } = await loadHome(params);
  return {
    title: { absolute: parameters.text('COMPANY_NAME') ?? info.name },
    description:
      parameters.text('META_DESCRIPTION_HOME') ?? homePage(pages)?.metaDescription ?? null,
  };
}

export default async function HomePage({ params }: HomeProps) {
  const { info, parameters, pages } = await loadHome(params);
  const hideContactPage = parameters.flag('HIDE_CONTACT_PAGE');
  const contactPage = visibleContactPage(pages, hideContactPage);
  const name = parameters.text('COMPANY_NAME') ?? info.name;

  return (
    <>
      <PageHero
        variant="home"
        title={name}
        intro={parameters.text('COMPANY_DESCRIPTION')}
        actions={
          contactPage && (
            <Link href={contactPage.url} className="button">
              {menuLabel(contactPage)}
            </Link>
          )
        }
      />
      <PageCards heading="À découvrir" cards={homeCards(pages, hideContactPage)} />
    </>
  );
}
