import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryFS, PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, wrapPglite, type Database } from '../db/client';
import { applyMigrations, MIGRATIONS_FOLDER } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';

const TEMPLATE_PREFIX = 'comptoir-pglite-template-';
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * What a seeded template is made of: the migrations, and the code the seed runs (its own files,
 * the schema its inserts are written with — a column the schema lacks is silently left out —, the
 * site templates its sample sites are written from, the domain's parameter catalogue and rules,
 * the contract's constants). Test files never count.
 */
const TEMPLATE_SOURCES = [
  MIGRATIONS_FOLDER,
  path.join(repositoryRoot, 'apps/api/src/db/seed'),
  path.join(repositoryRoot, 'apps/api/src/db/schema'),
  path.join(repositoryRoot, 'apps/api/src/modules/platform/templates'),
  path.join(repositoryRoot, 'packages/domain/src'),
  path.join(repositoryRoot, 'packages/contract/src'),
];

/**
 * Identifies a seeded database: every source file it is built from, and the year (the seed
 * computes the year's public holidays). Shared by the PGlite and the PostgreSQL templates.
 */
export async function seededTemplateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(String(new Date().getUTCFullYear()));
  for (const folder of TEMPLATE_SOURCES) {
    const files = (await readdir(folder, { recursive: true }))
      .filter((file) => /\.(sql|json|ts)$/.test(file) && !file.endsWith('.test.ts'))
      .sort();
    for (const file of files) {
      hash.update(file).update(await readFile(path.join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite version is part of the PGlite template's key: a dump only loads in its own. */
async function pgliteVersion(): Promise<string> {
  // The package does not export its package.json: find it from its entry point.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = JSON.parse(
    await readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  return pglitePackage.version;
}

/** Migrates and seeds a database, as every test file starts from. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await applyMigrations(database);
  await seedDatabase(database.db);
}

/**
 * A seeded data folder, file by file (paths under PGDATA, parents before children; a directory
 * has no data). Loading it writes each file once into a new PGlite's in-memory file system: no
 * tarball to read, check and unpack again for every test file (decision 0129).
 */
interface TemplateEntry {
  path: string;
  mode: number;
  data?: Uint8Array;
}

const PGDATA = PGlite.paths.PGDATA;

/** PGlite's in-memory file system that keeps the data folder as its database closes. */
class CapturingMemoryFS extends MemoryFS {
  entries: TemplateEntry[] = [];

  override async closeFs(): Promise<void> {
    // PostgreSQL has shut down cleanly by now (its shutdown checkpoint is written): a copy of
    // this folder starts without crash recovery.
    const fs = this.pg!.Module.FS;
    const walk = (folder: string) => {
      for (const name of fs.readdir(folder).sort()) {
        if (name === '.' || name === '..') continue;
        const file = `${folder}/${name}`;
        const { mode } = fs.stat(file);
        if (fs.isDir(mode)) {
          this.entries.push({ path: file.slice(PGDATA.length + 1), mode });
          walk(file);
        } else {
          const data = fs.readFile(file, { encoding: 'binary' });
          this.entries.push({ path: file.slice(PGDATA.length + 1), mode, data });
        }
      }
    };
    walk(PGDATA);
    await super.closeFs();
  }
}

/** PGlite's in-memory file system, started with a copy of a seeded data folder. */
class SeededMemoryFS extends MemoryFS {
  constructor(private readonly entries: readonly TemplateEntry[]) {
    super();
  }

  // PGlite calls this once its file system exists, before it looks for a database there.
  override async initialSyncFs(): Promise<void> {
    const fs = this.pg!.Module.FS;
    fs.mkdirTree(PGDATA, 0o700);
    for (const { path: file, mode, data } of this.entries) {
      if (data) fs.writeFile(`${PGDATA}/${file}`, data);
      else fs.mkdir(`${PGDATA}/${file}`, mode);
    }
  }
}

/** The template file: the entries' list as JSON (its length first), then their data in order. */
function serializeTemplate(entries: readonly TemplateEntry[]): Buffer {
  const list = Buffer.from(
    JSON.stringify(entries.map(({ path: file, mode, data }) => [file, mode, data?.length ?? -1])),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(list.length);
  return Buffer.concat([length, list, ...entries.flatMap(({ data }) => (data ? [data] : []))]);
}

function parseTemplate(file: Buffer): TemplateEntry[] {
  const listLength = file.readUInt32LE(0);
  const list = JSON.parse(file.subarray(4, 4 + listLength).toString()) as [
    string,
    number,
    number,
  ][];
  let offset = 4 + listLength;
  return list.map(([entry, mode, size]) => {
    if (size < 0) return { path: entry, mode };
    // A plain Uint8Array, not a Buffer: Emscripten copies a file's first write with `slice`,
    // which for a Buffer is a view, and every database of the worker would share its files.
    const data = new Uint8Array(file.buffer, file.byteOffset + offset, size);
    offset += size;
    return { path: entry, mode, data };
  });
}

async function buildTemplate(file: string): Promise<TemplateEntry[]> {
  const fs = new CapturingMemoryFS();
  const client = await PGlite.create({ ...PGLITE_OPTIONS, fs });
  try {
    await migrateAndSeed(wrapPglite(client, 'memory'));
    // Tests use the one database: initdb's template0 and template1 are a third of the files.
    for (const template of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${template} WITH is_template false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
  } catch (error) {
    await client.close();
    throw error;
  }
  await client.close();
  // Write then rename, so that a test file running in parallel never reads half a template.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, serializeTemplate(fs.entries));
  // Another checkout's run may sweep this partial away as stale (its key differs): this file
  // still has its database, only the next file builds the template again.
  await rename(partial, file).catch(() => undefined);
  return fs.entries;
}

async function removeStaleTemplates(current: string): Promise<void> {
  const entries = await readdir(os.tmpdir()).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.startsWith(TEMPLATE_PREFIX) && !entry.startsWith(current))
      .map((entry) => rm(path.join(os.tmpdir(), entry), { force: true })),
  );
}

/**
 * What every PGlite of this process starts from, loaded once per process (a vitest worker runs
 * many test files): the compiled WebAssembly of PostgreSQL and initdb, the file bundle beside
 * them, and the seeded template. Compiling PostgreSQL's 9 MB of WebAssembly again for each test
 * file cost a fifth of a database's start.
 */
type PgliteStart = Required<
  Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>
>;
type WasmModule = PgliteStart['pgliteWasmModule'];
/** Node's WebAssembly global (the API's lib settings leave out the browser's declarations). */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(code: Buffer): Promise<WasmModule> } }
).WebAssembly;
let pgliteStart: Promise<PgliteStart> | undefined;
const templates = new Map<string, Promise<TemplateEntry[]>>();

function loadPgliteStart(): Promise<PgliteStart> {
  pgliteStart ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    return {
      pgliteWasmModule: await wasm.compile(pglite!),
      initdbWasmModule: await wasm.compile(initdb!),
      fsBundle: new Blob([bundle!]),
    };
  })();
  return pgliteStart;
}

/**
 * An in-memory PGlite, migrated and seeded. Creating a PGlite cluster (initdb), migrating and
 * seeding it takes seconds; loading a dump of one takes a fraction of that: the first test file
 * writes a seeded template to the temp folder, keyed by what it is built from, and the others
 * start from it.
 */
export async function openSeededPglite(): Promise<Database> {
  const name = `${TEMPLATE_PREFIX}files-${await pgliteVersion()}-${await seededTemplateKey()}`;
  let template = templates.get(name);
  if (!template) {
    template = readOrBuildTemplate(name);
    templates.set(name, template);
    // A failed build is tried again by the next file, not remembered.
    template.catch(() => templates.delete(name));
  }
  const start = await loadPgliteStart();
  return wrapPglite(
    await PGlite.create({ ...PGLITE_OPTIONS, fs: new SeededMemoryFS(await template), ...start }),
    'memory',
  );
}

async function readOrBuildTemplate(name: string): Promise<TemplateEntry[]> {
  const file = path.join(os.tmpdir(), name);
  try {
    return parseTemplate(await readFile(file));
  } catch {
    await removeStaleTemplates(name);
    return await buildTemplate(file);
  }
}
