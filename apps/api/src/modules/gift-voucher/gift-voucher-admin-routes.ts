import type { FastifyInstance } from 'fastify';
import {
  extendGiftVoucher,
  getAdminGiftVouchers,
  GIFT_VOUCHER_EXPIRY_EARLIER_MESSAGE,
  GIFT_VOUCHER_EXPIRY_PAST_MESSAGE,
  GIFT_VOUCHER_EXPIRY_TOO_FAR_MESSAGE,
  GIFT_VOUCHER_NOT_FOUND_MESSAGE,
  GIFT_VOUCHER_RESEND_DISABLED_MESSAGE,
  resendGiftVoucher,
  setGiftVoucherDisabled,
  type AdminGiftVoucher,
} from '@comptoir/contract/admin-gift-vouchers';
import { giftVoucherExpiry } from '@comptoir/domain/gift-voucher';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { frenchDay, type GiftVoucherService } from './gift-voucher-service';
import { type AdminGiftVoucherRepository } from './gift-voucher-admin-repository';

/** How far ahead the owner may push a voucher's last day. */
const MAX_EXTENSION_MONTHS = 60;

function refuseExpiry(error: string): never {
  throw new HttpError(422, INVALID_BODY_MESSAGE, [{ key: 'expiresOn', error }]);
}

/**
 * Gift vouchers in the back office (decision 0066). Vouchers are read live at checkout, and no
 * public page shows them, so these writes revalidate no storefront tag.
 */
export function registerAdminGiftVoucherRoutes(
  app: FastifyInstance,
  options: { giftVouchers: GiftVoucherService; now: () => Date },
  repository: AdminGiftVoucherRepository,
): void {
  async function found(siteId: number, id: number): Promise<AdminGiftVoucher> {
    const voucher = await repository.findOne(siteId, id);
    if (!voucher) throw new HttpError(404, GIFT_VOUCHER_NOT_FOUND_MESSAGE);
    return voucher;
  }

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminGiftVouchers, async ({ request }) =>
      repository.list(request.site.id),
    );

    registerEndpoint(scope, resendGiftVoucher, async ({ request, params }) => {
      const actor = await adminActor(request);
      const voucher = await repository.findRecord(request.site.id, params.id);
      if (!voucher) throw new HttpError(404, GIFT_VOUCHER_NOT_FOUND_MESSAGE);
      if (voucher.disabledAt !== null)
        throw new HttpError(409, GIFT_VOUCHER_RESEND_DISABLED_MESSAGE);
      await options.giftVouchers.resend(request.site, voucher);
      await repository.recordResend(
        request.site.id,
        voucher,
        voucher.recipientEmail ?? voucher.buyerEmail,
        actor,
      );
      return found(request.site.id, params.id);
    });

    registerEndpoint(scope, extendGiftVoucher, async ({ request, params, body }) => {
      const actor = await adminActor(request);
      const today = todayInFrance(options.now());
      const changed = await repository.change(
        request.site.id,
        params.id,
        actor,
        {
          action: 'extend',
          summary: (code) => `Bon cadeau ${code} prolongé jusqu’au ${frenchDay(body.expiresOn)}`,
        },
        (voucher) => {
          if (body.expiresOn <= voucher.expiresOn) {
            refuseExpiry(GIFT_VOUCHER_EXPIRY_EARLIER_MESSAGE(frenchDay(voucher.expiresOn)));
          }
          if (body.expiresOn < today) refuseExpiry(GIFT_VOUCHER_EXPIRY_PAST_MESSAGE);
          if (body.expiresOn > giftVoucherExpiry(today, MAX_EXTENSION_MONTHS)) {
            refuseExpiry(GIFT_VOUCHER_EXPIRY_TOO_FAR_MESSAGE);
          }
          return { expiresOn: body.expiresOn };
        },
      );
      if (!changed) throw new HttpError(404, GIFT_VOUCHER_NOT_FOUND_MESSAGE);
      return found(request.site.id, params.id);
    });

    registerEndpoint(scope, setGiftVoucherDisabled, async ({ request, params, body }) => {
      const actor = await adminActor(request);
      const changed = await repository.change(
        request.site.id,
        params.id,
        actor,
        {
          action: body.isDisabled ? 'disable' : 'enable',
          summary: (code) => `Bon cadeau ${code} ${body.isDisabled ? 'désactivé' : 'réactivé'}`,
        },
        (voucher) => ({
          disabledAt: body.isDisabled ? (voucher.disabledAt ?? options.now()) : null,
        }),
      );
      if (!changed) throw new HttpError(404, GIFT_VOUCHER_NOT_FOUND_MESSAGE);
      return found(request.site.id, params.id);
    });
  });
}
