import type { BlockOf } from '@comptoir/contract/page-blocks';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { BlockSection } from './block-section';
import styles from './page-blocks.module.css';

/** Text written in the back office, through the rich-text allow-list (no script, no frame). */
export function RichTextBlock({ block }: { block: BlockOf<'richText'> }) {
  const html = sanitizeRichHtml(block.html);
  if (!html && !block.title) return null;
  return (
    <BlockSection title={block.title}>
      {html && <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />}
    </BlockSection>
  );
}
