import type { PageBlock } from '@comptoir/contract/page-blocks';
import { CallToActionBlock } from './call-to-action-block';
import { ImageBlock } from './image-block';
import styles from './page-blocks.module.css';
import { RichTextBlock } from './rich-text-block';

/**
 * The text, image and call-to-action blocks of a page, for a page whose route carries its own
 * client code (the gift voucher form): these blocks ship no script, so showing them does not
 * grow the page's first load as the whole block set would (decision 0100). Other block types
 * are left out there.
 */
export function TextBlocks({ blocks }: { blocks: readonly PageBlock[] }) {
  const shown = blocks.filter(
    (block) => block.type === 'richText' || block.type === 'image' || block.type === 'callToAction',
  );
  if (shown.length === 0) return null;
  return (
    <div className={`container ${styles.blocks}`}>
      {shown.map((block, index) => (
        <div key={index} className={styles.block} data-block-type={block.type}>
          {block.type === 'richText' ? <RichTextBlock block={block} /> : null}
          {block.type === 'image' ? <ImageBlock block={block} /> : null}
          {block.type === 'callToAction' ? <CallToActionBlock block={block} /> : null}
        </div>
      ))}
    </div>
  );
}
