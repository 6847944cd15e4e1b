import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@comptoir/contract/endpoint';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import type { Database } from '../db/client';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './input-guard';

/*
 * Property-based fuzzing of every endpoint of the contract (issue 14 §5): each generated request
 * carries at least one defect — a NUL character in a path parameter, a query value, a JSON body
 * or a multipart part; an id outside PostgreSQL's int4; a body that is not what its content type
 * says, or a content type the route does not take; a JSON body nested past MAX_JSON_DEPTH — and
 * must be refused with a 4xx error envelope, never a 5xx, without anything in the database changing.
 */

type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

const RUNS_PER_ENDPOINT = 60;
const SITE_ID = 91;
const NUL = '\u0000';
const HIGH_LIMIT = { max: 1_000_000, timeWindowMs: 60_000 };
/**
 * The run takes a few seconds per database on an idle machine; the bound leaves room for a CI
 * machine busy with the other test files, which run in parallel.
 */
const RUN_TIMEOUT_MS = 180_000;

/** Every endpoint the contract describes, found from the package's public entry points. */
async function contractEndpoints(): Promise<AnyEndpoint[]> {
  const manifest = JSON.parse(
    readFileSync(new URL('../../../../packages/contract/package.json', import.meta.url), 'utf8'),
  ) as { exports: Record<string, string> };
  const found = new Map<string, AnyEndpoint>();
  for (const entry of Object.keys(manifest.exports)) {
    const module = (await import(`@comptoir/contract/${entry.slice(2)}`)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      if (
        typeof value === 'object' &&
        value !== null &&
        'method' in value &&
        'path' in value &&
        typeof value.method === 'string' &&
        typeof value.path === 'string' &&
        value.path.startsWith('/')
      ) {
        found.set(`${value.method} ${value.path}`, value as AnyEndpoint);
      }
    }
  }
  return [...found.values()];
}

// ---- reading the shapes of the contract's zod schemas --------------------------------------

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/** The schema under optional/nullable/default/pipe wrappers: what decides the value's kind. */
function unwrap(schema: unknown): ZodLike | undefined {
  let current = schema as ZodLike | undefined;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = current._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)) {
      current = def.innerType as ZodLike;
    } else if (def.type === 'pipe') {
      current = def.in as ZodLike;
    } else return current;
  }
  return current;
}

function objectShape(schema: unknown): Record<string, unknown> {
  const inner = unwrap(schema);
  return inner?._zod.def.type === 'object' ? (inner._zod.def.shape as Record<string, unknown>) : {};
}

function isNumberSchema(schema: unknown): boolean {
  const type = unwrap(schema)?._zod.def.type;
  return type === 'number' || type === 'int' || type === 'bigint';
}

/** Whether the endpoint's query schema takes `value` for `key` (as it arrives: a string). */
function queryNumberAccepts(shape: EndpointShape, key: string, value: string): boolean {
  const schema = objectShape(shape.endpoint.query)[key] as
    { safeParse: (input: unknown) => { success: boolean } } | undefined;
  return schema?.safeParse(value).success ?? false;
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}

// ---- generators -------------------------------------------------------------------------------

const shortText = fc.string({ maxLength: 12 });
const textWithNul = fc
  .tuple(shortText, shortText)
  .map(([before, after]) => `${before}${NUL}${after}`);
/** Ids PostgreSQL's int4 cannot hold, or that are not positive. */
const badId = fc.oneof(
  fc.constantFrom('2147483648', '4294967296', '9223372036854775808', '1e20', '0', '-1'),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: -1n }).map(String),
);
/** Values of path parameters that name something of the site (set once the seed is known). */
const knownParams: Record<string, string[]> = {
  id: ['1', '2', '3'],
  idPage: ['1'],
  idLayout: ['1'],
  route: ['ateliers', 'bandeau-promotionnel'],
  from: ['newsletter'],
  slug: ['accueil', 'a'],
  type: ['COMPANY_NAME'],
  app: ['matomo'],
  key: ['0123456789abcdef0123456789abcdef.png'],
};
const plainParam = (name: string) => fc.constantFrom(...(knownParams[name] ?? ['1', 'a']));
/** Any JSON value, now and then with a NUL inside a string. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  textWithNul,
  fc.constantFrom(2147483648, -2147483649, 1e20, Number.MAX_SAFE_INTEGER),
);

/** A JSON value where at least one string, somewhere, holds a NUL. */
const valueWithNul = fc.oneof(
  textWithNul,
  fc.array(textWithNul, { minLength: 1, maxLength: 3 }),
  fc.dictionary(shortText, textWithNul, { minKeys: 1, maxKeys: 3 }),
  fc.record({ value: textWithNul, text: textWithNul }),
);

/**
 * A valid body for each write endpoint, so that one NUL (or one bad id) is the only thing wrong:
 * this is how a visitor's contact message or registration reached PostgreSQL and failed there.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /message': {
    firstname: 'Léa',
    lastname: 'Moreau',
    email: 'lea.moreau@example.fr',
    phone: '06 12 34 56 78',
    subject: 'Rendez-vous',
    message: 'Bonjour, je voudrais prendre rendez-vous pour un bilan.',
    consent: true,
  },
  'POST /register': {
    email: 'nouvelle.cliente@example.fr',
    password: 'Brushing2026',
    firstname: 'Léa',
    lastname: 'Moreau',
    phone: '06 12 34 56 78',
    birthdate: '1990-04-12',
    acceptTerms: true,
  },
  'POST /login': { email: 'fuzz-admin@example.fr', password: 'Brushing2026' },
  'PUT /password/reset/ask': { email: 'fuzz-admin@example.fr' },
  'PUT /password/reset': { token: 'abcdefabcdef', password: 'Brushing2026' },
  'PUT /user': {
    firstname: 'Léa',
    lastname: 'Moreau',
    phone: '06 12 34 56 78',
    birthdate: '1990-04-12',
  },
  'PUT /user/password': { currentPassword: 'Brushing2026', newPassword: 'Coiffure2027' },
  'POST /newsletter/subscribe': { email: 'lecteur@example.fr' },
  'POST /element/:route/:id/register': {
    firstname: 'Léa',
    lastname: 'Moreau',
    email: 'lea.moreau@example.fr',
    phone: '06 12 34 56 78',
    seats: 1,
    message: 'Avec plaisir',
  },
  'POST /cart': { type: 'WINE', discountCode: 'BIENVENUE' },
  'POST /image/load-svg': { url: '/samples/logo.svg' },
  'PUT /admin/page/:idPage/blocks': {
    blocks: [{ type: 'richText', title: 'Bienvenue', html: '<p>Bonjour</p>' }],
  },
  'PUT /admin/parameter/:type': { value: 'Atelier' },
  'POST /admin/element/:route': { title: 'Atelier', html: '<p>Bonjour</p>' },
  'POST /admin/page/:idPage/layout/:idLayout/hash/check': { html: '<div>mise en page</div>' },
  'POST /admin/page': {
    url: '/atelier-fuzz',
    title: 'Atelier',
    menuTitle: null,
    metaDescription: null,
    showInMenu: true,
    isFixedOnRight: false,
    link: null,
    isCustomHeader: false,
    isCustomFooter: false,
    idParent: null,
  },
  'PUT /admin/page/:id': {
    url: '/atelier-fuzz',
    title: 'Atelier',
    menuTitle: null,
    metaDescription: null,
    showInMenu: true,
    isFixedOnRight: false,
    link: null,
    isCustomHeader: false,
    isCustomFooter: false,
  },
};

/** Valid text parts of the multipart endpoints (the seeded appointment form of site 91). */
const VALID_PARTS: Record<string, string> = {
  firstname: 'Léa',
  lastname: 'Moreau',
  email: 'lea.moreau@example.fr',
  phone: '06 12 34 56 78',
  service: 'colorimetrie',
  message: 'Bonjour, un bilan avant un mariage.',
  consent: 'true',
  html: '<div>mise en page</div>',
};

/** Paths of the string leaves of a JSON value, such as ['blocks', 0, 'title']. */
function stringLeaves(
  value: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function withLeaf(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

interface BadRequest {
  defect: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Caller = 'visitor' | 'admin';

interface EndpointShape {
  endpoint: AnyEndpoint;
  params: string[];
  numberParams: string[];
  queryKeys: string[];
  numberQueryKeys: string[];
  bodyKeys: string[];
  hasBody: boolean;
  multipart: boolean;
}

function shapeOf(endpoint: AnyEndpoint, multipartRoutes: Set<string>): EndpointShape {
  const params = pathParamNames(endpoint.path);
  const paramShape = objectShape(endpoint.params);
  const queryShape = objectShape(endpoint.query);
  const bodyShape = objectShape(endpoint.body);
  return {
    endpoint,
    params,
    numberParams: params.filter((name) => isNumberSchema(paramShape[name])),
    queryKeys: Object.keys(queryShape),
    numberQueryKeys: Object.keys(queryShape).filter((key) => isNumberSchema(queryShape[key])),
    bodyKeys: Object.keys(bodyShape),
    hasBody: endpoint.method !== 'GET',
    multipart: multipartRoutes.has(`${endpoint.method} ${endpoint.path}`),
  };
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? '1'),
  );
}

function queryString(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}

function multipartBody(
  parts: Array<{ name: string; value: string; filename?: string }>,
  boundary = 'fuzzboundary7MA4YWxk',
) {
  const chunks = parts.map((part) =>
    part.filename === undefined
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png\r\n\r\n${part.value}\r\n`,
  );
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Arrays and objects nested past the depth limit, up to the 12,000 arrays (24 KB) that once
 * exhausted the call stack (a 500), alone or as the value of a key beside valid ones.
 */
function nestedJson(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const half = Math.ceil(depth / 2);
  return `${'[{"a":'.repeat(half)}"[{"${'}]'.repeat(half)}`;
}
const tooDeepJson = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: MAX_JSON_DEPTH + 1, max: MAX_JSON_DEPTH + 3 }),
      fc.integer({ min: MAX_JSON_DEPTH + 1, max: 12_000 }),
      fc.constant(12_000),
    ),
    fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'),
    fc.boolean(),
  )
  .map(([depth, kind, alone]) =>
    alone ? nestedJson(depth, kind) : `{"idCart":1,"x":${nestedJson(depth - 1, kind)}}`,
  );

/** Bodies that are not what their content type announces, or types no route reads. */
const malformedBody = fc.oneof(
  fc.record({
    contentType: fc.constant('application/json'),
    payload: fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":"\\u0000"', '\u0000', '{}}'),
  }),
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'image/png',
      'application/json; charset=utf-16',
      'invalid',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=fuzz',
      'multipart/mixed; boundary=fuzz',
    ),
    payload: fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        '--fuzz\r\nContent-Disposition: form-data\r\n\r\nb\r\n--fuzz--\r\n',
        '--fuzz\r\n\r\n\r\n--fuzz--',
        '--fuzz--',
        `a=${NUL}&b=1`,
      ),
    ),
  }),
);

function requestsFor(shape: EndpointShape): fc.Arbitrary<BadRequest> {
  const { endpoint } = shape;
  const method = endpoint.method;
  const plainParams = fc.record(
    Object.fromEntries(shape.params.map((name) => [name, plainParam(name)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const plainQuery = fc.dictionary(
    fc.constantFrom(...shape.queryKeys, 'page', 'nbItem', 'q'),
    fc.oneof(shortText, fc.constantFrom('1', '2', '10')),
    { maxKeys: 3 },
  );
  const jsonBody = fc.dictionary(fc.constantFrom(...shape.bodyKeys, 'x'), jsonValue, {
    maxKeys: 6,
  });
  const build = (
    defect: string,
    params: Record<string, string>,
    query: Record<string, string>,
    body?: { contentType: string; payload: string | Buffer },
  ): BadRequest => ({
    defect,
    method,
    url: `${fillPath(endpoint.path, params)}${queryString(query)}`,
    headers: body ? { 'content-type': body.contentType } : {},
    ...(body ? { payload: body.payload } : {}),
  });

  const kinds: Array<fc.Arbitrary<BadRequest>> = [];
  // A NUL in a query value, whether the endpoint reads that key or not.
  kinds.push(
    fc
      .tuple(plainParams, plainQuery, fc.constantFrom(...shape.queryKeys, 'q', 'from'), textWithNul)
      .map(([params, query, key, value]) =>
        build('NUL in the query string', params, { ...query, [key]: value }),
      ),
  );
  if (shape.params.length > 0) {
    kinds.push(
      fc
        .tuple(plainParams, fc.constantFrom(...shape.params), textWithNul)
        .map(([params, name, value]) =>
          build('NUL in a path parameter', { ...params, [name]: value }, {}),
        ),
    );
  }
  if (shape.numberParams.length > 0) {
    kinds.push(
      fc
        .tuple(plainParams, fc.constantFrom(...shape.numberParams), badId)
        .map(([params, name, value]) =>
          build('id outside int4 in a path parameter', { ...params, [name]: value }, {}),
        ),
    );
  }
  if (shape.numberQueryKeys.length > 0) {
    kinds.push(
      fc
        .tuple(plainParams, fc.constantFrom(...shape.numberQueryKeys), badId)
        // 0 or -1 is no id, but may be a fine value of a query number (a low-stock threshold of
        // 0): only a value the endpoint's own schema refuses is bad input here.
        .filter(([, key, value]) => !queryNumberAccepts(shape, key, value))
        .map(([params, key, value]) =>
          build('number outside int4 in the query string', params, { [key]: value }),
        ),
    );
  }
  if (shape.hasBody && !shape.multipart) {
    kinds.push(
      fc
        .tuple(plainParams, jsonBody, fc.constantFrom(...shape.bodyKeys, 'x'), valueWithNul)
        .map(([params, body, key, value]) =>
          build(
            'NUL in a JSON body',
            params,
            {},
            {
              contentType: 'application/json',
              payload: JSON.stringify({ ...body, [key]: value }),
            },
          ),
        ),
    );
  }
  if (shape.hasBody && !shape.multipart) {
    kinds.push(
      fc
        .tuple(plainParams, tooDeepJson)
        .map(([params, payload]) =>
          build('JSON nested too deep', params, {}, { contentType: 'application/json', payload }),
        ),
    );
  }
  const example = VALID_BODIES[`${method} ${endpoint.path}`];
  if (example && !shape.multipart) {
    const leaves = stringLeaves(example);
    kinds.push(
      fc
        .tuple(plainParams, fc.constantFrom(...leaves), fc.nat(), fc.boolean())
        .map(([params, leaf, at, replace]) => {
          const original = leaf.reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            example,
          ) as string;
          const cut = at % (original.length + 1);
          const poisoned = replace ? NUL : `${original.slice(0, cut)}${NUL}${original.slice(cut)}`;
          return build(
            'NUL in an otherwise valid JSON body',
            params,
            {},
            {
              contentType: 'application/json',
              payload: JSON.stringify(withLeaf(example, leaf, poisoned)),
            },
          );
        }),
    );
    if (shape.numberParams.length > 0) {
      kinds.push(
        fc
          .tuple(plainParams, fc.constantFrom(...shape.numberParams), badId)
          .map(([params, name, value]) =>
            build(
              'id outside int4 with a valid body',
              { ...params, [name]: value },
              {},
              {
                contentType: 'application/json',
                payload: JSON.stringify(example),
              },
            ),
          ),
      );
    }
  }
  if (shape.multipart) {
    const partNames = fc.constantFrom(...Object.keys(VALID_PARTS), 'photo', 'image');
    kinds.push(
      fc
        .tuple(plainParams, partNames, textWithNul, fc.boolean())
        .map(([params, name, value, asFileName]) => {
          const parts = Object.entries(VALID_PARTS)
            .filter(([key]) => key !== name)
            .map(([key, text]) => ({ name: key, value: text }));
          const poisoned = asFileName
            ? { name, value: 'x', filename: `photo${value}.png` }
            : { name, value: `${VALID_PARTS[name] ?? ''}${value}` };
          return build(
            asFileName ? 'NUL in a multipart file name' : 'NUL in a multipart field',
            params,
            {},
            multipartBody([...parts, poisoned]),
          );
        }),
    );
  }
  if (shape.hasBody) {
    kinds.push(
      fc
        .tuple(plainParams, malformedBody)
        .map(([params, body]) => build('malformed body or content type', params, {}, body)),
    );
  }
  return fc.oneof(...kinds);
}

// ---- the database must not change ---------------------------------------------------------

/** The rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function queryRows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One checksum per table of the public schema: its row count and an md5 of its rows. */
async function databaseFingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      database,
      sql`select count(*)::int as rows,
                 md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
          from ${sql.identifier(table)} t`,
    );
    fingerprint[table] = `${row?.rows}:${row?.digest}`;
  }
  return fingerprint;
}

// ---- the run ----------------------------------------------------------------------------------

let testApp: TestApp;
let adminToken: string;
const multipartRoutes = new Set<string>();

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      loginPerIp: HIGH_LIMIT,
      registerPerIp: HIGH_LIMIT,
      passwordResetAskPerIp: HIGH_LIMIT,
      newsletterSubscribePerIp: HIGH_LIMIT,
      contactMessagePerIp: HIGH_LIMIT,
      loginFailuresPerAccount: HIGH_LIMIT,
      bookingHoldsPerIp: HIGH_LIMIT,
    },
    siteVisitPerIp: HIGH_LIMIT,
    productSheetPerIp: HIGH_LIMIT,
  });
  // Routes that read multipart themselves leave the contract's body out of Fastify's schema.
  testApp.app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.schema?.summary && !route.schema.body && methods.some((m) => m !== 'GET')) {
      for (const method of methods) multipartRoutes.add(`${method} ${route.url}`);
    }
  });
  await testApp.app.ready();
  const firstId = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number; route?: string }>(testApp.database, query))[0];
  const form = await firstId(
    sql`select id from forms where site_id = ${SITE_ID} order by id limit 1`,
  );
  const event = await firstId(
    sql`select e.id, l.route from elements e join element_lists l on l.id = e.list_id
        where e.site_id = ${SITE_ID} and e.registration_capacity is not null order by e.id limit 1`,
  );
  const page = await firstId(
    sql`select id from pages where site_id = ${SITE_ID} order by id limit 1`,
  );
  knownParams.id = [...new Set([form, event, page].filter(Boolean).map((row) => String(row!.id)))];
  if (event?.route) knownParams.route = [event.route];
  if (event) knownParams.id = [String(event.id), ...knownParams.id!];
  if (page) knownParams.idPage = [String(page.id)];

  ({ token: adminToken } = await createUserWithSession(testApp.database.db, {
    siteId: SITE_ID,
    role: 'ADMIN',
    email: 'fuzz-admin@example.fr',
  }));
});
afterAll(async () => {
  await testApp?.close();
});

describe('bad input at the edge', () => {
  it(
    'refuses malformed requests to every endpoint with a 4xx envelope and writes nothing',
    async () => {
      const endpoints = await contractEndpoints();
      const unregistered = endpoints.filter(
        (endpoint) =>
          !testApp.app.hasRoute({
            method: endpoint.method,
            url: endpoint.path,
          }),
      );
      expect(unregistered.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
      // Only routes whose contract has a body can be multipart; GET never is.
      for (const key of [...multipartRoutes]) {
        const endpoint = endpoints.find((entry) => `${entry.method} ${entry.path}` === key);
        if (!endpoint?.body) multipartRoutes.delete(key);
      }

      const before = await databaseFingerprint(testApp.database);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const serverErrorsBySource = new Map<string, number>();
      let tried = 0;

      for (const [index, endpoint] of endpoints.entries()) {
        const shape = shapeOf(endpoint, multipartRoutes);
        await fc.assert(
          fc.asyncProperty(
            requestsFor(shape),
            fc.constantFrom<Caller>('visitor', 'admin'),
            async (request, caller) => {
              tried += 1;
              const response = await testApp.app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: {
                  siteid: String(SITE_ID),
                  ...request.headers,
                  ...(caller === 'admin' ? { authorization: `Bearer ${adminToken}` } : {}),
                },
                ...(request.payload !== undefined ? { payload: request.payload } : {}),
              });
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              const refused =
                response.statusCode >= 400 &&
                response.statusCode < 500 &&
                errorEnvelopeSchema.safeParse(safeJson(response.body)).success;
              if (!refused) {
                if (response.statusCode >= 500) {
                  const key = `${request.method} ${endpoint.path} (${request.defect})`;
                  serverErrorsBySource.set(key, (serverErrorsBySource.get(key) ?? 0) + 1);
                }
                failures.push(
                  `${response.statusCode} ${request.method} ${JSON.stringify(request.url)} as ${caller} ` +
                    `(${request.defect}${request.headers['content-type'] ? `, ${request.headers['content-type']}` : ''}): ${response.body.slice(0, 160)}`,
                );
              }
            },
          ),
          { numRuns: RUNS_PER_ENDPOINT, seed: 1405 + index },
        );
      }

      const after = await databaseFingerprint(testApp.database);
      const serverErrors = [...statuses]
        .filter(([status]) => status >= 500)
        .reduce((total, [, count]) => total + count, 0);
      console.info(
        `bad-input fuzz: ${tried} requests to ${endpoints.length} endpoints, ` +
          `${serverErrors} answered 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      if (serverErrorsBySource.size > 0) {
        console.info(
          [...serverErrorsBySource]
            .map(([source, count]) => `  ${count} × 5xx: ${source}`)
            .join('\n'),
        );
      }
      // 5xx first: they are the worst answer to bad input.
      failures.sort((a, b) => Number(b.startsWith('5')) - Number(a.startsWith('5')));
      expect(failures.slice(0, 30)).toEqual([]);
      expect(after).toEqual(before);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('JSON nested too deep', () => {
  it('answers 400 in French on every endpoint that reads JSON, before parsing it', async () => {
    // 12,000 arrays inside one another (24 KB): the body of the report that answered 500.
    const payload = nestedJson(12_000, 'array');
    // As the platform's administrator: the back office's gates (401, 403) come before the body.
    const { token } = await createUserWithSession(testApp.database.db, {
      siteId: SITE_ID,
      role: 'SUPER_ADMIN',
      email: 'fuzz-platform@example.fr',
    });
    const answers: string[] = [];
    for (const endpoint of await contractEndpoints()) {
      const shape = shapeOf(endpoint, multipartRoutes);
      if (!shape.hasBody || shape.multipart) continue;
      const response = await testApp.app.inject({
        method: endpoint.method as 'POST',
        // An address of its own: the fuzzing above spent 127.0.0.1's per-address budgets
        // (POST /consent's, for one), and a 429 comes before the body is read.
        remoteAddress: '198.51.100.7',
        url: fillPath(endpoint.path, Object.fromEntries(shape.params.map((name) => [name, '1']))),
        headers: {
          siteid: String(SITE_ID),
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        payload,
      });
      const message = (safeJson(response.body) as { message?: string } | undefined)?.message;
      if (response.statusCode !== 400 || message !== JSON_TOO_DEEP_MESSAGE) {
        answers.push(`${response.statusCode} ${endpoint.method} ${endpoint.path}: ${message}`);
      }
    }
    expect(answers, answers.join('\n')).toEqual([]);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
