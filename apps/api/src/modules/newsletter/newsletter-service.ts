import { randomBytes } from 'node:crypto';
import type { NewsletterList, NewsletterSubscriptionState } from '@comptoir/contract/newsletter';
import { NEWSLETTER_DISABLED_MESSAGE, NEWSLETTER_LINK_INVALID_MESSAGE, UNKNOWN_NEWSLETTER_LIST_MESSAGE } from '@comptoir/contract/newsletter';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { BackgroundTasks } from '../../plugins/background-tasks';
import type { Mailer } from '../../plugins/mail';
import type { MailLimiter } from '../mail';
import { newsletterConfirmationMail, newsletterConfirmUrl, newsletterMailHeaders, newsletterUnsubscribeUrl } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { SiteRecord } from '../site';
import { hashSessionToken } from '../user';
import type { UserRecord } from '../user';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import type { NewsletterListRecord, NewsletterRepository } from './newsletter-repository';

/** How long the link of a confirmation mail works. */
export const NEWSLETTER_CONFIRM_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export interface NewsletterServiceDependencies {
  repository: NewsletterRepository;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  mailLimiter: MailLimiter;
  backgroundTasks: BackgroundTasks;
  /** Links in mails use prodUrl when true (NODE_ENV=production), devUrl otherwise. */
  production: boolean;
  now?: () => Date;
}

function toList(record: NewsletterListRecord): NewsletterList {
  return { id: record.id, name: record.name, description: record.description };
}

export function createNewsletterService(dependencies: NewsletterServiceDependencies) {
  const { repository, readParameters, mailer, mailLimiter, backgroundTasks, production } =
    dependencies;
  const now = dependencies.now ?? (() => new Date());

  /** A new link secret: the mail carries it, the table keeps its hash. */
  async function newToken(
    site: SiteRecord,
    purpose: 'CONFIRM' | 'UNSUBSCRIBE',
    email: string,
    listIds: readonly number[] = [],
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repository.createToken({
      siteId: site.id,
      purpose,
      email,
      listIds,
      tokenHash: hashSessionToken(token),
      expiresAt:
        purpose === 'CONFIRM' ? new Date(now().getTime() + NEWSLETTER_CONFIRM_LIFETIME_MS) : null,
    });
    return token;
  }

  async function sendConfirmation(site: SiteRecord, email: string, lists: NewsletterListRecord[]) {
    const baseUrl = siteBaseUrl(site, production);
    if (!baseUrl) throw new Error(`Site ${site.id} has neither a devUrl nor a prodUrl`);
    await repository.deleteExpiredTokens(site.id, now());
    const confirmToken = await newToken(
      site,
      'CONFIRM',
      email,
      lists.map((list) => list.id),
    );
    const unsubscribeToken = await newToken(site, 'UNSUBSCRIBE', email);
    const sender = siteMailSender(site, await readParameters(site.id), baseUrl);
    await mailer.send({
      siteId: site.id,
      ...sender,
      to: email,
      headers: newsletterMailHeaders(baseUrl, unsubscribeToken),
      ...newsletterConfirmationMail({
        siteName: site.name,
        listNames: lists.map((list) => list.name),
        confirmUrl: newsletterConfirmUrl(baseUrl, confirmToken),
        unsubscribeUrl: newsletterUnsubscribeUrl(baseUrl, unsubscribeToken),
      }),
    });
  }

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

    /**
     * Public, double opt-in: nothing is subscribed yet, a confirmation link is mailed in the
     * background. The same answer for a new and an existing subscription (nothing to learn).
     */
    async subscribe(site: SiteRecord, email: string, listIds: readonly number[] | undefined) {
      const lists = await availableLists(site.id);
      if (listIds) checkListIds(lists, listIds);
      const wanted = listIds ? lists.filter((list) => listIds.includes(list.id)) : lists;
      await mailLimiter.admit({ siteId: site.id, kind: 'newsletter', recipients: [email] });
      backgroundTasks.run(`newsletter confirmation mail on site ${site.id}`, () =>
        sendConfirmation(site, email, wanted),
      );
    },

    /**
     * The link of the confirmation mail: the address joins the lists it asked for (those that
     * still exist). Opening it again within its lifetime answers the same.
     */
    async confirm(siteId: number, token: string): Promise<NewsletterList[]> {
      const found = await repository.findToken(siteId, 'CONFIRM', hashSessionToken(token), now());
      if (!found) throw new HttpError(400, NEWSLETTER_LINK_INVALID_MESSAGE);
      const lists = (await availableLists(siteId)).filter((list) =>
        found.listIds.includes(list.id),
      );
      await repository.subscribe(
        siteId,
        lists.map((list) => list.id),
        found.email,
        null,
      );
      return lists.map(toList);
    },

    /**
     * The unsubscribe link or List-Unsubscribe header of a newsletter mail: the address leaves
     * every list of the site. `siteId` is null for the one-click POST, which has no site header.
     */
    async unsubscribe(siteId: number | null, token: string): Promise<void> {
      const found = await repository.findToken(
        siteId,
        'UNSUBSCRIBE',
        hashSessionToken(token),
        now(),
      );
      if (!found) throw new HttpError(400, NEWSLETTER_LINK_INVALID_MESSAGE);
      await repository.unsubscribeEverywhere(found.siteId, found.email);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
