import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
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

async function buildTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create(PGLITE_OPTIONS);
  try {
    await migrateAndSeed(wrapPglite(client, 'memory'));
    const dump = await client.dumpDataDir('none');
    // Write then rename, so that a test file running in parallel never reads half a template.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    // Another checkout's run may sweep this partial away as stale (its key differs): this file
    // still has its database, only the next file builds the template again.
    await rename(partial, file).catch(() => undefined);
    return dump;
  } finally {
    await client.close();
  }
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
type PgliteStart = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule'>> & {
  fsBundle: Blob;
};
type WasmModule = PgliteStart['pgliteWasmModule'];
/** Node's WebAssembly global (the API's lib settings leave out the browser's declarations). */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(code: Buffer): Promise<WasmModule> } }
).WebAssembly;
let pgliteStart: Promise<PgliteStart> | undefined;
const templates = new Map<string, Promise<Blob>>();

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
  const name = `${TEMPLATE_PREFIX}${await pgliteVersion()}-${await seededTemplateKey()}`;
  let template = templates.get(name);
  if (!template) {
    template = readOrBuildTemplate(name);
    templates.set(name, template);
    // A failed build is tried again by the next file, not remembered.
    template.catch(() => templates.delete(name));
  }
  const start = await loadPgliteStart();
  return wrapPglite(
    await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await template, ...start }),
    'memory',
  );
}

async function readOrBuildTemplate(name: string): Promise<Blob> {
  const file = path.join(os.tmpdir(), `${name}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    await removeStaleTemplates(name);
    return await buildTemplate(file);
  }
}
