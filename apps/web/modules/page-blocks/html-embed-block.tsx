import type { BlockOf } from '@comptoir/contract/page-blocks';
import { sanitizeEmbedHtml } from '@comptoir/domain/rich-text';
import { BlockSection } from './block-section';
import { EmbedFrameConsent } from './lazy-blocks';
import { embedFrameHosts } from './embed-hosts';
import styles from './html-embed-block.module.css';

/**
 * Embedded HTML (a video, a map, a booking page): the embed allow-list keeps frames of known
 * players only, sandboxed and named by the block's title, and they load on the visitor's request.
 * Nothing left after sanitizing, nothing shown.
 */
export function HtmlEmbedBlock({ block }: { block: BlockOf<'htmlEmbed'> }) {
  const html = sanitizeEmbedHtml(block.html, block.title);
  if (!html) return null;
  const hosts = embedFrameHosts(html);
  return (
    <BlockSection title={block.title}>
      {hosts.length > 0 ? (
        <EmbedFrameConsent html={html} title={block.title} hosts={hosts} />
      ) : (
        <div className={styles.embed} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </BlockSection>
  );
}
