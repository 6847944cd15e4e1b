import { ApiError, type RequestFieldError } from '@comptoir/contract/request';

/*
 * The API's messages as a French customer reads them (decision 0084). The API keeps the spec's
 * exact messages, some of them English (docs/requirements/catalogue.md: 'This product can only be added by multiple of
 * {n}'…); the storefront shows each through this one catalogue, keyed by the spec's message.
 * The API's own French messages are shown as they are. A message the catalogue does not know and
 * that does not read as French gives GENERIC_API_MESSAGE: a visitor never reads English.
 * api-message-catalogue.test.ts collects every message the API source can send and fails on one
 * this catalogue would not show in French. Loaded with the toast and form chunks, and by the
 * browser's API calls only once one fails: never with a first load.
 */

/** Said in place of a message the catalogue does not know. */
export const GENERIC_API_MESSAGE =
  'Votre demande n’a pas pu aboutir. Vérifiez les informations saisies puis réessayez.';

type Values = Record<string, string>;

/** The spec's or the API's message, `{name}` marking a value, and its French wording. */
interface CatalogueEntry {
  api: string;
  french: (values: Values) => string;
}

const count = (value: string | undefined) => Number(value ?? '0');

/** « 6, 12, 18… », the first quantities a multiple allows. */
function firstMultiples(multiple: number): string {
  return `${multiple}, ${multiple * 2}, ${multiple * 3}…`;
}

const LEFT_IN_STOCK = (singular: string, plural: string, none: string) => (values: Values) => {
  const left = count(values.n);
  if (left <= 0) return none;
  if (left === 1) return `Il ne reste qu’${singular} en stock.`;
  return `Il ne reste que ${left} ${plural} en stock.`;
};

const NOT_FOUND = 'Ce contenu est introuvable : il a peut-être été retiré.';

export const API_MESSAGE_CATALOGUE: readonly CatalogueEntry[] = [
  // docs/requirements/catalogue.md, exact wording.
  { api: 'Quantity must be greater than 0', french: () => 'La quantité doit être d’au moins 1.' },
  {
    api: 'This product can only be added by multiple of {n}',
    french: ({ n }) =>
      `Ce produit se vend par multiples de ${n} : choisissez ${firstMultiples(count(n))}`,
  },
  {
    api: 'Only {n} bottles remaining in stock',
    french: LEFT_IN_STOCK('une bouteille', 'bouteilles', 'Ce vin n’est plus en stock.'),
  },
  {
    api: 'Only {n} items remaining in stock',
    french: LEFT_IN_STOCK('un article', 'articles', 'Cet article n’est plus en stock.'),
  },
  // docs/requirements/catalogue.md.
  {
    api: 'No products in cart',
    french: () => 'Votre panier est vide : ajoutez un article pour calculer la livraison.',
  },
  // The API's framework answers (plugins/errors.ts) and its lookups by id.
  {
    api: 'Internal server error',
    french: () => 'Une erreur est survenue de notre côté. Réessayez dans un instant.',
  },
  { api: 'Route {method} {path} not found.', french: () => 'Cette adresse n’existe pas.' },
  // Prometheus' scrape of GET /metrics without its token (decision 0118): an operator's tool
  // reads it, but no answer of the API goes without its French.
  {
    api: 'A valid metrics token is required',
    french: () => 'Cette adresse est réservée à la supervision du service.',
  },
  {
    api: 'Invalid value for the filter {field}: {error}',
    french: () => 'Ce filtre n’est pas valide : rechargez la page puis réessayez.',
  },
  {
    api: 'Invalid {part}: {detail}',
    french: () => 'La demande n’est pas valide : rechargez la page puis réessayez.',
  },
  {
    api: 'Missing or invalid siteId header: send the site{rest}',
    french: () => 'La demande n’est pas valide : rechargez la page puis réessayez.',
  },
  {
    api: 'The siteId header must be a positive integer.',
    french: () => 'La demande n’est pas valide : rechargez la page puis réessayez.',
  },
  { api: 'Unknown site {id}.', french: () => 'Ce site est introuvable.' },
  { api: 'No site is configured for the host {host}.', french: () => 'Ce site est introuvable.' },
  {
    api: 'The instance is shutting down.',
    french: () => 'Le service redémarre : réessayez dans un instant.',
  },
  {
    api: 'Does not answer: {what}.',
    french: () => 'Le service redémarre : réessayez dans un instant.',
  },
  { api: 'The blog is not activated on this site.', french: () => 'Ce site n’a pas de blog.' },
  {
    api: '{app} is not configured on this site.',
    french: () => 'Ce service n’est pas proposé sur ce site.',
  },
  {
    api: '{app} is not configured correctly on this site.',
    french: () => 'Ce service n’est pas disponible pour le moment sur ce site.',
  },
  { api: 'Page {id} not found.', french: () => 'Cette page est introuvable.' },
  { api: 'Product {id} not found.', french: () => 'Ce produit est introuvable.' },
  { api: 'Album {id} not found.', french: () => 'Cet album est introuvable.' },
  { api: 'Blog folder {id} not found.', french: () => 'Cette rubrique du blog est introuvable.' },
  { api: 'Blog article {id} not found.', french: () => 'Cet article du blog est introuvable.' },
  { api: 'News {id} not found.', french: () => 'Cette actualité est introuvable.' },
  { api: 'Service {id} not found.', french: () => 'Cette prestation est introuvable.' },
  { api: 'Element {id} not found in the list {route}.', french: () => NOT_FOUND },
  // Component configurations, popups, element lists.
  { api: '{what} not found.', french: () => NOT_FOUND },
  // The contract's field rules written in English (mostly the back office's).
  { api: 'At most {n} tags.', french: ({ n }) => `${n} étiquettes au plus.` },
  {
    api: 'A tag cannot contain a comma.',
    french: () => 'Une étiquette ne peut pas contenir de virgule.',
  },
  {
    api: 'A field key is 1 to 50 letters, digits or underscores, starting with a letter.',
    french: () =>
      'La clé d’un champ compte de 1 à 50 lettres, chiffres ou tirets bas, et commence par une lettre.',
  },
  { api: 'Expected {what}.', french: () => 'Cette valeur n’est pas valide.' },
  { api: 'The visit source {rest}', french: () => 'Cette valeur n’est pas valide.' },
];

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

interface CompiledEntry {
  pattern: RegExp;
  names: string[];
  french: CatalogueEntry['french'];
}

let compiled: CompiledEntry[] | null = null;

function compiledEntries(): CompiledEntry[] {
  compiled ??= API_MESSAGE_CATALOGUE.map(({ api, french }) => {
    const names: string[] = [];
    const source = api
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(ESCAPE, '\\$&');
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { pattern: new RegExp(`^${source}$`, 's'), names, french };
  });
  return compiled;
}

/** The catalogue's French for a message it has an entry for, or null. */
export function catalogueEntryFor(message: string): string | null {
  const text = message.trim();
  for (const entry of compiledEntries()) {
    const match = entry.pattern.exec(text);
    if (!match) continue;
    const values: Values = {};
    entry.names.forEach((name, index) => {
      values[name] = match[index + 1] ?? '';
    });
    return entry.french(values);
  }
  return null;
}

// Words only English writes, and marks only French writes. A message reads as French when it
// has more French marks than English words: a product's English name (« The Wine Club n’est
// plus disponible. ») does not make a French sentence English.
const ENGLISH_WORDS =
  /\b(?:the|is|are|was|must|only|not|found|invalid|be|can|this|by|of|to|and|with|has|have|please|your|you|expected|received|too|cannot|missing|required|error|failed|unexpected|request|remaining|products?|items?|greater|than|added|already)\b/gi;
const FRENCH_MARKS =
  /[àâçéèêëîïôûùüÿœæ«»’]|\b(?:champ|inattendu|introuvable|invalide|inconnue?|colonnes?|commande|adresse|obligatoire|le|la|les|un|une|des|du|de|est|sont|ce|cette|ces|votre|vos|vous|pas|au|aux|et|ou|en|sur|pour|dans|par|qui|que|ne|plus|aucun|aucune|nous|il|elle)\b/gi;

/** Whether a message reads as French: the API's own French messages are shown as they are. */
export function readsAsFrench(message: string): boolean {
  const french = message.match(FRENCH_MARKS)?.length ?? 0;
  const english = message.match(ENGLISH_WORDS)?.length ?? 0;
  return french > english;
}

/** One message of the API as a French customer reads it. */
export function frenchApiMessage(message: string): string {
  const text = message.trim();
  if (text === '') return GENERIC_API_MESSAGE;
  const entry = catalogueEntryFor(text);
  if (entry !== null) return entry;
  return readsAsFrench(text) ? text : GENERIC_API_MESSAGE;
}

/**
 * A refusal's message with its field errors (docs/requirements/catalogue.md: the message and its 'key : error' pairs,
 * joined by ' / '), in French and without the fields' keys, which mean nothing to a visitor: each
 * error names its field by its label. The API writes the pairs into its message; they are read
 * from `errors` and said once.
 */
export function frenchFailureText(
  message: string,
  errors: readonly RequestFieldError[] = [],
): string {
  let head = message.trim();
  for (const { key, error } of [...errors].reverse()) {
    const pair = ` / ${key} : ${error}`;
    if (head.endsWith(pair)) head = head.slice(0, -pair.length);
  }
  // Pairs the list left out (the API lists twenty at most) lose their keys all the same.
  head = head.replace(KEYED_PAIR, ' / ');
  const said = new Set<string>();
  return [head, ...errors.map(({ error }) => error)]
    .map(frenchApiMessage)
    .filter((text) => {
      if (said.has(text)) return false;
      said.add(text);
      return true;
    })
    .join(' / ');
}

/** ' / customizations.2 : ', ' / delivery.idCarrier : ': a pair's key as the API writes it. */
const KEYED_PAIR = / \/ [A-Za-z_][\w.-]* : /g;

/** The same ApiError in French: its message (without keys) and each field's error. */
export function frenchApiError(error: ApiError): ApiError {
  const errors = error.errors.map((item) => ({ ...item, error: frenchApiMessage(item.error) }));
  return new ApiError(frenchFailureText(error.message, error.errors), error.status, errors);
}
