import {
  GiftVoucherPage,
  giftVoucherMetadata,
} from '../../../modules/gift-voucher/gift-voucher-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

export const metadata = giftVoucherMetadata;

/** /offrir-un-bon-cadeau: the voucher form (docs/requirements/gift-vouchers.md), or why the site does not sell it online. */
export default function OffrirUnBonCadeauPage({ params }: { params: Promise<{ site: string }> }) {
  return <GiftVoucherPage params={params} />;
}
