import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-message';
import { MAIL_CATCHER_URL } from './urls';

/** Every mail the catcher received for this address, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_CATCHER_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a mail to this address whose subject matches, and returns the newest such mail. */
export async function waitForMail(address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((mail) => subject.test(mail.subject)).at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${address} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The path of the first link in the mail's text that leads to `pathPrefix`. Links carry the site's
 * configured address (its devUrl); the journey follows them on the e2e storefront instead.
 */
export function linkPath(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/[^\s<>"]+/g)
    ?.map((candidate) => new URL(candidate))
    .find((url) => url.pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}"`);
  return `${link.pathname}${link.search}${link.hash}`;
}

/** Has the catcher refuse (550) or accept again the mails to this address. */
export async function setMailRefused(address: string, refused: boolean): Promise<void> {
  const response = await fetch(
    `${MAIL_CATCHER_URL}/${refused ? 'refuse' : 'accept'}?to=${encodeURIComponent(address)}`,
    { method: 'POST' },
  );
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
}
