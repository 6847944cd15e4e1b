import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GIFT_VOUCHERS_NOT_SOLD_MESSAGE } from '@comptoir/contract/gift-voucher';
import { giftVoucherRulesOf } from '@comptoir/domain/gift-voucher';
import { getPageDetail } from '../../lib/data/pages.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { SiteLink } from '../../ui/site-link';
import { CrumbTrail } from '../pages/breadcrumb';
import { TextBlocks } from '../page-blocks/text-blocks';
import { PageHero } from '../pages/page-hero';
import { findPageByRoute } from '../pages/page-tree';
import { GiftVoucherIsland } from './gift-voucher-island';
import styles from './gift-voucher.module.css';

export const GIFT_VOUCHER_PATH = '/offrir-un-bon-cadeau';
const TITLE = 'Offrir un bon cadeau';

export const giftVoucherMetadata: Metadata = {
  title: TITLE,
  description: 'Offrez un bon cadeau du montant de votre choix, envoyé par e-mail le jour choisi.',
};

/** The page of the site's tree whose template is the gift voucher's. */
const GIFT_VOUCHER_ROUTE = 'GIFT_VOUCHER';

/**
 * /offrir-un-bon-cadeau (docs/requirements/gift-vouchers.md): on a site that sells online, the voucher form; elsewhere the
 * page says plainly that vouchers are not sold online and how to reach the company instead.
 * Then the text, image and call-to-action blocks the site composed on its gift voucher page (how
 * to order, amounts, validity: decision 0100). The server output is the same for every visitor; the form runs in the browser.
 */
export async function GiftVoucherPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  const sells = shell.info.isECommerce;
  const treePage = findPageByRoute(shell.pages, GIFT_VOUCHER_ROUTE);
  const blocks = treePage ? ((await getPageDetail(siteId, treePage.id))?.blocks ?? []) : [];
  return (
    <>
      <PageHero
        title={TITLE}
        intro={
          sells
            ? 'Choisissez un montant, écrivez un mot : le bon est envoyé par e-mail le jour que vous choisissez, avec un bon à imprimer.'
            : null
        }
        before={<CrumbTrail trail={[{ label: TITLE, href: GIFT_VOUCHER_PATH }]} />}
      />
      <div className={`container ${styles.area}`}>
        {sells ? (
          <GiftVoucherIsland siteId={siteId} rules={giftVoucherRulesOf(shell.parameters)} />
        ) : (
          <div className={styles.notSold}>
            <p>{GIFT_VOUCHERS_NOT_SOLD_MESSAGE}</p>
            <p>
              <SiteLink href="/nous-contacter">Nous contacter</SiteLink>
            </p>
          </div>
        )}
      </div>
      <TextBlocks blocks={blocks} />
    </>
  );
}
