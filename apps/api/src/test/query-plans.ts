import pg from 'pg';

/*
 * The statements the repositories send, captured at the PostgreSQL driver, and their plans
 * (issue 31, decision 0123): a test drives a request path through the app and learns which
 * statements it sent, so that it follows the code rather than a copy of its SQL.
 */

export interface SentStatement {
  text: string;
  values: unknown[];
}

/** The statements whose plan can read a table (transaction control, SET… are left out). */
const PLANNED = /^\s*(\(?\s*select|with|update|delete|insert)\b/i;

/**
 * Records every planned statement sent by any node-postgres client of this process (the app's
 * pool and its transactions alike) while `work` runs. Not reentrant: one recording at a time.
 */
export async function recordStatements(work: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function recordingQuery(this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const statement =
      typeof first === 'string'
        ? { text: first, values: Array.isArray(second) ? second : [] }
        : first && typeof first === 'object' && 'text' in first
          ? {
              text: String((first as { text: unknown }).text),
              // drizzle passes the values beside the query's config.
              values: ((first as { values?: unknown[] }).values ??
                (Array.isArray(second) ? second : [])) as unknown[],
            }
          : null;
    if (statement && PLANNED.test(statement.text)) sent.push(statement);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return sent;
}

/** A scan of a tenant table that reads the whole table (or the whole of one of its indexes). */
export interface FullScan {
  table: string;
  node: string;
  sql: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables holding a site's rows (a `site_id` column), and `sites` itself: the tables that
 * grow with the number of sites and of their records.
 */
export async function tenantTables(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT DISTINCT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'site_id'`,
  );
  return new Set([...rows.map((row) => row.table_name), 'sites']);
}

/**
 * Plans each statement with sequential scans disabled and answers the scans that still read a
 * whole tenant table: a `Seq Scan` (the planner keeps one only where no index can serve, so
 * every one is a missing index), or an index scan without an index condition (the planner walks
 * a whole index rather than the table, as slow) unless the index is partial (it holds only the
 * rows its predicate keeps: the statement's own condition). `client` is a connection of its own.
 */
export async function fullScansOf(
  client: pg.Client,
  statements: readonly SentStatement[],
  tenants: ReadonlySet<string>,
): Promise<FullScan[]> {
  await client.query('SET enable_seqscan = off');
  const partial = new Set(
    (
      await client.query<{ indexname: string }>(
        `SELECT indexrelid::regclass::text AS indexname FROM pg_index WHERE indpred IS NOT NULL`,
      )
    ).rows.map((row) => row.indexname),
  );
  const found: FullScan[] = [];
  const seen = new Set<string>();
  for (const statement of statements) {
    if (seen.has(statement.text)) continue;
    seen.add(statement.text);
    const { rows } = await client
      .query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) ${statement.text}`,
        statement.values,
      )
      .catch((error: unknown) => {
        throw new Error(`Could not plan ${JSON.stringify(statement)}: ${String(error)}`);
      });
    const walk = (node: PlanNode) => {
      const table = node['Relation Name'];
      const wholeIndex =
        (node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan') &&
        node['Index Cond'] === undefined &&
        !partial.has(node['Index Name'] ?? '');
      if (table && tenants.has(table) && (node['Node Type'] === 'Seq Scan' || wholeIndex)) {
        found.push({ table, node: node['Node Type'], sql: statement.text });
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    for (const plan of rows[0]!['QUERY PLAN']) walk(plan.Plan);
  }
  return found;
}
