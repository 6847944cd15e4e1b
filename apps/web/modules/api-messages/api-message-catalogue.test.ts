import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@comptoir/contract/request';
import {
  API_MESSAGE_CATALOGUE,
  GENERIC_API_MESSAGE,
  frenchApiError,
  frenchApiMessage,
  frenchFailureText,
  readsAsFrench,
} from './api-message-catalogue';

const ROOT = join(__dirname, '../../../..');
/** Where the API's messages are written: its source, the contract and the domain rules. */
const SOURCES = ['apps/api/src', 'packages/contract/src', 'packages/domain/src'];
/**
 * The seed writes content, not messages; tests only quote messages; the configuration's, the
 * platform key's (secret-box: it stops the start) and the log's messages go to the operator's
 * console, never to a caller.
 */
const SKIPPED =
  /(\.test\.ts|\/test\/.*|\/db\/seed\/.*|apps\/api\/src\/config\.ts|\/lib\/secret-box\.ts|\/log-safety\.ts)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !SKIPPED.test(path) ? [path] : [];
  });
}

/** A value a message is built with, as the API could fill it. */
const SAMPLE_VALUE = '7';

/**
 * The texts an expression can give: literals as written, a template with each of its values
 * filled by a sample (a condition between literals gives both), both sides of a condition, a
 * function's returned texts.
 */
function textsOf(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let texts = [node.head.text];
    for (const span of node.templateSpans) {
      const values = ts.isConditionalExpression(span.expression)
        ? [...textsOf(span.expression.whenTrue), ...textsOf(span.expression.whenFalse)]
        : [];
      const fills = values.length > 0 ? values : [SAMPLE_VALUE];
      texts = texts.flatMap((text) => fills.map((fill) => text + fill + span.literal.text));
    }
    return texts;
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
    return textsOf(node.expression);
  }
  if (ts.isConditionalExpression(node)) {
    return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)) {
    if (!node.body) return [];
    if (!ts.isBlock(node.body)) return textsOf(node.body);
    const texts: string[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isReturnStatement(child) && child.expression) texts.push(...textsOf(child.expression));
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    ts.forEachChild(node.body, visit);
    return texts;
  }
  return [];
}

const MESSAGE_NAME = /(?:^|_)MESSAGE(?:_|$)|Message$/;

/**
 * The messages a source file can send: constants and functions named as messages
 * (`…_MESSAGE`, `…Message`), the messages of HttpError and of the error envelope, and the
 * `error` and `message` texts of field errors and of the contract's schemas.
 */
function messagesOf(file: string): { text: string; where: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: { text: string; where: string }[] = [];
  const add = (node: ts.Node, texts: string[]) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const text of texts) found.push({ text, where: `${relative(ROOT, file)}:${line}` });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      MESSAGE_NAME.test(node.name.text) &&
      node.initializer
    ) {
      add(node, textsOf(node.initializer));
    } else if (ts.isFunctionDeclaration(node) && node.name && MESSAGE_NAME.test(node.name.text)) {
      add(node, textsOf(node));
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'HttpError' &&
      node.arguments?.[1]
    ) {
      add(node, textsOf(node.arguments[1]));
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'errorEnvelope' &&
      node.arguments[0]
    ) {
      add(node, textsOf(node.arguments[0]));
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'error' || node.name.text === 'message')
    ) {
      add(node, textsOf(node.initializer));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const apiMessages = SOURCES.flatMap((folder) => sourceFiles(join(ROOT, folder)))
  .flatMap(messagesOf)
  // A text without a letter (a separator, a value alone) is no message.
  .filter(({ text }) => /\p{L}{2}/u.test(text));

describe('the API message catalogue', () => {
  it('finds the API’s messages in its source, the spec’s English ones among them', () => {
    expect(apiMessages.length).toBeGreaterThan(300);
    const texts = apiMessages.map(({ text }) => text);
    expect(texts).toContain('This product can only be added by multiple of 7');
    expect(texts).toContain('Only 7 bottles remaining in stock');
    expect(texts).toContain('Only 7 items remaining in stock');
    expect(texts).toContain('Quantity must be greater than 0');
    expect(texts).toContain('No products in cart');
  });

  it('has a French wording for every message the API can send', () => {
    const unknown = apiMessages
      .filter(({ text }) => frenchApiMessage(text) === GENERIC_API_MESSAGE)
      .map(({ text, where }) => `${where}: ${text}`);
    expect(unknown).toEqual([]);
  });

  it('words each of its entries in French, for the values the API fills in', () => {
    for (const { api, french } of API_MESSAGE_CATALOGUE) {
      expect(readsAsFrench(api), api).toBe(false);
      for (const n of ['0', '1', '6']) {
        const sample = api.replace(/\{n\}/g, n).replace(/\{\w+\}/g, 'quelque-chose');
        expect(frenchApiMessage(sample), sample).toBe(french({ n }));
        expect(readsAsFrench(french({ n })), french({ n })).toBe(true);
      }
    }
  });

  it('says the spec’s quantity messages as a French customer reads them', () => {
    expect(frenchApiMessage('This product can only be added by multiple of 6')).toBe(
      'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18…',
    );
    expect(frenchApiMessage('Only 10 bottles remaining in stock')).toBe(
      'Il ne reste que 10 bouteilles en stock.',
    );
    expect(frenchApiMessage('Only 1 bottles remaining in stock')).toBe(
      'Il ne reste qu’une bouteille en stock.',
    );
    expect(frenchApiMessage('Only 0 items remaining in stock')).toBe(
      'Cet article n’est plus en stock.',
    );
    expect(frenchApiMessage('Quantity must be greater than 0')).toBe(
      'La quantité doit être d’au moins 1.',
    );
  });

  it('shows the API’s French messages as they are', () => {
    expect(frenchApiMessage('Ce panier est introuvable.')).toBe('Ce panier est introuvable.');
    // A product's English name does not make the sentence English.
    expect(frenchApiMessage('The Wine Club n’est plus disponible.')).toBe(
      'The Wine Club n’est plus disponible.',
    );
    expect(frenchApiMessage('Le code postal est obligatoire.')).toBe(
      'Le code postal est obligatoire.',
    );
    // S3 down (decision 0114): the back office's upload fields say the API's 503 as it is; so do
    // the storefront and the back office for PostgreSQL restarting (decision 0116).
    for (const unavailable of [
      'Le fichier n’a pas pu être enregistré : le stockage des fichiers est momentanément indisponible. Réessayez dans quelques minutes.',
      'Ce fichier est momentanément indisponible. Réessayez dans quelques minutes.',
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    ]) {
      expect(frenchApiMessage(unavailable)).toBe(unavailable);
    }
  });

  it('says a generic French sentence for an English message it does not know, never the English', () => {
    for (const message of [
      'Request body is too large',
      'Unsupported Media Type: text/plain',
      'Too small: expected string to have >=1 characters',
      '',
    ]) {
      expect(frenchApiMessage(message)).toBe(GENERIC_API_MESSAGE);
    }
  });

  it('names no field by its key: the pairs of a refusal say their errors only', () => {
    const errors = [{ key: 'customizations.2', error: '« Présentation » est obligatoire.' }];
    expect(
      frenchFailureText(
        'La personnalisation n’est pas valide. / customizations.2 : « Présentation » est obligatoire.',
        errors,
      ),
    ).toBe('La personnalisation n’est pas valide. / « Présentation » est obligatoire.');
    // Pairs the list does not carry lose their key too.
    expect(
      frenchFailureText(
        'La commande ne peut pas être passée en l’état. / delivery.idCarrier : Choisissez un transporteur.',
      ),
    ).toBe('La commande ne peut pas être passée en l’état. / Choisissez un transporteur.');
  });

  it('gives an ApiError in French, its status and keys kept for the form fields', () => {
    const error = frenchApiError(
      new ApiError('This product can only be added by multiple of 6', 422, [
        { key: 'quantity', error: 'Quantity must be greater than 0' },
      ]),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18… / La quantité doit être d’au moins 1.',
    );
    expect(error.errors).toEqual([
      { key: 'quantity', error: 'La quantité doit être d’au moins 1.' },
    ]);
  });
});
