import type { Slide } from 'yet-another-react-lightbox';
// The video plugin adds the 'video' slide type to the library's types.
import type {} from 'yet-another-react-lightbox/plugins/video';

/** docs/requirements/storefront-layout.md: a video in the full-screen slider is at most 950 px wide. */
export const VIDEO_MAX_WIDTH = 950;

/** One picture or video the slider can show; plain data, so a server component can pass it. */
export interface SliderMedia {
  type: 'image' | 'video';
  /** The image, or the video file. */
  src: string;
  /** Text alternative: the image's alt, or what the video shows. */
  alt: string;
  width?: number | null;
  height?: number | null;
  /** For a video: the picture shown before it plays. */
  posterUrl?: string | null;
  caption?: string | null;
}

const VIDEO_TYPES: Readonly<Record<string, string>> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
};

/** The MIME type of a video from its file extension (MP4 when it says nothing). */
export function videoMimeType(src: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase();
  return (extension && VIDEO_TYPES[extension]) || 'video/mp4';
}

/** A positive size in pixels, or undefined: the slider then lets the file decide. */
function size(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** The slider's slides: images as they are, videos narrowed to VIDEO_MAX_WIDTH. */
export function toLightboxSlides(media: readonly SliderMedia[]): Slide[] {
  return media.map((item): Slide => {
    const width = size(item.width);
    const height = size(item.height);
    if (item.type === 'image') {
      return { type: 'image', src: item.src, alt: item.alt, width, height };
    }
    const videoWidth = Math.min(width ?? VIDEO_MAX_WIDTH, VIDEO_MAX_WIDTH);
    return {
      type: 'video',
      sources: [{ src: item.src, type: videoMimeType(item.src) }],
      poster: item.posterUrl ?? undefined,
      width: videoWidth,
      // Keeps the video's ratio once narrowed; unknown, the player keeps the file's own.
      height: width && height ? Math.round((height * videoWidth) / width) : undefined,
      preload: 'metadata',
    };
  });
}
