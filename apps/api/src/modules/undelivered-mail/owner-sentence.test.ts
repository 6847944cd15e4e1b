import { describe, expect, it } from 'vitest';
import { ownerSentence } from './owner-sentence';

describe('the reason of a refusal as the owner reads it', () => {
  it('says each kind of refusal in French, with the reply code and nothing of the server’s text', () => {
    const cases: [string, RegExp][] = [
      [
        'ECONNECTION: connect ECONNREFUSED 10.0.0.5:587',
        /^Le serveur d’envoi des e-mails ne répondait pas/,
      ],
      ['ETIMEDOUT: Greeting never received', /^Le serveur d’envoi des e-mails ne répondait pas/],
      [
        'ESOCKET: Connection closed unexpectedly',
        /^Le serveur d’envoi des e-mails ne répondait pas/,
      ],
      [
        'EAUTH 535: 5.7.8 Authentication failed for user shop@smtp.example',
        /^Le serveur d’envoi a refusé l’identifiant du site \(code 535\)/,
      ],
      [
        'EENVELOPE 550: 5.1.1 <adresse>: Recipient address rejected',
        /^Le serveur de messagerie a refusé ce destinataire \(code 550\)/,
      ],
      [
        'EMESSAGE 552: Message size exceeds limit',
        /^Le serveur de messagerie a refusé cet e-mail \(code 552\)\.$/,
      ],
      [
        'EENVELOPE 451: 4.3.2 Try again later',
        /^Le serveur de messagerie a demandé de réessayer plus tard \(code 451\)\.$/,
      ],
      ['Something odd', /^L’envoi a échoué pour une raison/],
    ];
    for (const [lastError, sentence] of cases) {
      const said = ownerSentence(lastError)!;
      expect(said).toMatch(sentence);
      expect(said).not.toMatch(/10\.0\.0\.5|smtp\.example|Recipient|Authentication|<adresse>/);
    }
    expect(ownerSentence(null)).toBeNull();
  });
});
