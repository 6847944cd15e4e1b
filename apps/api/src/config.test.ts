import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_WITHOUT_SMTP_MESSAGE } from './config';
import { explainStartupFailure } from './startup-errors';

describe('loadConfig', () => {
  it('refuses a production start without SMTP_URL, in one line that says what to set', () => {
    let failure: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(PRODUCTION_WITHOUT_SMTP_MESSAGE);
    const shown = explainStartupFailure(failure, undefined, 'reading the configuration');
    expect(shown).toContain('SMTP_URL must be set when NODE_ENV=production');
    expect(shown).not.toContain('\n');
  });

  it('starts in production with an SMTP server, and in development without one', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.fr:587' }).SMTP_URL,
    ).toBe('smtp://mail.example.fr:587');
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});
