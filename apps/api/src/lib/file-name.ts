/**
 * The name a visitor's file had, without any folder, control character or excess length: a form's
 * file (form module) and a site's logo (site module) keep it.
 */
export function cleanFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((character) => character >= ' ' && character !== '\u007f' && character !== '"')
    .join('')
    .trim()
    .slice(-200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `fichier.${extension}` : cleaned;
}
