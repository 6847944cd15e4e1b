/**
 * The last refusal of a mail as the owner reads it: one French sentence from the code the
 * delivery job kept (lib/mail-delivery.ts describeDeliveryError: nodemailer's code, the SMTP
 * reply code, the server's text). The server's text is left out: it may name hosts, and it is
 * English jargon; the reply code stays for whoever the owner asks for help.
 */
export function ownerSentence(lastError: string | null): string | null {
  if (!lastError) return null;
  const match = /^([A-Z][A-Z_]*)?(?:\s*(\d{3}))?:/.exec(lastError);
  const code = match?.[1] ?? '';
  const reply = match?.[2] ? Number(match[2]) : null;
  const withCode = reply ? ` (code ${reply})` : '';
  if (code === 'EAUTH') {
    return `Le serveur d’envoi a refusé l’identifiant du site${withCode} : les réglages SMTP de l’hébergement sont à vérifier.`;
  }
  if (reply !== null && reply >= 500 && code === 'EENVELOPE') {
    return `Le serveur de messagerie a refusé ce destinataire${withCode} : l’adresse est peut-être mal écrite ou n’existe plus.`;
  }
  if (reply !== null && reply >= 500) {
    return `Le serveur de messagerie a refusé cet e-mail${withCode}.`;
  }
  if (reply !== null && reply >= 400) {
    return `Le serveur de messagerie a demandé de réessayer plus tard${withCode}.`;
  }
  if (
    [
      'ECONNECTION',
      'ETIMEDOUT',
      'ESOCKET',
      'EDNS',
      'ECONNREFUSED',
      'ECONNRESET',
      'EPROTOCOL',
    ].includes(code) ||
    /ECONNREFUSED|ECONNRESET|ETIMEDOUT|closed|timeout/i.test(lastError)
  ) {
    return 'Le serveur d’envoi des e-mails ne répondait pas : l’envoi sera possible quand il sera de nouveau joignable.';
  }
  return 'L’envoi a échoué pour une raison que le serveur d’envoi n’a pas précisée.';
}
