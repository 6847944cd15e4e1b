/** Age of majority in France, for sites that refuse minors (BLOCK_MINORS). */
export const LEGAL_AGE = 18;

/** The settings a site that sells alcohol cannot turn off (decision 0109). */
export const ALCOHOL_AGE_PARAMETERS = ['BLOCK_MINORS', 'ASK_BIRTHDATE_AT_REGISTER'] as const;
export type AlcoholAgeParameter = (typeof ALCOHOL_AGE_PARAMETERS)[number];

export interface AgeRules {
  /** The birth date is asked, and required, at registration and at checkout. */
  asksBirthdate: boolean;
  /** Minors are refused at registration and at checkout. */
  blocksMinors: boolean;
}

/**
 * What a site asks of its customers' age. Selling alcohol (SELLS_ALCOHOL) switches both rules on
 * whatever BLOCK_MINORS and ASK_BIRTHDATE_AT_REGISTER say: the law forbids selling it to minors
 * (Code de la santé publique, art. L. 3342-1), and an owner can only be stricter than that.
 */
export function ageRules(isOn: (type: 'SELLS_ALCOHOL' | AlcoholAgeParameter) => boolean): AgeRules {
  const sellsAlcohol = isOn('SELLS_ALCOHOL');
  const blocksMinors = sellsAlcohol || isOn('BLOCK_MINORS');
  return {
    blocksMinors,
    asksBirthdate: blocksMinors || isOn('ASK_BIRTHDATE_AT_REGISTER'),
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2001-02-29 over to March 1st: compare back to reject impossible dates.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

/** Today's calendar date in France, where the sample sites are: the API may run in UTC. */
export function todayInFrance(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Full years between an ISO birth date and an ISO day, or null when either is not a real date.
 * Someone born on February 29th turns a year older on March 1st in common years.
 */
export function ageOn(birthdate: string, today: string): number | null {
  const birth = parseIsoDate(birthdate);
  const day = parseIsoDate(today);
  if (!birth || !day) return null;
  const hadBirthday =
    day.month > birth.month || (day.month === birth.month && day.day >= birth.day);
  return day.year - birth.year - (hadBirthday ? 0 : 1);
}

/** A birth date a person can have: a real day, not in the future, not before 1900. */
export function isPlausibleBirthdate(birthdate: string, today: string): boolean {
  const birth = parseIsoDate(birthdate);
  const age = ageOn(birthdate, today);
  return birth !== null && birth.year >= 1900 && age !== null && age >= 0 && birthdate <= today;
}

export function isAdult(birthdate: string, today: string): boolean {
  const age = ageOn(birthdate, today);
  return age !== null && age >= LEGAL_AGE;
}
