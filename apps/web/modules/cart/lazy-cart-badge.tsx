'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import type { CartBadge as CartBadgeComponent } from './cart-badge';

const CartBadgeChunk = lazy(() =>
  import('./shop-entries').then((module) => ({ default: module.CartBadge })),
);

/**
 * The header's cart badge, in a chunk of its own (with the bottom bar's cart shortcut,
 * shop-entries.ts): the header is on every page of every site, the badge only on sites that sell,
 * so a site without a shop never loads its code. The server
 * renders it where it shows; the browser hydrates it once the chunk is there.
 */
export function CartBadge(props: ComponentProps<typeof CartBadgeComponent>) {
  return (
    <Suspense fallback={null}>
      <CartBadgeChunk {...props} />
    </Suspense>
  );
}
