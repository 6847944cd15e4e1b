import { randomBytes } from 'node:crypto';
import type { AuthSession, LoginBody } from '@comptoir/contract/auth';
import { EMAIL_ALREADY_USED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, RESET_LINK_INVALID_MESSAGE, SESSION_MAX_AGE_SECONDS, TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { passwordStrengthError } from '@comptoir/domain/password-strength';
import { HttpError } from '../../http/http-error';
import type { LoginLockout } from '../../lib/rate-limits';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { BackgroundTasks } from '../../plugins/background-tasks';
import type { Mailer } from '../../plugins/mail';
import type { SiteRecord } from '../site';
import { toUser } from '../user';
import type { UserRecord, UserRepository } from '../user';
import { hashSessionToken } from '../user';
import { passwordResetMail, welcomeMail } from '../mail';
import type { MailLimiter } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import { checkBirthdateRules } from '../user';
import { hashPassword, verifyPassword } from '../user';

export { checkBirthdateRules };
import type { PasswordResetRepository } from './password-reset-repository';

/** How long a password reset link works. */
export const RESET_LINK_LIFETIME_SECONDS = 3600;

export interface RegistrationInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
  birthdate?: string | null;
}

export interface AuthServiceDependencies {
  users: UserRepository;
  resets: PasswordResetRepository;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  backgroundTasks: BackgroundTasks;
  loginFailures: LoginLockout;
  mailLimiter: MailLimiter;
  /** Links in mails use prodUrl when true (NODE_ENV=production), devUrl otherwise. */
  production: boolean;
}

function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function createAuthService(dependencies: AuthServiceDependencies) {
  const {
    users,
    resets,
    readParameters,
    mailer,
    backgroundTasks,
    loginFailures,
    mailLimiter,
    production,
  } = dependencies;

  async function startSession(user: UserRecord): Promise<AuthSession> {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    await users.createSession(user.siteId, user.id, hashSessionToken(token), expiresAt);
    return { token, expiresAt: expiresAt.toISOString(), user: toUser(user) };
  }

  async function sendMail(
    site: SiteRecord,
    to: string,
    content: { subject: string; text: string; html: string },
  ): Promise<void> {
    const parameters = await readParameters(site.id);
    const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
    await mailer.send({ siteId: site.id, to, ...sender, ...content });
  }

  return {
    async register(site: SiteRecord, input: RegistrationInput): Promise<AuthSession> {
      checkBirthdateRules(await readParameters(site.id), input.birthdate);
      // Counted whether or not the address is taken: the welcome mail goes to whoever it is.
      await mailLimiter.admit({ siteId: site.id, kind: 'welcome', recipients: [input.email] });
      const user = await users.insert({
        siteId: site.id,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstname: input.firstname,
        lastname: input.lastname,
        phone: input.phone ?? null,
        birthdate: input.birthdate ?? null,
        role: 'CUSTOMER',
      });
      if (!user) {
        throw new HttpError(409, EMAIL_ALREADY_USED_MESSAGE, [
          { key: 'email', error: EMAIL_ALREADY_USED_MESSAGE },
        ]);
      }
      const session = await startSession(user);
      backgroundTasks.run(`welcome mail to user ${user.id} of site ${site.id}`, () =>
        sendMail(
          site,
          user.email,
          welcomeMail({
            siteName: site.name,
            firstname: user.firstname,
            email: user.email,
            siteUrl: siteBaseUrl(site, production),
          }),
        ),
      );
      return session;
    },

    /**
     * Unknown address, account without a password, wrong password: one answer, in about the same
     * time. Past the failure limit of this account from this client address (or the account-wide
     * ceiling), even the right password waits for the window; other addresses are not locked out.
     */
    async login(site: SiteRecord, input: LoginBody, clientIp: string): Promise<AuthSession> {
      const email = input.email.trim().toLowerCase();
      if (await loginFailures.isBlocked(site.id, email, clientIp)) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
      }
      const user = await users.findByEmail(site.id, email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await loginFailures.recordFailure(site.id, email, clientIp);
        throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
      }
      await loginFailures.recordSuccess(site.id, email, clientIp);
      await users.deleteExpiredSessions(site.id, user.id, new Date());
      return startSession(user);
    },

    async logout(siteId: number, token: string | null): Promise<void> {
      if (token) await users.deleteSession(siteId, hashSessionToken(token));
    },

    /**
     * Answers at once and does the work in the background, so that the answer and its timing are
     * the same whether or not the address has an account. The per-recipient mail limit counts
     * every ask, account or not, so that its 429 tells nothing either.
     */
    async askPasswordReset(site: SiteRecord, email: string): Promise<void> {
      await mailLimiter.admit({ siteId: site.id, kind: 'password-reset', recipients: [email] });
      backgroundTasks.run(`password reset request on site ${site.id}`, async () => {
        const user = await users.findByEmail(site.id, email);
        if (!user) return;
        const baseUrl = siteBaseUrl(site, production);
        if (!baseUrl) throw new Error(`Site ${site.id} has neither a devUrl nor a prodUrl`);
        const token = newOpaqueToken();
        const parameters = await readParameters(site.id);
        const mail = {
          siteId: site.id,
          to: user.email,
          ...siteMailSender(site, parameters, baseUrl),
          ...passwordResetMail({
            siteName: site.name,
            firstname: user.firstname,
            link: `${baseUrl}/password/reset/${encodeURIComponent(token)}`,
          }),
        };
        // The link and its mail commit together: no usable link without its mail, no mail
        // whose link was rolled back.
        await resets.create(
          site.id,
          user.id,
          hashSessionToken(token),
          RESET_LINK_LIFETIME_SECONDS,
          (tx) => mailer.send(mail, { tx }),
        );
      });
    },

    async resetPassword(siteId: number, token: string, password: string): Promise<void> {
      const tokenHash = hashSessionToken(token);
      const user = await resets.findUserOfUsableToken(siteId, tokenHash);
      if (!user) throw new HttpError(400, RESET_LINK_INVALID_MESSAGE);
      const weakness = passwordStrengthError(password, user.email);
      if (weakness) throw new HttpError(422, weakness, [{ key: 'password', error: weakness }]);
      const consumed = await resets.consume(siteId, tokenHash, await hashPassword(password));
      if (consumed === null) throw new HttpError(400, RESET_LINK_INVALID_MESSAGE);
      // The owner proved their mailbox: failed logins counted against the account are forgiven.
      await loginFailures.clearAccount(siteId, user.email);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
