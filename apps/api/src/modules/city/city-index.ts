import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { City } from '@comptoir/contract/city';
import { CITIES_LIMIT } from '@comptoir/contract/city';

/*
 * French communes with their postal codes, from @etalab/decoupage-administratif (the official
 * INSEE geography with La Poste's postal codes, kept by the French administration's open-data
 * team). The list is read once and searched in memory: a search scans ~40 000 rows in a few ms.
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
  /** Its words, for word-prefix matches ("layon" finds Bellevigne-en-Layon). */
  words: string[];
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
        words: key.split(' '),
        population: commune.population ?? 0,
        isCurrent: commune.type === 'commune-actuelle',
      });
    }
  }
  const postalCodes = new Set(rows.map((row) => row.postalCode));

  const byRank = (a: { rank: number; row: CityRow }, b: { rank: number; row: CityRow }) =>
    a.rank - b.rank ||
    Number(b.row.isCurrent) - Number(a.row.isCurrent) ||
    b.row.population - a.row.population ||
    a.row.key.localeCompare(b.row.key) ||
    a.row.postalCode.localeCompare(b.row.postalCode);

  const toCity = ({ row }: { row: CityRow }): City => ({
    code: row.code,
    name: row.name,
    postalCode: row.postalCode,
    departmentCode: row.departmentCode,
  });

  return {
    size: rows.length,
    hasPostalCode: (postalCode) => postalCodes.has(postalCode.trim()),
    search(text) {
      const query = normalizeCityName(text);
      if (query === '') return [];
      const matches: { rank: number; row: CityRow }[] = [];
      if (/^\d+$/.test(query.replace(/ /g, ''))) {
        const digits = query.replace(/ /g, '');
        for (const row of rows) {
          if (row.postalCode.startsWith(digits)) {
            matches.push({ rank: row.postalCode === digits ? 0 : 1, row });
          }
        }
      } else {
        const queryWords = query.split(' ');
        for (const row of rows) {
          let rank: number;
          if (row.key === query) rank = 0;
          else if (row.key.startsWith(query)) rank = 1;
          else if (
            row.words.some((word) => word.startsWith(queryWords[0]!)) &&
            row.key.includes(query)
          )
            rank = 2;
          else if (row.key.includes(query)) rank = 3;
          else continue;
          matches.push({ rank, row });
        }
      }
      return matches.sort(byRank).slice(0, CITIES_LIMIT).map(toCity);
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
