import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedSvg } from '@comptoir/contract/image';
import { HttpError } from '../../http/http-error';
import type { SiteRecord } from '../site';
import { fetchRemoteSvg } from './remote-svg';
import { sanitizeSvg } from './svg-sanitizer';
import { resolveSvgSource, SVG_PATH_REFUSED_MESSAGE, type SvgSourceSettings } from './svg-sources';

export const SVG_NOT_FOUND_MESSAGE = 'Image SVG introuvable.';
export const NOT_AN_SVG_MESSAGE = "Le fichier obtenu n'est pas une image SVG.";

export function createImageService(settings: SvgSourceSettings) {
  /** A file of the public folder, never through a link that leads out of it. */
  async function readPublicFile(filePath: string): Promise<string> {
    let real: string;
    let folder: string;
    try {
      [real, folder] = await Promise.all([realpath(filePath), realpath(settings.publicDir)]);
    } catch {
      throw new HttpError(404, SVG_NOT_FOUND_MESSAGE);
    }
    if (!real.startsWith(`${folder}${path.sep}`))
      throw new HttpError(400, SVG_PATH_REFUSED_MESSAGE);
    const file = await open(real, 'r').catch(() => {
      throw new HttpError(404, SVG_NOT_FOUND_MESSAGE);
    });
    try {
      const stats = await file.stat();
      if (!stats.isFile()) throw new HttpError(404, SVG_NOT_FOUND_MESSAGE);
      if (stats.size > settings.maxBytes) {
        throw new HttpError(
          422,
          `L'image SVG dépasse la taille maximale de ${settings.maxBytes / 1024} Kio.`,
        );
      }
      return await file.readFile('utf8');
    } finally {
      await file.close();
    }
  }

  return {
    /** The sanitized markup of the SVG at an allowed URL (see svg-sources.ts). */
    async loadSvg(site: Pick<SiteRecord, 'devUrl' | 'prodUrl'>, url: string): Promise<LoadedSvg> {
      const source = resolveSvgSource(url, site, settings);
      const markup =
        source.kind === 'file'
          ? await readPublicFile(source.filePath)
          : await fetchRemoteSvg(source.url, settings);
      const svg = sanitizeSvg(markup);
      if (svg === null) {
        throw new HttpError(source.kind === 'file' ? 422 : 502, NOT_AN_SVG_MESSAGE);
      }
      return { svg };
    },
  };
}
