/** What the preview frame draws: the page's title and intro, and the unsaved blocks. */
export interface Draft {
  title: string;
  intro: string | null;
  blocks: unknown[];
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

/** The draft as JSON, deflated, in base64url: short enough for a URL in most pages. */
export async function encodeDraft(draft: Draft): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(draft));
  return toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The draft back, or null for anything that is not one (never trusted: the caller validates). */
export async function decodeDraft(encoded: string): Promise<unknown> {
  try {
    const json = await pipe(fromBase64Url(encoded), new DecompressionStream('deflate-raw'));
    return JSON.parse(new TextDecoder().decode(json));
  } catch {
    return null;
  }
}
