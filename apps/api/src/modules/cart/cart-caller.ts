import type { FastifyRequest } from 'fastify';
import { cartSecretCookieName } from '@comptoir/contract/cart';
import { markPrivateAnswer } from '../../plugins/private-answers';
import type { CartCaller } from './cart-service';

/** Who asks for a cart: the logged-in user, and the cart secret cookie of this site. */
export async function cartCallerOf(request: FastifyRequest): Promise<CartCaller> {
  // A cart's answer is its holder's alone (decision 0080).
  markPrivateAnswer(request);
  return {
    user: await request.getUser(),
    secret: request.cookies?.[cartSecretCookieName(request.site.id)] ?? null,
    address: request.ip,
  };
}
