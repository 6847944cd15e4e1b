/**
 * `npm run bench`: throughput and p99 latency of the platform API (`GET /parameter`) and of the
 * storefront's home page SSR, each beside a reference measured in the same run on the same machine
 * (a bare Fastify route returning the same JSON; the same HTML served as a static file).
 * Prints figures and ratios; it never fails because a machine is slow.
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ports = { api: 4300, web: 3300, bareJson: 4301, staticHtml: 4302 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
const children: ChildProcess[] = [];
const say = (line: string) => console.log(`[bench] ${line}`);

function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

interface Figures {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

async function main() {
  say('Building the storefront (next build)…');
  const build = spawn(bin('next'), ['build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const buildCode = await new Promise<number>((resolve) =>
    build.on('exit', (code) => resolve(code ?? 1)),
  );
  if (buildCode !== 0) throw new Error('next build failed; run it in apps/web to see why');

  say('Starting the API (fresh PGlite) and the storefront…');
  start(bin('tsx'), ['src/server.ts'], path.join(root, 'apps/api'), {
    API_PORT: String(ports.api),
    DATA_DIR: workDir,
    LOG_LEVEL: 'warn',
  });
  await waitFor(`${apiUrl}/health`);
  start(bin('next'), ['start', '-p', String(ports.web)], path.join(root, 'apps/web'), {
    API_URL: apiUrl,
    PORT: String(ports.web),
    SITE_ID: '91',
  });
  const homeUrl = `http://127.0.0.1:${ports.web}/`;
  await waitFor(homeUrl);

  // The references serve exactly what the real servers answer.
  const siteHeaders = { siteId: '91', userLang: 'fr_FR' };
  const parameterJson = await (await fetch(`${apiUrl}/parameter`, { headers: siteHeaders })).text();
  const homeHtml = await (await fetch(homeUrl)).text();
  writeFileSync(path.join(workDir, 'parameter.json'), parameterJson);
  writeFileSync(path.join(workDir, 'home.html'), homeHtml);
  const references = fork(
    path.join(root, 'bench/reference-servers.ts'),
    [
      path.join(workDir, 'parameter.json'),
      String(ports.bareJson),
      path.join(workDir, 'home.html'),
      String(ports.staticHtml),
    ],
    { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  children.push(references);
  await new Promise<void>((resolve) => references.once('message', () => resolve()));

  say(`Measuring, ${seconds} s each with ${connections} connections (warm-up first)…`);
  await measure(`${apiUrl}/parameter`, siteHeaders);
  await measure(homeUrl);
  const rows = [
    { name: 'GET /parameter (API)', figures: await measure(`${apiUrl}/parameter`, siteHeaders) },
    {
      name: '  reference: bare Fastify, same JSON',
      figures: await measure(`http://127.0.0.1:${ports.bareJson}/parameter`),
    },
    { name: 'GET / home SSR (storefront)', figures: await measure(homeUrl) },
    {
      name: '  reference: same HTML, static file',
      figures: await measure(`http://127.0.0.1:${ports.staticHtml}/`),
    },
  ];

  console.log('');
  console.log('| measure | req/s | p99 ms | errors | req/s vs reference | p99 vs reference |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (let index = 0; index < rows.length; index += 2) {
    const subject = rows[index]!;
    const reference = rows[index + 1]!;
    const ratio = (subject.figures.requestsPerSecond / reference.figures.requestsPerSecond).toFixed(
      2,
    );
    const latency = (subject.figures.p99 / Math.max(reference.figures.p99, 1)).toFixed(2);
    for (const row of [subject, reference]) {
      const isSubject = row === subject;
      console.log(
        `| ${row.name} | ${row.figures.requestsPerSecond.toFixed(0)} | ${row.figures.p99} | ${row.figures.errors} | ${isSubject ? `${ratio}×` : '1.00×'} | ${isSubject ? `${latency}×` : '1.00×'} |`,
      );
    }
  }
  console.log(
    `\nParameter payload ${(parameterJson.length / 1024).toFixed(1)} KiB, home page ${(homeHtml.length / 1024).toFixed(1)} KiB.`,
  );
}

main()
  .catch((error) => {
    console.error(`[bench] ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(cleanUp);
