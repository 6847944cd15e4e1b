import type { Metadata } from 'next';
import { IntentLink } from '../../ui/intent-link';
import { menuLabel } from '@comptoir/domain/page-tree';
import { pageMetadata } from '../../lib/page-metadata';
import { PromotedNews } from '../../modules/news/promoted-news';
import { showsPromotedNews } from '../../modules/news/promoted-news-setting';
import { firstImageUrl } from '../../modules/page-blocks/block-links';
import { PageBlocks } from '../../modules/page-blocks/page-blocks';
import { PageCards } from '../../modules/pages/page-cards';
import { homeCards } from '../../modules/pages/page-cards-from-tree';
import { PageHero } from '../../modules/pages/page-hero';
import { loadHomePage } from '../../modules/pages/load-page';
import { visibleContactPage } from '../../modules/pages/page-tree';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface HomeProps {
  params: Promise<{ site: string }>;
}

export async function generateMetadata({ params }: HomeProps): Promise<Metadata> {
  const { shell, page, blocks } = await loadHomePage((await params).site);
  return pageMetadata(shell, {
    title: shell.parameters.text('COMPANY_NAME') ?? shell.info.name,
    absoluteTitle: true,
    description: page?.metaDescription,
    path: '/',
    imageUrl: firstImageUrl(blocks),
  });
}

/**
 * The home page: the site's name and description, the news it puts forward (« À la une »), then
 * the blocks the site composed. A home without blocks (a site just created) shows the menu's
 * pages instead, so it never stands empty.
 */
export default async function HomePage({ params }: HomeProps) {
  const { siteId, shell, blocks } = await loadHomePage((await params).site);
  const { info, parameters, pages } = shell;
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
            <IntentLink href={contactPage.url} className="button">
              {menuLabel(contactPage)}
            </IntentLink>
          )
        }
      />
      <PromotedNews siteId={siteId} shown={showsPromotedNews(parameters.all)} />
      {blocks.length > 0 ? (
        <PageBlocks blocks={blocks} siteId={siteId} />
      ) : (
        <PageCards heading="À découvrir" cards={homeCards(pages, hideContactPage)} />
      )}
    </>
  );
}
