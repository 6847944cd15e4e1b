import { describe, expect, it } from 'vitest';
import {
  consentAction,
  consentCookie,
  consentCookieValue,
  recordedChoices,
} from './consent-cookie';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe("tarteaucitron's consent cookie", () => {
  it('finds its value among the page cookies', () => {
    expect(consentCookieValue('siteId=92; tarteaucitron=!gtag=true; other=1')).toBe('!gtag=true');
    expect(consentCookieValue('siteId=92')).toBe('');
  });

  it('reads each recorded choice', () => {
    expect(recordedChoices('!gtag=true!matomo=false!plausible=wait')).toEqual({
      gtag: 'true',
      matomo: 'false',
      plausible: 'wait',
    });
    expect(recordedChoices('')).toEqual({});
  });

  it('asks while a service is unanswered and none is allowed', () => {
    expect(consentAction(['gtag'], {})).toBe('ask');
    expect(consentAction(['gtag', 'matomo'], { gtag: 'false' })).toBe('ask');
    expect(consentAction(['gtag'], { gtag: 'wait' })).toBe('ask');
  });

  it('runs tarteaucitron when a service is allowed, and nothing when all are refused', () => {
    expect(consentAction(['gtag', 'matomo'], { gtag: 'true' })).toBe('run');
    expect(consentAction(['gtag', 'matomo'], { gtag: 'false', matomo: 'false' })).toBe('none');
    expect(consentAction([], {})).toBe('none');
  });

  it('records a choice for every service as tarteaucitron does, for one year', () => {
    expect(consentCookie('!gtag=wait!other=true', ['gtag', 'matomo'], 'true', NOW, false)).toBe(
      'tarteaucitron=!other=true!gtag=true!matomo=true; expires=Thu, 25 Nov 2027 12:00:00 GMT; path=/; samesite=lax',
    );
    expect(consentCookie('', ['gtag'], 'false', NOW, true)).toBe(
      'tarteaucitron=!gtag=false; expires=Thu, 25 Nov 2027 12:00:00 GMT; path=/; Secure; samesite=lax',
    );
  });
});
