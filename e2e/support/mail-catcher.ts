import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail, type CaughtMail } from './mail-message';
import { MAIL_HTTP_PORT, SMTP_PORT } from './urls';

/**
 * A real SMTP peer for the e2e run (started by playwright.config.ts): it accepts every mail on
 * 127.0.0.1:SMTP_PORT, keeps them in memory, and serves them as JSON on
 * http://127.0.0.1:MAIL_HTTP_PORT/messages?to=<address> (newest last), so that a journey can
 * follow the link of a password reset mail exactly as a person would. A journey may have it refuse
 * one address for a while (POST /refuse?to=…, then POST /accept?to=…): a mail server's refusal,
 * for the back office's « E-mails non envoyés » (decision 0115).
 */
const refused = new Set<string>();
const mails: CaughtMail[] = [];
/** The run creates a handful of mails; the bound only guards against a runaway loop. */
const MAX_MAILS = 1_000;

const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no certificate to manage in tests.
  disabledCommands: ['STARTTLS', 'AUTH'],
  banner: 'Comptoir e2e mail catcher',
  size: 5 * 1024 * 1024,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address.toLowerCase())) {
      callback(Object.assign(new Error('5.1.1 Recipient address rejected'), { responseCode: 550 }));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
      mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
      if (mails.length > MAX_MAILS) mails.shift();
      callback();
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${MAIL_HTTP_PORT}`);
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(found));
    return;
  }
  const address = url.searchParams.get('to')?.toLowerCase();
  if (request.method === 'POST' && address && url.pathname === '/refuse') {
    refused.add(address);
    response.writeHead(204).end();
    return;
  }
  if (request.method === 'POST' && address && url.pathname === '/accept') {
    refused.delete(address);
    response.writeHead(204).end();
    return;
  }
  if (url.pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`mail catcher: ${mails.length} mails\n`);
    return;
  }
  response.writeHead(404).end();
});

smtp.listen(SMTP_PORT, '127.0.0.1', () => {
  http.listen(MAIL_HTTP_PORT, '127.0.0.1', () => {
    console.log(
      `mail catcher: SMTP on ${SMTP_PORT}, messages on http://127.0.0.1:${MAIL_HTTP_PORT}/messages`,
    );
  });
});

function stop() {
  http.close();
  smtp.close(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
