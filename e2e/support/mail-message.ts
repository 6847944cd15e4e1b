/**
 * Just enough MIME to read the mails the API sends (nodemailer: text and HTML parts,
 * quoted-printable or base64, UTF-8 encoded-word subjects), for the e2e mail catcher.
 */

export interface CaughtMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe header, and its RFC 8058 companion, when the mail has them. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  /** Attached files: name, MIME type, content decoded as UTF-8 text (an .ics), size and first bytes (`%PDF-`). */
  attachments: CaughtAttachment[];
  receivedAt: string;
}

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  content: string;
  size: number;
  head: string;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const softBroken = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < softBroken.length; index += 1) {
    const char = softBroken[index]!;
    const hex = softBroken.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A part's bytes, as its transfer encoding gives them. */
function bodyBytes(part: MimePart): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(part.body), 'utf8');
  return Buffer.from(part.body, 'utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r?\n/, ''))));
}

/** The file name of an attached part (Content-Disposition filename, or Content-Type name). */
function attachmentName(part: MimePart): string | null {
  const disposition = part.headers.get('content-disposition') ?? '';
  const type = part.headers.get('content-type') ?? '';
  const name =
    /filename\*?="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
  if (name) return decodeHeader(name);
  return /^attachment/i.test(disposition) ? '' : null;
}

export function parseMail(raw: string, recipients: string[]): CaughtMail {
  const message = splitPart(raw);
  const all = leafParts(message);
  const leaves = all.filter((leaf) => attachmentName(leaf) === null);
  const bodyOf = (mime: string) =>
    leaves
      .filter((leaf) =>
        (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(mime),
      )
      .map(decodeBody)
      .join('\n');
  return {
    to: recipients.map((address) => address.toLowerCase()),
    from: decodeHeader(message.headers.get('from') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
    listUnsubscribe: message.headers.get('list-unsubscribe') ?? null,
    listUnsubscribePost: message.headers.get('list-unsubscribe-post') ?? null,
    attachments: all.flatMap((leaf) => {
      const filename = attachmentName(leaf);
      if (filename === null) return [];
      const contentType = leaf.headers.get('content-type') ?? 'application/octet-stream';
      const bytes = bodyBytes(leaf);
      return [
        {
          filename,
          contentType: contentType.split(';')[0]!.trim().toLowerCase(),
          content: bytes.toString('utf8'),
          size: bytes.length,
          head: bytes.subarray(0, 5).toString('latin1'),
        },
      ];
    }),
    receivedAt: new Date().toISOString(),
  };
}
