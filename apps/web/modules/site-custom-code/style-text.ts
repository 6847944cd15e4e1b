/**
 * GLOBAL_CSS goes into a <style> element as written by the site's administrator. The one thing
 * it must not do is end the element early (`</style><script>…`): every `<` becomes the CSS escape
 * `\3c `, which means the same character inside CSS strings and is never HTML markup.
 */
export function cssForStyleElement(css: string): string {
  return css.replace(/</g, '\\3c ');
}
