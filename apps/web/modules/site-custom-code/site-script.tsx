'use client';

import { useEffect } from 'react';

/** Scripts already run in this page load: a client navigation keeps the layout, not re-run. */
const ran = new Set<string>();

/**
 * Runs the administrator's SCRIPT_TO_LOAD once the page is interactive, once per page load (what
 * `next/script` with `strategy="afterInteractive"` did, without its 2 KiB in every first load).
 */
export function SiteScript({ id, code }: { id: string; code: string }) {
  useEffect(() => {
    if (ran.has(id)) return;
    ran.add(id);
    const script = document.createElement('script');
    script.id = id;
    script.textContent = code;
    document.body.append(script);
  }, [id, code]);
  return null;
}
