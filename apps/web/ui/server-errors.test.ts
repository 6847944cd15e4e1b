import { describe, expect, it } from 'vitest';
import { ApiError } from '@comptoir/contract/client';
import {
  failureMessage,
  serverFieldErrors,
  UNEXPECTED_MESSAGE,
  UNREACHABLE_MESSAGE,
} from './server-errors';

describe('failure message', () => {
  it("shows the server's own message", () => {
    const error = new ApiError('Adresse e-mail ou mot de passe incorrect.', 401);
    expect(failureMessage(error)).toBe('Adresse e-mail ou mot de passe incorrect.');
  });

  it('says in French that the server cannot be reached when the network fails', () => {
    const error = new ApiError('The API at /api cannot be reached (fetch failed).', 0);
    expect(failureMessage(error)).toBe(UNREACHABLE_MESSAGE);
  });

  it('replaces an unreadable answer and unknown failures by a French sentence', () => {
    expect(failureMessage(new ApiError('Unexpected response from POST /login', 502))).toBe(
      UNEXPECTED_MESSAGE,
    );
    expect(failureMessage(new TypeError('x is undefined'))).toBe(UNEXPECTED_MESSAGE);
  });
});

describe('server field errors', () => {
  it("puts each of the server's field errors on the form field of the same name, in form order", () => {
    const error = new ApiError('Les informations envoyées ne sont pas valides.', 422, [
      { key: 'password', error: 'Le mot de passe doit contenir au moins 10 caractères.' },
      { key: 'email', error: 'Veuillez saisir une adresse e-mail valide.' },
    ]);
    expect(serverFieldErrors(error, ['email', 'password'])).toEqual([
      { field: 'email', message: 'Veuillez saisir une adresse e-mail valide.' },
      { field: 'password', message: 'Le mot de passe doit contenir au moins 10 caractères.' },
    ]);
  });

  it('leaves out keys the form has no field for, and keeps one message per field', () => {
    const error = new ApiError('Refusé', 422, [
      { key: 'token', error: 'Lien expiré' },
      { key: 'password', error: 'Trop court' },
      { key: 'password', error: 'Sans chiffre' },
    ]);
    expect(serverFieldErrors(error, ['password'])).toEqual([
      { field: 'password', message: 'Trop court' },
    ]);
  });

  it('finds no field error in a failure that is not an API answer', () => {
    expect(serverFieldErrors(new Error('boom'), ['email'])).toEqual([]);
  });
});
