'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

type IntentLinkProps = ComponentProps<typeof Link>;

/**
 * `next/link` that prefetches the page behind it when the visitor shows intent (pointer over the
 * link, a touch, keyboard focus), not when the link scrolls into view.
 *
 * By default every link on screen prefetches its route after load, code included: the home page
 * fetched the contact page's form and the blog's code (about 32 KiB of script) that most visitors
 * never use, and the work competes with the page's own start on a phone (decision 0030).
 * Hovering or focusing gives the prefetch a few hundred milliseconds before the click, which is
 * enough for the App Shell; a navigation without prefetch still works, it just waits for the
 * server. `prefetch={false}` keeps a link from ever prefetching (Next's own meaning).
 */
export function IntentLink({
  prefetch,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: IntentLinkProps) {
  const [intent, setIntent] = useState(false);
  const never = prefetch === false;
  // `null` is Next's default (the route's App Shell); an explicit `true` is kept once intended.
  const active = never ? false : intent ? (prefetch ?? null) : false;

  return (
    <Link
      {...props}
      prefetch={active}
      onMouseEnter={(event) => {
        if (!never) setIntent(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        if (!never) setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        if (!never) setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
