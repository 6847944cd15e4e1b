/**
 * The hosts of the frames in sanitized embed HTML (sanitize-html writes attributes in double
 * quotes, with `&` as `&amp;`), for telling the visitor who provides the content before it loads.
 */
export function embedFrameHosts(sanitizedHtml: string): string[] {
  const hosts = new Set<string>();
  for (const match of sanitizedHtml.matchAll(/<iframe\b[^>]*?\ssrc="([^"]*)"/gi)) {
    try {
      hosts.add(new URL(match[1]!.replaceAll('&amp;', '&')).hostname);
    } catch {
      // The sanitizer keeps only frames with a valid https address; nothing else to name.
    }
  }
  return [...hosts];
}
