import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { dispositionFilename } from '../http/content-disposition';

/*
 * The back office's CSV exports (form answers, newsletter subscribers): files French Excel opens
 * as they are, served by routes whose body is the file itself rather than an envelope.
 */

const CSV_SEPARATOR = ';';
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * One CSV cell: always quoted (a `;`, a quote or a line break stays inside it), and a text that
 * a spreadsheet would run as a formula (=, +, -, @, tab, CR) is made plain text with a leading '.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** UTF-8 with a byte-order mark and `;` separators, CRLF line ends: what French Excel opens as is. */
export function csvDocument(lines: readonly (readonly string[])[]): string {
  return csvStart() + lines.map(csvLine).join('');
}

/** What a CSV document sent in parts starts with (the byte-order mark). */
export function csvStart(): string {
  return BYTE_ORDER_MARK;
}

/** One line of a CSV document, with its CRLF end (the parts of a streamed export). */
export function csvLine(line: readonly string[]): string {
  return `${line.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

/** "Demande de devis été" → "demande-de-devis-ete", for a file name; `fallback` when nothing is left. */
export function fileNameSlug(text: string, fallback: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || fallback
  );
}

/** A dated export's "Date" column: French short date and time, Paris time. */
export const csvDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/**
 * Registers a GET route (in an admin scope) that answers a CSV attachment, never cached. The
 * route's description comes from the contract, as for the envelope endpoints.
 */
export function registerCsvRoute<Params>(
  scope: FastifyInstance,
  route: { path: string; summary: string; tags: readonly string[]; params: ZodType<Params> },
  build: (request: FastifyRequest, params: Params) => Promise<{ body: string; filename: string }>,
): void {
  scope.route({
    method: 'GET',
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [...route.tags],
      params: route.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { body, filename } = await build(request, request.params as Params);
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; ${dispositionFilename(filename)}`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(body);
    },
  });
}
