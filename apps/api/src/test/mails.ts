import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import type { TestApp } from './test-app';

export type KeptMail = typeof mailOutbox.$inferSelect;

/** The mails kept in the outbox for an address, newest first, once background sending is done. */
export async function mailsTo(testApp: TestApp, recipient: string): Promise<KeptMail[]> {
  await testApp.app.backgroundTasks.idle();
  return testApp.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.id));
}

/**
 * Runs the mail-delivery job once, after the background tasks that queue mails: what a test
 * needs before reading the .eml files or an SMTP peer's inbox.
 */
export async function deliverMails(testApp: TestApp): Promise<number> {
  await testApp.app.backgroundTasks.idle();
  return testApp.app.mailer.deliverDue();
}

/** The path and secret of the first link to `pathPrefix` in the mail's text. */
export function linkIn(
  mail: KeptMail | undefined,
  pathPrefix: string,
): { url: string; token: string } {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail
    ? new RegExp(`(https?://\\S+${escaped}/([A-Za-z0-9_-]+))`).exec(mail.text)
    : null;
  if (!match?.[1] || !match[2]) throw new Error(`No ${pathPrefix} link in the mail`);
  return { url: match[1], token: match[2] };
}
