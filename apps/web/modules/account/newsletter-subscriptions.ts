'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  getNewsletterSubscription,
  updateNewsletterSubscription,
  type NewsletterSubscriptionState,
} from '@comptoir/contract/newsletter';
import { failureMessage } from '../../ui/server-errors';
import { browserApi } from './browser-api';
import { endSessionOn401 } from './use-account-failure';

/**
 * The site's lists with the member's subscription state (GET /user/newsletter/subscription), and
 * a way to replace the set of subscribed lists (PUT, which answers the new state).
 */
export function useNewsletterSubscriptions(siteId: number) {
  const [lists, setLists] = useState<NewsletterSubscriptionState[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    browserApi(siteId)
      .call(getNewsletterSubscription)
      .then((answer) => {
        if (active) setLists(answer);
      })
      .catch((error: unknown) => {
        if (!active) return;
        setLoadError(failureMessage(error));
        endSessionOn401(error);
      });
    return () => {
      active = false;
    };
  }, [siteId]);

  /** Subscribes to exactly these lists; throws the API's failure for the caller to report. */
  const subscribeTo = useCallback(
    async (listIds: number[]) => {
      try {
        const answer = await browserApi(siteId).call(updateNewsletterSubscription, {
          body: { listIds },
        });
        setLists(answer);
        return answer;
      } catch (error) {
        endSessionOn401(error);
        throw error;
      }
    },
    [siteId],
  );

  return { lists, loadError, subscribeTo };
}
