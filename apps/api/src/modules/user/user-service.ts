import type { User } from '@comptoir/contract/user';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import {
  ORDER_IN_PROGRESS_DELETION_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@comptoir/contract/user';
import { passwordStrengthError } from '@comptoir/domain/password-strength';
import { HttpError } from '../../http/http-error';
import type { LoginLockout } from '../../lib/rate-limits';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { UserProfileChanges, UserRecord, UserRepository } from './user-repository';
import { hashSessionToken } from './session-token';

export const NOT_LOGGED_IN_MESSAGE = 'Vous devez être connecté.';

export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    email: record.email,
    phone: record.phone,
    firstname: record.firstname,
    lastname: record.lastname,
    birthdate: record.birthdate,
    role: record.role,
    analyticsId: record.analyticsId,
  };
}

/** The account rules user-service needs from the auth module, passed in to keep modules apart. */
export interface AccountRules {
  loginFailures: LoginLockout;
  checkBirthdateRules(parameters: SiteParameterValues, birthdate: string | null | undefined): void;
  hashPassword(password: string): Promise<string>;
  verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean>;
}

export function createUserService(repository: UserRepository) {
  return {
    async findUserByToken(siteId: number, token: string): Promise<UserRecord | null> {
      return repository.findBySessionToken(siteId, hashSessionToken(token), new Date());
    },

    requireUser(user: UserRecord | null): User {
      if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
      return toUser(user);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

/** Profile, password and erasure of the logged-in account. */
export function createAccountService(repository: UserRepository, rules: AccountRules) {
  function requireRecord(user: UserRecord | null): UserRecord {
    if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
    return user;
  }

  return {
    async updateProfile(
      user: UserRecord | null,
      parameters: SiteParameterValues,
      changes: {
        firstname: string;
        lastname: string;
        phone?: string | null;
        birthdate?: string | null;
      },
    ): Promise<User> {
      const current = requireRecord(user);
      rules.checkBirthdateRules(parameters, changes.birthdate);
      const profile: UserProfileChanges = {
        firstname: changes.firstname,
        lastname: changes.lastname,
        phone: changes.phone ?? null,
        birthdate: changes.birthdate ?? null,
      };
      const updated = await repository.updateProfile(current.siteId, current.id, profile);
      return toUser(requireRecord(updated));
    },

    /**
     * Wrong current passwords count with failed logins of the address, so that a stolen session
     * cannot be used to guess the password at leisure. The session making the change is kept.
     */
    async changePassword(
      user: UserRecord | null,
      currentToken: string | null,
      currentPassword: string,
      newPassword: string,
      clientIp: string,
    ): Promise<void> {
      const account = requireRecord(user);
      if (await rules.loginFailures.isBlocked(account.siteId, account.email, clientIp)) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
      }
      if (!(await rules.verifyPassword(account.passwordHash, currentPassword))) {
        await rules.loginFailures.recordFailure(account.siteId, account.email, clientIp);
        throw new HttpError(422, WRONG_CURRENT_PASSWORD_MESSAGE, [
          { key: 'currentPassword', error: WRONG_CURRENT_PASSWORD_MESSAGE },
        ]);
      }
      const weakness = passwordStrengthError(newPassword, account.email);
      if (weakness) throw new HttpError(422, weakness, [{ key: 'newPassword', error: weakness }]);
      await repository.replacePassword(
        account.siteId,
        account.id,
        await rules.hashPassword(newPassword),
        currentToken ? hashSessionToken(currentToken) : null,
      );
    },

    async deleteAccount(user: UserRecord | null): Promise<void> {
      const account = requireRecord(user);
      const outcome = await repository.deleteAccount(account.siteId, account.id);
      if (!outcome.erased) {
        const reference = `C${String(outcome.orderInProgress).padStart(6, '0')}`;
        throw new HttpError(409, ORDER_IN_PROGRESS_DELETION_MESSAGE(reference));
      }
    },
  };
}
