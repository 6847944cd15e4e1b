import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { registerCustomer, RELAXED_AUTH_LIMITS, uniqueEmail } from '../test/accounts';
import { siteRequest } from '../test/http';
import { deliverMails, linkIn, mailsTo } from '../test/mails';
import { createTestApp, type TestApp } from '../test/test-app';
import { maskUrl, safeError } from './log-safety';

/** Every line the API logs, as written. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const fullLog = () => logLines.join('');

let testApp: TestApp;
let dataDir: string;
/** Without SMTP_URL, mails are kept as .eml files in DATA_DIR/mail. */
const outboxDir = () => path.join(dataDir, 'mail');
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-outbox-'));
  testApp = await createTestApp({
    logger: { level: 'info', stream: logStream },
    authLimits: RELAXED_AUTH_LIMITS,
    env: { DATA_DIR: dataDir },
  });
  // An insert that fails (the id is taken) with a real hash, address and phone among its parameters.
  testApp.app.post('/test/failing-insert', async () => {
    const [existing] = await testApp.database.db.select().from(users).limit(1);
    await testApp.database.db.insert(users).values({ ...existing!, createdAt: undefined });
    return { success: true, data: null, message: null };
  });
});
afterAll(async () => {
  await testApp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the log of a registration, a reset ask and a failing insert', () => {
  it('holds no password hash, token, link, e-mail address or phone number', async () => {
    const phone = '06 98 76 54 32';
    const { email, token: sessionToken } = await registerCustomer(testApp.app, 91, { phone });
    const ask = await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: '/password/reset/ask',
      headers: { cookie: `token=${sessionToken}`, authorization: `Bearer ${sessionToken}` },
      payload: { email },
    });
    expect(ask.statusCode).toBe(200);
    const { url: resetLink, token: resetToken } = linkIn(
      (await mailsTo(testApp, email))[0],
      '/password/reset',
    );
    // The job hands the queued mails to the local outbox (and says so in the log).
    await deliverMails(testApp);
    const [account] = await testApp.database.db.select().from(users).where(eq(users.email, email));
    const failing = await testApp.app.inject({ method: 'POST', url: '/test/failing-insert' });
    expect(failing.statusCode).toBe(500);
    testApp.app.log.info({ user: { email, phone, password: 'Secret2026' } }, 'Nested values');

    const log = fullLog();
    // The log did record what happened…
    expect(log).toContain('Unhandled error');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('parameters not logged');
    expect(log).toContain('Mail kept in the local outbox');
    // …without any secret or personal data.
    const [firstUser] = await testApp.database.db.select().from(users).limit(1);
    for (const secret of [
      email,
      phone,
      account!.passwordHash!,
      firstUser!.passwordHash ?? '$argon2',
      firstUser!.email,
      '$argon2',
      sessionToken,
      resetToken,
      resetLink,
      'Secret2026',
    ]) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
  });

  it('writes each mail as an .eml file under the outbox folder instead', async () => {
    const email = uniqueEmail('eml');
    await registerCustomer(testApp.app, 92, { email });
    await deliverMails(testApp);
    const files = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml'));
    expect(files.every((name) => !name.includes('@'))).toBe(true);
    const contents = await Promise.all(
      files.map((name) => readFile(path.join(outboxDir(), name), 'utf8')),
    );
    const welcome = contents.find((content) => content.includes(`To: ${email}`));
    expect(welcome).toMatch(/^Subject: Bienvenue sur le site Domaine des Trois Coteaux/m);
    expect(welcome).toContain('Content-Type: multipart/alternative');
  });
});

describe('safeError', () => {
  it('keeps the query, code and constraint of a database error, never its parameters or detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_pkey',
      detail: 'Key (email)=(lea@example.fr) already exists.',
    });
    const failure = Object.assign(
      new Error('Failed query: insert into users\nparams: lea@example.fr,$argon2id$v=19'),
      { name: 'DrizzleQueryError', query: 'insert into users', params: ['lea@example.fr'], cause },
    );
    const logged = JSON.stringify(safeError(failure));
    expect(logged).toContain('insert into users');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_pkey');
    expect(logged).not.toContain('lea@example.fr');
    expect(logged).not.toContain('argon2');
  });

  it('masks link secrets and addresses in logged URLs', () => {
    const secret = 'Zk3v9Q_x-7aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
    expect(maskUrl(`/newsletter/unsubscribe/${secret}`)).toBe('/newsletter/unsubscribe/[redacted]');
    expect(maskUrl('/admin/users?search=lea@example.fr&page=2')).toBe(
      '/admin/users?search=[redacted]&page=2',
    );
  });
});
