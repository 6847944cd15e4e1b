import { BIRTHDATE_REQUIRED_MESSAGE, MINORS_REFUSED_MESSAGE } from '@comptoir/contract/auth';
import { ageRules, isAdult, todayInFrance } from '@comptoir/domain/legal-age';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';

/**
 * The site asks for a birth date (ASK_BIRTHDATE_AT_REGISTER), or needs one to refuse minors
 * (BLOCK_MINORS, or SELLS_ALCOHOL, which switches both on: decision 0109).
 */
export function checkBirthdateRules(
  parameters: SiteParameterValues,
  birthdate: string | null | undefined,
): void {
  const { asksBirthdate, blocksMinors } = ageRules(parameters.isOn);
  if (!birthdate) {
    if (asksBirthdate) {
      throw new HttpError(422, BIRTHDATE_REQUIRED_MESSAGE, [
        { key: 'birthdate', error: BIRTHDATE_REQUIRED_MESSAGE },
      ]);
    }
    return;
  }
  if (blocksMinors && !isAdult(birthdate, todayInFrance())) {
    throw new HttpError(422, MINORS_REFUSED_MESSAGE, [
      { key: 'birthdate', error: MINORS_REFUSED_MESSAGE },
    ]);
  }
}
