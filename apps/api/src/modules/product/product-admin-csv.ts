import Papa from 'papaparse';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueCsvColumn,
  type CsvImportChange,
  type CsvImportError,
} from '@comptoir/contract/admin-catalogue';
import type { CapacityUnit } from '@comptoir/domain/catalogue';
import {
  centsToEurosText,
  eurosTextToCents,
  parseDecimalText,
} from '@comptoir/domain/decimal-input';
import { slugify } from '@comptoir/domain/slug';

/*
 * The products and stock spreadsheet. A French Excel writes semicolons and decimal commas, an
 * English one commas and points: both are read (papaparse guesses the separator), headers are
 * matched without accents or case, and each line is checked on its own so that the owner gets
 * every wrong line with its number at once. Planning is pure: the service re-plans against the
 * rows it reads inside the import's transaction.
 */

export interface CsvDeclination {
  id: number;
  productId: number;
  productName: string;
  isPublished: boolean;
  year: number | null;
  capacity: number | null;
  capacityUnit: CapacityUnit | null;
  priceCents: number;
  fixedPriceCents: number | null;
  stock: number;
  isStockManaged: boolean;
  sellByMultipleOf: number;
}

/** The declination fields a line sets (only the columns present in the file). */
export interface CsvDeclinationFields {
  year?: number | null;
  capacity?: number | null;
  capacityUnit?: CapacityUnit | null;
  priceCents?: number;
  fixedPriceCents?: number | null;
  stock?: number;
  isStockManaged?: boolean;
  sellByMultipleOf?: number;
}

export type CsvOperation =
  | {
      kind: 'UPDATE';
      line: number;
      declinationId: number;
      productId: number;
      fields: CsvDeclinationFields;
      isPublished?: boolean;
    }
  | { kind: 'CREATE_DECLINATION'; line: number; productId: number; fields: CsvDeclinationFields }
  | {
      kind: 'CREATE_PRODUCT';
      line: number;
      productName: string;
      slug: string;
      fields: CsvDeclinationFields;
      isPublished: boolean;
    };

export interface CsvPlan {
  operations: CsvOperation[];
  changes: CsvImportChange[];
  errors: CsvImportError[];
  lineCount: number;
}

const UNIT_NAMES: Record<string, CapacityUnit> = {
  l: 'LITER',
  litre: 'LITER',
  litres: 'LITER',
  liter: 'LITER',
  cl: 'CENTILITRE',
  centilitre: 'CENTILITRE',
  centilitres: 'CENTILITRE',
};
const UNIT_LABELS: Record<CapacityUnit, string> = { LITER: 'L', CENTILITRE: 'cl' };
const YES = new Set(['oui', 'o', 'yes', 'y', '1', 'vrai', 'true', 'x']);
const NO = new Set(['non', 'n', 'no', '0', 'faux', 'false', '']);

const FIELD_LABELS: Record<string, string> = {
  year: 'Millésime',
  capacity: 'Contenance',
  priceCents: 'Prix',
  fixedPriceCents: 'Prix net',
  stock: 'Stock',
  isStockManaged: 'Stock géré',
  sellByMultipleOf: 'Vendu par',
  isPublished: 'Publié',
};

/** 'Millésime ' → 'millesime', 'Prix net' → 'prix_net'. */
function headerKey(header: string): string {
  return header
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

class LineError extends Error {}

function integerCell(text: string, label: string, min: number, max: number): number {
  const value = parseDecimalText(text);
  if (value === null || !Number.isInteger(value) || value < min || value > max) {
    throw new LineError(
      `${label} : « ${text} » n'est pas un nombre entier entre ${min} et ${max}.`,
    );
  }
  return value;
}

function centsCell(text: string, label: string): number {
  const cents = eurosTextToCents(text);
  if (cents === null || cents < 0 || cents > 100_000_000) {
    throw new LineError(
      `${label} : « ${text} » n'est pas un montant en euros (par exemple 12,50).`,
    );
  }
  return cents;
}

function booleanCell(text: string, label: string): boolean {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new LineError(`${label} : répondez oui ou non (et non « ${text} »).`);
}

/** The fields of one line, from the columns present. */
function readFields(cells: Partial<Record<CatalogueCsvColumn, string>>): CsvDeclinationFields {
  const fields: CsvDeclinationFields = {};
  const has = (column: CatalogueCsvColumn) => cells[column] !== undefined;
  const text = (column: CatalogueCsvColumn) => (cells[column] ?? '').trim();
  if (has('millesime')) {
    fields.year =
      text('millesime') === '' ? null : integerCell(text('millesime'), 'Millésime', 1800, 2200);
  }
  if (has('contenance') || has('unite')) {
    const capacityText = text('contenance');
    const unitText = text('unite').toLowerCase();
    if (capacityText === '' && unitText === '') {
      fields.capacity = null;
      fields.capacityUnit = null;
    } else {
      const capacity = parseDecimalText(capacityText);
      const unit = UNIT_NAMES[unitText] ?? (unitText === 'liter' ? 'LITER' : undefined);
      if (capacity === null || capacity <= 0 || capacity > 1000) {
        throw new LineError(
          `Contenance : « ${capacityText} » n'est pas une contenance (par exemple 75 ou 1,5).`,
        );
      }
      if (!unit) throw new LineError(`Unité : « ${text('unite')} » ; écrivez cl ou L.`);
      fields.capacity = capacity;
      fields.capacityUnit = unit;
    }
  }
  // An empty price, stock or flag leaves the declination's as it is; an empty vintage, capacity
  // or net price means none (as the export writes them), so a file exported and re-imported as is
  // changes nothing.
  const filled = (column: CatalogueCsvColumn) => has(column) && text(column) !== '';
  if (filled('prix')) fields.priceCents = centsCell(text('prix'), 'Prix');
  if (has('prix_net')) {
    fields.fixedPriceCents =
      text('prix_net') === '' ? null : centsCell(text('prix_net'), 'Prix net');
  }
  if (filled('stock')) fields.stock = integerCell(text('stock'), 'Stock', 0, 1_000_000);
  if (filled('stock_gere')) fields.isStockManaged = booleanCell(text('stock_gere'), 'Stock géré');
  if (has('vendu_par'))
    fields.sellByMultipleOf = integerCell(text('vendu_par'), 'Vendu par', 1, 1000);
  return fields;
}

/** A field's value as the owner reads it in the preview. */
function shown(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field === 'priceCents' || field === 'fixedPriceCents')
    return `${centsToEurosText(value as number)} €`;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return String(value);
}

function capacityText(
  capacity: number | null | undefined,
  unit: CapacityUnit | null | undefined,
): string | null {
  return capacity == null || !unit
    ? null
    : `${String(capacity).replace('.', ',')} ${UNIT_LABELS[unit]}`;
}

/** The fields that differ from the current row, [before, after]. */
function differences(
  fields: CsvDeclinationFields & { isPublished?: boolean },
  current: Partial<CsvDeclination> | null,
): Record<string, [string | null, string | null]> {
  const result: Record<string, [string | null, string | null]> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'capacityUnit') continue;
    if (field === 'capacity') {
      const before = current ? capacityText(current.capacity, current.capacityUnit) : null;
      const after = capacityText(fields.capacity, fields.capacityUnit);
      if (before !== after) result[FIELD_LABELS.capacity!] = [before, after];
      continue;
    }
    const before = current ? shown(field, current[field as keyof CsvDeclination]) : null;
    const after = shown(field, value);
    if (before !== after) result[FIELD_LABELS[field] ?? field] = [before, after];
  }
  return result;
}

export function readCsvRows(csv: string): { header: string[]; rows: string[][] } {
  const parsed = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: false,
  });
  const [header = [], ...rows] = parsed.data;
  return { header, rows };
}

/**
 * Checks every line of the file against the site's declinations and says what each would do.
 * `takenSlugs` are the site's product addresses, so that a new product gets a free one.
 */
export function planCatalogueImport(
  csv: string,
  current: readonly CsvDeclination[],
  existingProducts: ReadonlyMap<number, string>,
  takenSlugs: ReadonlySet<string>,
): CsvPlan {
  const { header, rows } = readCsvRows(csv);
  const errors: CsvImportError[] = [];
  const columns = header.map(headerKey);
  const unknown = header.filter(
    (_, index) => !CATALOGUE_CSV_COLUMNS.includes(columns[index] as CatalogueCsvColumn),
  );
  if (unknown.length > 0) {
    errors.push({
      line: 1,
      message: `Colonne inconnue : ${unknown.map((name) => `« ${name} »`).join(', ')}. Colonnes possibles : ${CATALOGUE_CSV_COLUMNS.join(', ')}.`,
    });
  }
  if (
    !columns.includes('id_declinaison') &&
    !columns.includes('id_produit') &&
    !columns.includes('produit')
  ) {
    errors.push({ line: 1, message: 'Il faut une colonne id_declinaison, id_produit ou produit.' });
  }
  if (errors.length > 0) return { operations: [], changes: [], errors, lineCount: rows.length };

  const byId = new Map(current.map((row) => [row.id, row]));
  const operations: CsvOperation[] = [];
  const changes: CsvImportChange[] = [];
  const seenDeclinations = new Map<number, number>();
  const newProducts = new Map<string, string>();
  const slugs = new Set(takenSlugs);
  let lineCount = 0;

  rows.forEach((row, index) => {
    const line = index + 2;
    if (row.every((cell) => cell.trim() === '')) return;
    lineCount += 1;
    const cells: Partial<Record<CatalogueCsvColumn, string>> = {};
    columns.forEach((column, position) => {
      cells[column as CatalogueCsvColumn] = row[position] ?? '';
    });
    try {
      if (row.length !== columns.length) {
        throw new LineError(
          `${row.length} colonnes au lieu de ${columns.length} : vérifiez le séparateur et les guillemets.`,
        );
      }
      const fields = readFields(cells);
      const publishedText = cells.publie;
      const isPublished =
        publishedText === undefined || publishedText.trim() === ''
          ? undefined
          : booleanCell(publishedText, 'Publié');
      const declinationText = (cells.id_declinaison ?? '').trim();
      if (declinationText !== '') {
        const id = integerCell(declinationText, 'id_declinaison', 1, 2_147_483_647);
        const existing = byId.get(id);
        if (!existing) throw new LineError(`La déclinaison ${id} n'existe pas dans ce catalogue.`);
        const earlier = seenDeclinations.get(id);
        if (earlier) throw new LineError(`La déclinaison ${id} est déjà à la ligne ${earlier}.`);
        seenDeclinations.set(id, line);
        const changed = differences(
          { ...fields, ...(isPublished === undefined ? {} : { isPublished }) },
          existing,
        );
        if (Object.keys(changed).length === 0) return;
        operations.push({
          kind: 'UPDATE',
          line,
          declinationId: id,
          productId: existing.productId,
          fields,
          isPublished,
        });
        changes.push({
          line,
          kind: 'UPDATE',
          productName: existing.productName,
          declinationId: id,
          fields: changed,
        });
        return;
      }
      if (fields.priceCents === undefined)
        throw new LineError('Une nouvelle déclinaison a besoin de son prix.');
      const productText = (cells.id_produit ?? '').trim();
      if (productText !== '') {
        const productId = integerCell(productText, 'id_produit', 1, 2_147_483_647);
        const productName = existingProducts.get(productId);
        if (productName === undefined)
          throw new LineError(`Le produit ${productId} n'existe pas dans ce catalogue.`);
        operations.push({ kind: 'CREATE_DECLINATION', line, productId, fields });
        changes.push({
          line,
          kind: 'CREATE_DECLINATION',
          productName,
          declinationId: null,
          fields: differences(fields, null),
        });
        return;
      }
      const productName = (cells.produit ?? '').trim();
      if (productName === '')
        throw new LineError('Indiquez id_declinaison, id_produit ou le nom du produit.');
      if (productName.length > 200)
        throw new LineError('Le nom du produit dépasse 200 caractères.');
      let slug = newProducts.get(productName);
      if (!slug) {
        const base = slugify(productName) || 'produit';
        slug = base;
        for (let suffix = 2; slugs.has(slug); suffix += 1) slug = `${base}-${suffix}`;
        slugs.add(slug);
        newProducts.set(productName, slug);
      }
      operations.push({
        kind: 'CREATE_PRODUCT',
        line,
        productName,
        slug,
        fields,
        isPublished: isPublished ?? false,
      });
      changes.push({
        line,
        kind: 'CREATE_PRODUCT',
        productName,
        declinationId: null,
        fields: differences({ ...fields, isPublished: isPublished ?? false }, null),
      });
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      errors.push({ line, message: error.message });
    }
  });
  if (lineCount === 0 && errors.length === 0) {
    errors.push({
      line: 2,
      message: 'Le fichier ne contient aucune ligne après les titres des colonnes.',
    });
  }
  return { operations, changes, errors, lineCount };
}

/** The export: semicolons and decimal commas (a French Excel opens it as is), a BOM for its UTF-8. */
export function catalogueCsv(rows: readonly CsvDeclination[]): string {
  const lines = rows.map((row) => [
    String(row.id),
    String(row.productId),
    row.productName,
    row.year === null ? '' : String(row.year),
    row.capacity === null ? '' : String(row.capacity).replace('.', ','),
    row.capacityUnit ? UNIT_LABELS[row.capacityUnit] : '',
    centsToEurosText(row.priceCents),
    row.fixedPriceCents === null ? '' : centsToEurosText(row.fixedPriceCents),
    String(row.stock),
    row.isStockManaged ? 'oui' : 'non',
    String(row.sellByMultipleOf),
    row.isPublished ? 'oui' : 'non',
  ]);
  return `\ufeff${Papa.unparse({ fields: [...CATALOGUE_CSV_COLUMNS], data: lines }, { delimiter: ';', newline: '\r\n' })}\r\n`;
}
