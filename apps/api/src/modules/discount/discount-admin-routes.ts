import type { FastifyInstance } from 'fastify';
import {
  createDiscountCode,
  DISCOUNT_CODE_NOT_FOUND_MESSAGE,
  DISCOUNT_CODE_TAKEN_MESSAGE,
  getAdminDiscountCodes,
  getDiscountCodeUses,
  updateDiscountCode,
  type AdminDiscountCode,
  type DiscountCodeInput,
} from '@comptoir/contract/admin-discounts';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { isUniqueViolation } from '../../db/unique-violation';
import { type AdminDiscountRepository } from './discount-admin-repository';

/**
 * Discount codes in the back office (decision 0066). Codes are checked live at checkout from the
 * database (nothing of them is cached by the API or the storefront), so a write revalidates no
 * storefront tag: the next check or order reads the new settings.
 */
export function registerAdminDiscountRoutes(
  app: FastifyInstance,
  repository: AdminDiscountRepository,
): void {
  async function found(siteId: number, id: number): Promise<AdminDiscountCode> {
    const code = await repository.findOne(siteId, id);
    if (!code) throw new HttpError(404, DISCOUNT_CODE_NOT_FOUND_MESSAGE);
    return code;
  }

  /** A name another code of the site has is told on the code field (409). */
  async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error, 'discount_codes_site_code_key')) throw error;
      throw new HttpError(409, DISCOUNT_CODE_TAKEN_MESSAGE, [
        { key: 'code', error: DISCOUNT_CODE_TAKEN_MESSAGE },
      ]);
    }
  }

  async function create(siteId: number, input: DiscountCodeInput, actor: AuditActor) {
    const id = await withUniqueCode(() => repository.insert(siteId, input, actor));
    return found(siteId, id);
  }

  async function update(siteId: number, id: number, input: DiscountCodeInput, actor: AuditActor) {
    const updated = await withUniqueCode(() => repository.update(siteId, id, input, actor));
    if (!updated) throw new HttpError(404, DISCOUNT_CODE_NOT_FOUND_MESSAGE);
    return found(siteId, id);
  }

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminDiscountCodes, async ({ request }) =>
      repository.list(request.site.id),
    );
    registerEndpoint(scope, createDiscountCode, async ({ request, body }) =>
      create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, updateDiscountCode, async ({ request, params, body }) =>
      update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, getDiscountCodeUses, async ({ request, params }) => {
      await found(request.site.id, params.id);
      return repository.uses(request.site.id, params.id);
    });
  });
}
