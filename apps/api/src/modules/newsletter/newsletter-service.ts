import type { NewsletterList, NewsletterSubscriptionState } from '@comptoir/contract/newsletter';
import {
  NEWSLETTER_DISABLED_MESSAGE,
  UNKNOWN_NEWSLETTER_LIST_MESSAGE,
} from '@comptoir/contract/newsletter';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { UserRecord } from '../user/user-repository';
import { NOT_LOGGED_IN_MESSAGE } from '../user/user-service';
import type { NewsletterListRecord, NewsletterRepository } from './newsletter-repository';

function toList(record: NewsletterListRecord): NewsletterList {
  return { id: record.id, name: record.name, description: record.description };
}

export function createNewsletterService(
  repository: NewsletterRepository,
  readParameters: SiteParameterReader,
) {
  /** The site's lists; a site without the newsletter (ENABLE_NEWSLETTER off, no list) has none. */
  async function availableLists(siteId: number): Promise<NewsletterListRecord[]> {
    const parameters = await readParameters(siteId);
    const lists = parameters.isOn('ENABLE_NEWSLETTER') ? await repository.listLists(siteId) : [];
    if (lists.length === 0) throw new HttpError(404, NEWSLETTER_DISABLED_MESSAGE);
    return lists;
  }

  function requireUser(user: UserRecord | null): UserRecord {
    if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
    return user;
  }

  function checkListIds(lists: NewsletterListRecord[], listIds: readonly number[]): void {
    const known = new Set(lists.map((list) => list.id));
    if (listIds.some((id) => !known.has(id))) {
      throw new HttpError(422, UNKNOWN_NEWSLETTER_LIST_MESSAGE, [
        { key: 'listIds', error: UNKNOWN_NEWSLETTER_LIST_MESSAGE },
      ]);
    }
  }

  async function stateOf(
    siteId: number,
    lists: NewsletterListRecord[],
    email: string,
  ): Promise<NewsletterSubscriptionState[]> {
    const subscribed = new Set(await repository.subscribedListIds(siteId, email));
    return lists.map((list) => ({ ...toList(list), subscribed: subscribed.has(list.id) }));
  }

  return {
    async listLists(siteId: number, user: UserRecord | null): Promise<NewsletterList[]> {
      requireUser(user);
      return (await availableLists(siteId)).map(toList);
    },

    async getSubscription(
      siteId: number,
      user: UserRecord | null,
    ): Promise<NewsletterSubscriptionState[]> {
      const account = requireUser(user);
      return stateOf(siteId, await availableLists(siteId), account.email.toLowerCase());
    },

    async replaceSubscription(
      siteId: number,
      user: UserRecord | null,
      listIds: readonly number[],
    ): Promise<NewsletterSubscriptionState[]> {
      const account = requireUser(user);
      const lists = await availableLists(siteId);
      checkListIds(lists, listIds);
      const email = account.email.toLowerCase();
      await repository.replaceSubscriptions(siteId, [...new Set(listIds)], email, account.id);
      return stateOf(siteId, lists, email);
    },

    /** Public: the same answer for a new and an existing subscription (nothing to learn). */
    async subscribe(siteId: number, email: string, listIds: readonly number[] | undefined) {
      const lists = await availableLists(siteId);
      if (listIds) checkListIds(lists, listIds);
      const wanted = listIds ? [...new Set(listIds)] : lists.map((list) => list.id);
      await repository.subscribe(siteId, wanted, email, null);
    },
  };
}
