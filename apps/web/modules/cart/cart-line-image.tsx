/** The bottles are drawn 3:4 (catalogue/product-card.tsx); the cart shows them small. */
const RATIO = 4 / 3;

/** The storefront's optimizer path and quality (Next's defaults; next.config.ts keeps them). */
const OPTIMIZER_PATH = '/_next/image';
const QUALITY = 75;
/** Next's default `images.imageSizes`: the optimizer answers only these widths below 640. */
export const OPTIMIZED_WIDTHS = [32, 48, 64, 96, 128, 256, 384] as const;

/** The smallest width the optimizer serves that covers `pixels`. */
function optimizedWidth(pixels: number): number {
  return OPTIMIZED_WIDTHS.find((width) => width >= pixels) ?? OPTIMIZED_WIDTHS.at(-1)!;
}

/**
 * The picture's address through the optimizer, as next/image's default loader writes it, for a
 * file of the storefront itself (the catalogue's images are). Any other address is kept as is:
 * the optimizer fetches no other host (decision 0023).
 */
export function optimizedImageUrl(src: string, pixels: number): string {
  if (!src.startsWith('/') || src.startsWith('//')) return src;
  return `${OPTIMIZER_PATH}?url=${encodeURIComponent(src)}&w=${optimizedWidth(pixels)}&q=${QUALITY}`;
}

/**
 * A cart line's picture at the size it shows, decorative (the line's name is beside it). A plain
 * `<img>` with the optimizer's addresses rather than next/image, whose client code (about 5 KiB)
 * would weigh more than the whole cart page's island (decision 0037). A line without picture
 * keeps its slot empty.
 */
export function CartLineImage({ src, width }: { src: string | null; width: number }) {
  const height = Math.round(width * RATIO);
  if (!src) return <span style={{ display: 'block', width, height }} aria-hidden="true" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the optimizer's URLs, see above.
    <img
      src={optimizedImageUrl(src, width)}
      srcSet={`${optimizedImageUrl(src, width)} 1x, ${optimizedImageUrl(src, width * 2)} 2x`}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
