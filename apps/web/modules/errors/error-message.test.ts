import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("shows the message of an error raised in the browser, such as the API's message", () => {
    expect(errorMessage(new Error('Quantity must be greater than 0'))).toBe(
      'Quantity must be greater than 0',
    );
  });

  it("says 'Error' for a server error, whose message production hides", () => {
    const serverError = Object.assign(
      new Error('An error occurred in the Server Components render.'),
      {
        digest: '548328226',
      },
    );
    expect(errorMessage(serverError)).toBe('Error');
  });

  it("says 'Error' for anything that is not an error with a message", () => {
    expect(errorMessage('boom')).toBe('Error');
    expect(errorMessage(new Error(''))).toBe('Error');
    expect(errorMessage(new Error('Minified React error #441; visit https://react.dev'))).toBe(
      'Error',
    );
  });
});
