import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@comptoir/contract/request';
import { reportFailure } from './report-failure';

vi.mock('./toaster', () => ({ notifyError: vi.fn() }));
const { notifyError } = await import('./toaster');

const refused = () =>
  new ApiError('Les informations saisies ne sont pas valides.', 400, [
    { key: 'priceCents', error: 'Saisissez un prix positif en euros.' },
    { key: 'title', error: 'Le titre est obligatoire.' },
    { key: 'other', error: 'Sans champ.' },
  ]);

describe('reportFailure', () => {
  it('puts field errors beside their fields, focuses the first, and toasts the message', () => {
    const setError = vi.fn();
    reportFailure(refused(), setError, ['title', 'price']);
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Le titre est obligatoire.' }, { shouldFocus: true }],
    ]);
    expect(notifyError).toHaveBeenCalledWith('Les informations saisies ne sont pas valides.');
  });

  it('reads renamed server keys and says the message where the form asks', () => {
    const setError = vi.fn();
    const notify = vi.fn();
    vi.mocked(notifyError).mockClear();
    reportFailure(refused(), setError, ['title', 'price'], {
      notify,
      keys: { priceCents: 'price' },
    });
    expect(setError.mock.calls.map(([field]) => field)).toEqual(['title', 'price']);
    expect(setError.mock.calls[1]![1]).toEqual({
      type: 'server',
      message: 'Saisissez un prix positif en euros.',
    });
    expect(notify).toHaveBeenCalledWith('Les informations saisies ne sont pas valides.');
    expect(notifyError).not.toHaveBeenCalled();
  });
});
