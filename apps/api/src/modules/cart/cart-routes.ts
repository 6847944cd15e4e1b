import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addToCart,
  cartSecretCookieName,
  createCart,
  deleteCart,
  deleteCartProduct,
  getCart,
  priceCustomization,
  setDefaultCart,
  updateCartQuantity,
  validateCustomizationFile,
} from '@comptoir/contract/cart';
import { registerEndpoint } from '../../http/register-endpoint';
import { readAddToCartParts, readValidatedFilePart } from './cart-answers';
import type { CartService } from './cart-service';
import {
  cartCallerOf,
  codesCarried,
  type CodeCheckBudget,
  type NewCartLimiter,
} from './cart-steps';

/** An anonymous cart's secret lives as long as a visitor may come back to their cart. */
const CART_SECRET_MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

export function registerCartRoutes(
  app: FastifyInstance,
  service: CartService,
  settings: {
    cookieDomain?: string;
    /** The per-address limit of new carts, also given to the service (cart/index.ts). */
    newCarts: NewCartLimiter;
    /** A `discountCode` sent with a cart call spends from the shared budget (decision 0080). */
    codeChecks: CodeCheckBudget;
  },
): void {
  function cookieOptions(request: FastifyRequest) {
    return {
      path: '/',
      sameSite: 'lax' as const,
      httpOnly: true,
      secure: request.protocol === 'https',
      ...(settings.cookieDomain ? { domain: settings.cookieDomain } : {}),
    };
  }

  /** The secret of a cart just created goes to the browser only, as an httpOnly cookie. */
  function keepSecret(request: FastifyRequest, reply: FastifyReply, secret: string | null) {
    if (!secret) return;
    reply.setCookie(cartSecretCookieName(request.site.id), secret, {
      ...cookieOptions(request),
      maxAge: CART_SECRET_MAX_AGE_SECONDS,
    });
  }

  function forgetSecret(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(cartSecretCookieName(request.site.id), cookieOptions(request));
  }

  registerEndpoint(app, createCart, async ({ request, reply, body }) => {
    const caller = await cartCallerOf(request);
    // No cart is named yet: the address's budget only, before a cart is opened.
    await settings.codeChecks.spendWithoutCart(caller.address, codesCarried(body.discountCode));
    const outcome = await service.open(request.site.id, caller, body.discountCode);
    keepSecret(request, reply, outcome.newSecret);
    return outcome.cart;
  });

  registerEndpoint(app, getCart, async ({ request, params, body }) => {
    const caller = await cartCallerOf(request);
    const codes = codesCarried(body?.discountCode);
    await settings.codeChecks.spendOnCart(service, request.site.id, params.cartId, caller, codes);
    return service.refresh(request.site.id, params.cartId, caller, body?.discountCode);
  });

  registerEndpoint(app, setDefaultCart, async ({ request, reply, params }) => {
    const outcome = await service.makeDefault(
      request.site.id,
      params.id,
      await cartCallerOf(request),
    );
    // The cart now belongs to the account: its secret opens nothing any more.
    if (outcome.secretUsed) forgetSecret(request, reply);
    return outcome.cart;
  });

  registerEndpoint(app, updateCartQuantity, async ({ request, params, body }) =>
    service.updateQuantity(
      request.site.id,
      params.cartId,
      params.productId,
      body,
      await cartCallerOf(request),
    ),
  );

  registerEndpoint(app, deleteCart, async ({ request, reply, params }) => {
    const caller = await cartCallerOf(request);
    await service.deleteCart(request.site.id, params.cartId, caller);
    if (caller.secret) forgetSecret(request, reply);
    return null;
  });

  registerEndpoint(app, deleteCartProduct, async ({ request, params }) =>
    service.deleteLine(
      request.site.id,
      params.cartId,
      params.productId,
      params.idCartProduct,
      await cartCallerOf(request),
    ),
  );

  registerEndpoint(app, priceCustomization, async ({ request, params, body }) =>
    service.priceCustomization(request.site.id, params.idProduct, params.idDeclination, body),
  );

  // Multipart routes read their parts themselves (files are checked by content as they come).
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });

    registerEndpoint(scope, addToCart, async ({ request, reply, params }) => {
      const caller = await cartCallerOf(request);
      // A visitor who may open no more cart is refused before the parts (and files) are read.
      if (params.cartId === 'new' && !caller.user) await settings.newCarts.check(caller.address);
      const parts = await readAddToCartParts(request);
      const outcome = await service.addProduct(
        request.site.id,
        params.cartId,
        params.declinationId,
        parts,
        caller,
      );
      keepSecret(request, reply, outcome.newSecret);
      return outcome.cart;
    });

    registerEndpoint(scope, validateCustomizationFile, async ({ request, params }) =>
      service.validateFile(request.site.id, params.id, await readValidatedFilePart(request)),
    );
  });
}
