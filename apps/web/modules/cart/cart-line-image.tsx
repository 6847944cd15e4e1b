import Image from 'next/image';

/** The bottles are drawn 3:4 (catalogue/product-card.tsx); the cart shows them small. */
const RATIO = 4 / 3;

/**
 * A cart line's picture through the storefront's optimizer, at the size it shows; decorative
 * (the line's name is beside it). A line without picture keeps its slot empty.
 */
export function CartLineImage({ src, width }: { src: string | null; width: number }) {
  const height = Math.round(width * RATIO);
  if (!src) return <span style={{ display: 'block', width, height }} aria-hidden="true" />;
  return <Image src={src} alt="" width={width} height={height} sizes={`${width}px`} />;
}
