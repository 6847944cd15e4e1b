import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { City } from '@comptoir/contract/city';
import { CITIES_LIMIT } from '@comptoir/contract/city';

/*
 * French communes with their postal codes, from @etalab/decoupage-administratif (the official
 * INSEE geography with La Poste's postal codes, kept by the French administration's open-data
 * team). The list is read once and searched in memory: a search scans ~35 500 rows in a few ms.
 */

interface CommuneRecord {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'commune-deleguee' | 'commune-associee' | 'arrondissement-municipal';
  departement?: string;
  codesPostaux?: string[];
  population?: number;
}

interface CityRow extends City {
  /** The name lowercased, without accents, punctuation as spaces, "st" as "saint". */
  key: string;
  population: number;
  /** Current communes rank before former ones (communes déléguées) at equal match. */
  isCurrent: boolean;
}

/** Lowercase, accents off, every non-alphanumeric run a space, St/Ste spelled out. */
export function normalizeCityName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bst\b/g, 'saint');
}

export interface CityIndex {
  search(text: string): City[];
  hasPostalCode(postalCode: string): boolean;
  size: number;
}

function buildIndex(communes: readonly CommuneRecord[]): CityIndex {
  const rows: CityRow[] = [];
  const seen = new Set<string>();
  // Current communes first, so that a former commune with the same name and code is dropped.
  const ordered = [...communes].sort(
    (a, b) => Number(b.type === 'commune-actuelle') - Number(a.type === 'commune-actuelle'),
  );
  for (const commune of ordered) {
    // Paris, Lyon and Marseille's arrondissements are in the commune's own postal codes.
    if (commune.type === 'arrondissement-municipal' || !commune.departement) continue;
    const key = normalizeCityName(commune.nom);
    for (const postalCode of commune.codesPostaux ?? []) {
      const id = `${key}|${postalCode}`;
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({
        code: commune.code,
        name: commune.nom,
        postalCode,
        departmentCode: commune.departement,
        key,
        population: commune.population ?? 0,
        isCurrent: commune.type === 'commune-actuelle',
      });
    }
  }
  const postalCodes = new Set(rows.map((row) => row.postalCode));
  // Ties between equal matches go to current communes, then bigger ones, then by name and postal
  // code: sorted once here, so that a search compares two numbers instead of four fields.
  rows.sort(
    (a, b) =>
      Number(b.isCurrent) - Number(a.isCurrent) ||
      b.population - a.population ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
      (a.postalCode < b.postalCode ? -1 : a.postalCode > b.postalCode ? 1 : 0),
  );

  /**
   * The best CITIES_LIMIT rows by match rank, then by the order above: rows come in that order,
   * so a row only enters the kept list when its rank beats the worst kept one. A search never
   * sorts its thousands of matches ("saint" has ~4 000).
   */
  // The scanned fields in flat arrays of one-byte strings: a search touches nothing else.
  const keys = rows.map((row) => Buffer.from(row.key, 'latin1').toString('latin1'));
  const codes = rows.map((row) => row.postalCode);

  function best(rankOf: (index: number) => number | null): City[] {
    const kept: { rank: number; row: CityRow }[] = [];
    for (let index = 0; index < rows.length; index += 1) {
      const rank = rankOf(index);
      if (rank === null) continue;
      if (kept.length === CITIES_LIMIT && rank >= kept[kept.length - 1]!.rank) continue;
      let at = kept.length;
      while (at > 0 && kept[at - 1]!.rank > rank) at -= 1;
      kept.splice(at, 0, { rank, row: rows[index]! });
      if (kept.length > CITIES_LIMIT) kept.pop();
    }
    return kept.map(({ row }) => ({
      code: row.code,
      name: row.name,
      postalCode: row.postalCode,
      departmentCode: row.departmentCode,
    }));
  }

  return {
    size: rows.length,
    hasPostalCode: (postalCode) => postalCodes.has(postalCode.trim()),
    search(text) {
      const query = normalizeCityName(text);
      if (query === '') return [];
      const digits = query.replace(/ /g, '');
      if (/^\d+$/.test(digits)) {
        return best((index) => {
          const code = codes[index]!;
          return code === digits ? 0 : code.startsWith(digits) ? 1 : null;
        });
      }
      // Exact name, then name prefix, then a word of the name, then anywhere in it.
      return best((index) => {
        const key = keys[index]!;
        const at = key.indexOf(query);
        if (at < 0) return null;
        if (at === 0) return key.length === query.length ? 0 : 1;
        return key.charCodeAt(at - 1) === 32 ? 2 : 3;
      });
    },
  };
}

let loading: Promise<CityIndex> | null = null;

/** The index, read from the dataset on first use and kept for the life of the process. */
export function loadCityIndex(): Promise<CityIndex> {
  loading ??= (async () => {
    const file = createRequire(import.meta.url).resolve(
      '@etalab/decoupage-administratif/data/communes.json',
    );
    return buildIndex(JSON.parse(await readFile(file, 'utf8')) as CommuneRecord[]);
  })();
  return loading;
}
