import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite, type Database } from '../db/client';
import { applyMigrations, MIGRATIONS_FOLDER } from '../db/migrate';

const TEMPLATE_PREFIX = 'comptoir-pglite-template-';

/** Identifies the migrated schema: the PGlite version and every migration file's content. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package does not export its package.json: find it from its entry point.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = JSON.parse(
    await readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglitePackage.version);
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await applyMigrations(wrapPglite(client, 'memory'));
    const dump = await client.dumpDataDir('none');
    // Write then rename, so that a test file running in parallel never reads half a template.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
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
 * An in-memory PGlite with the migrations applied. Creating a PGlite cluster (initdb) takes
 * seconds, loading a dump of one takes a fraction of that: the first test file writes a migrated
 * template to the temp folder, keyed by the migrations, and the others start from it.
 */
export async function openMigratedPglite(): Promise<Database> {
  const name = `${TEMPLATE_PREFIX}${await templateKey()}`;
  const file = path.join(os.tmpdir(), `${name}.tar`);
  let template: Blob;
  try {
    template = new Blob([await readFile(file)]);
  } catch {
    await removeStaleTemplates(name);
    template = await buildTemplate(file);
  }
  const database = wrapPglite(await PGlite.create({ loadDataDir: template }), 'memory');
  // A no-op with an up-to-date template; it keeps the harness correct if the key ever missed a change.
  await applyMigrations(database);
  return database;
}
