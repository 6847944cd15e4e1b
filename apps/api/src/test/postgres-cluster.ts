import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const POSTGRES_INSTALLS = '/usr/lib/postgresql';

/**
 * The bin folder of the newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<v>/bin),
 * or PG_BIN_DIR; undefined when there is none (the fault test is then skipped).
 */
export function findPostgresBinaries(): string | undefined {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : existsSync(POSTGRES_INSTALLS)
      ? readdirSync(POSTGRES_INSTALLS)
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join(POSTGRES_INSTALLS, version, 'bin'))
      : [];
  return candidates.find((bin) => existsSync(path.join(bin, 'initdb')));
}

/** initdb and postgres refuse to run as root: as root, they run as the system's postgres user. */
function runAsOptions(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const passwd = pgUser();
  if (!passwd) throw new Error('Running as root with no "postgres" user to run PostgreSQL as');
  return passwd;
}

function pgUser(): { uid: number; gid: number } | undefined {
  // os.userInfo() only knows the current user; /etc/passwd names the others.
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${path.basename(command)} failed (${code}): ${output}`);
}

/**
 * A PostgreSQL cluster of the test's own (issue 32, item 3): initdb into a temporary folder,
 * trust authentication, TCP on 127.0.0.1 only, no fsync (the data is thrown away). The test
 * stops and starts it on the same port, as an operator restarts the server; the shared server on
 * 5432 is never touched.
 */
export class TestPostgresCluster {
  private process: ChildProcess | null = null;
  private dataDir = '';

  constructor(
    readonly port: number,
    readonly bin: string,
  ) {}

  get serverUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Creates the cluster's folder and files (initdb). */
  async create(): Promise<void> {
    const runAs = runAsOptions();
    this.dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-pg-restart-'));
    if ('uid' in runAs) await chown(this.dataDir, runAs.uid, runAs.gid);
    await run(
      path.join(this.bin, 'initdb'),
      [
        '-D',
        this.dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '--no-sync',
        '-E',
        'UTF8',
        '--no-locale',
      ],
      { ...runAs, cwd: this.dataDir },
    );
  }

  /** Starts the server and answers once it accepts connections. */
  async start(): Promise<void> {
    if (this.process) return;
    const child = spawn(
      path.join(this.bin, 'postgres'),
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'shared_buffers=16MB',
        '-c',
        'max_connections=40',
      ],
      { ...runAsOptions(), cwd: this.dataDir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.process = child;
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    for (const started = Date.now(); ;) {
      if (child.exitCode !== null) {
        await exited;
        this.process = null;
        throw new Error(`postgres exited (${child.exitCode}): ${output}`);
      }
      if (await this.answers()) return;
      if (Date.now() - started > 15_000) throw new Error(`postgres did not start: ${output}`);
      await sleep(50);
    }
  }

  /**
   * Stops the server as `pg_ctl stop -m fast` does (SIGINT): every session is cut (57P01), the
   * transactions under way roll back; or `-m immediate` (SIGQUIT), with no checkpoint. Answers
   * once the server has gone.
   */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    await exited;
  }

  /** Stops it and removes its folder. */
  async destroy(): Promise<void> {
    await this.stop();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  private async answers(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.serverUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
