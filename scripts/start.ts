/**
 * `npm start`: builds the storefront when its sources changed, then runs the API (:4000) and the
 * storefront (:3000) together. Ctrl-C stops both cleanly. Everything a person waits for is announced.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const vendorCopies = path.join(webDir, 'public/vendor');
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const env = {
  ...process.env,
  API_PORT: apiPort,
  PORT: webPort,
  API_URL: apiUrl,
  // After a content write the API asks this storefront to refresh its cached pages; both servers
  // get the same secret, a new one at each start unless one is set.
  STOREFRONT_URL: process.env.STOREFRONT_URL ?? `http://127.0.0.1:${webPort}`,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET ?? crypto.randomUUID(),
};

const say = (line: string) => console.log(`[comptoir] ${line}`);

/** Newest modification time under the given folders, skipping build output and dependencies. */
function newestSourceTime(folders: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'data', 'test-results'].includes(entry.name)) continue;
      if (entry.name.startsWith('.next') || entry.name.endsWith('.tsbuildinfo')) continue;
      const full = path.join(dir, entry.name);
      // The cookie banner's files are copied there by every build and every start (next.config):
      // not sources, and always newer than the build.
      if (full === vendorCopies) continue;
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  folders.forEach(walk);
  return newest;
}

function storefrontBuildIsStale(): boolean {
  const buildId = path.join(webDir, '.next/BUILD_ID');
  if (!existsSync(buildId)) return true;
  const sources = [
    webDir,
    path.join(root, 'packages/contract'),
    path.join(root, 'packages/domain'),
  ];
  return newestSourceTime(sources) > statSync(buildId).mtimeMs;
}

/**
 * Runs a binary of the workspace directly, in its own process group: Ctrl-C reaches only this
 * launcher, which then asks each server once to stop. (A server that got the terminal's SIGINT
 * and then our SIGTERM would take the second signal as "stop now" and skip its graceful close.)
 */
function run(bin: string, args: string[], cwd: string, options = { ownGroup: true }): ChildProcess {
  return spawn(path.join(root, 'node_modules/.bin', bin), args, {
    cwd,
    env,
    stdio: 'inherit',
    detached: options.ownGroup,
  });
}

/**
 * The Node flags of a workspace's own `npm start` (`tsx <flags> <entry>`): the heap settings of
 * decision 0132, the same however a server is started.
 */
function startFlags(kind: 'api' | 'web'): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'apps', kind, 'package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

async function waitForApi(api: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null)
      throw new Error('The API stopped during start-up (see the lines above).');
    try {
      const response = await fetch(`${apiUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The API did not answer on ${apiUrl}/health within 2 minutes.`);
}

async function main() {
  if (storefrontBuildIsStale()) {
    say('Building the storefront (Next.js production build, about a minute on first start)…');
    const code = await waitForExit(run('next', ['build'], webDir, { ownGroup: false }));
    if (code !== 0) {
      console.error(
        '[comptoir] The storefront build failed (see above): fix the error, then run npm start again.',
      );
      process.exit(code);
    }
  } else {
    say('Storefront build is up to date.');
  }

  say(`Starting the API on ${apiUrl}…`);
  const api = run('tsx', [...startFlags('api'), 'src/server.ts'], path.join(root, 'apps/api'));
  const running: ChildProcess[] = [api];
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    say('Stopping…');
    const children = running.filter((child) => child.exitCode === null);
    children.forEach((child) => child.kill('SIGTERM'));
    await Promise.all(children.map(waitForExit));
    say('Stopped.');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  api.on('exit', (code) => {
    if (!stopping) {
      console.error(`[comptoir] The API stopped unexpectedly (exit code ${code}).`);
      void stop(1);
    }
  });

  try {
    await waitForApi(api);
  } catch (error) {
    console.error(`[comptoir] ${(error as Error).message}`);
    return stop(1);
  }
  say(`Starting the storefront on http://localhost:${webPort}…`);
  // server.ts: Next behind a server that writes the forwarding headers (client address) itself.
  const web = run('tsx', [...startFlags('web'), 'server.ts'], webDir);
  running.push(web);
  web.on('exit', (code) => {
    if (!stopping) {
      console.error(`[comptoir] The storefront stopped unexpectedly (exit code ${code}).`);
      void stop(1);
    }
  });
  say(
    `Comptoir is running: http://localhost:${webPort} (site 91), http://vins.localhost:${webPort} (site 92), API docs ${apiUrl}/docs. Ctrl-C stops both.`,
  );
}

void main();
