import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { SecretBoxError, type SecretBox } from './secret-box';

/**
 * A table's sealed secrets, as the rotation command walks them (decision 0107): each module that
 * keeps secrets sealed with the platform key gives one store through its face, and
 * `npm run secrets:rotate` re-seals them all under the new key in one transaction.
 */
export interface SealedSecretStore {
  /** For the command's summary: "payment settings". */
  name: string;
  /** Every row's sealed values (null: none kept), keyed by a row id the store understands. */
  list(tx: Db): Promise<{ rowId: string; sealed: Record<string, string | null> }[]>;
  replace(tx: Db, rowId: string, sealed: Record<string, string>): Promise<void>;
  /** Secrets still kept in clear from before sealing: sealed with the new key and moved. */
  sealPlain?(tx: Db, box: SecretBox): Promise<number>;
}

export interface RotationOutcome {
  resealed: number;
  alreadyNew: number;
  sealedFromPlain: number;
}

/**
 * Opens every sealed value with the old key and seals it with the new one. A value the new key
 * already opens (a rotation run twice, or stopped halfway) is left as it is; a value neither
 * opens stops everything (the transaction is rolled back): nothing is half rotated.
 */
export async function rotateSecrets(
  db: Db,
  stores: readonly SealedSecretStore[],
  oldBox: SecretBox,
  newBox: SecretBox,
): Promise<RotationOutcome> {
  const outcome: RotationOutcome = { resealed: 0, alreadyNew: 0, sealedFromPlain: 0 };
  await db.transaction(async (tx) => {
    for (const store of stores) {
      for (const row of await store.list(tx)) {
        const replaced: Record<string, string> = {};
        for (const [column, sealed] of Object.entries(row.sealed)) {
          if (sealed === null) continue;
          let plain: string;
          try {
            plain = oldBox.open(sealed);
          } catch {
            try {
              newBox.open(sealed);
              outcome.alreadyNew += 1;
              continue;
            } catch {
              throw new SecretBoxError(
                `A secret of ${store.name} (row ${row.rowId}, ${column}) opens with neither the old nor the new key: nothing was changed.`,
              );
            }
          }
          replaced[column] = newBox.seal(plain);
          outcome.resealed += 1;
        }
        if (Object.keys(replaced).length > 0) await store.replace(tx, row.rowId, replaced);
      }
      if (store.sealPlain) outcome.sealedFromPlain += await store.sealPlain(tx, newBox);
    }
  });
  return outcome;
}

/**
 * The store of a table keyed by site whose sealed secrets are plain columns (the relay and review
 * settings): `columns` are the sealed columns' property names in the Drizzle table.
 */
export function siteSealedColumnsStore<Table extends PgTable & { siteId: PgColumn }>(
  name: string,
  table: Table,
  columns: readonly (keyof Table['$inferSelect'] & string)[],
): SealedSecretStore {
  return {
    name,
    async list(tx) {
      const rows = (await tx.select().from(table as PgTable)) as Record<string, unknown>[];
      return rows.map((row) => ({
        rowId: String(row.siteId),
        sealed: Object.fromEntries(
          columns.map((column) => [column, (row[column] as string | null) ?? null]),
        ),
      }));
    },
    async replace(tx, rowId, sealed) {
      const values = Object.fromEntries(
        columns.filter((column) => sealed[column]).map((column) => [column, sealed[column]]),
      );
      await tx
        .update(table as PgTable)
        .set(values)
        .where(eq(table.siteId, Number(rowId)));
    },
  };
}
