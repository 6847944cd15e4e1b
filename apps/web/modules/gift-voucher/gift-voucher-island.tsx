'use client';

import { useSyncExternalStore } from 'react';
import type { GiftVoucherRules } from '@comptoir/domain/gift-voucher';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { GiftVoucherForm } from './gift-voucher-form';
import styles from './gift-voucher.module.css';

const noSubscription = () => () => undefined;

/**
 * The form once in the browser: the page is cached, so "today" (the earliest send date) is the
 * visitor's day in Paris, read here rather than frozen in the cached HTML.
 */
export function GiftVoucherIsland({ siteId, rules }: { siteId: number; rules: GiftVoucherRules }) {
  const today = useSyncExternalStore(
    noSubscription,
    () => todayInFrance(),
    () => null,
  );
  if (today === null) return <p className={styles.loading}>Chargement du formulaire…</p>;
  return (
    <div className={styles.panel}>
      <GiftVoucherForm siteId={siteId} rules={rules} today={today} />
    </div>
  );
}
