import type { BlockOf } from '@comptoir/contract/page-blocks';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { BlockSection } from './block-section';
import styles from './newsletter-block.module.css';
import { NewsletterForm } from './lazy-blocks';

const DEFAULT_TITLE = "Recevoir la lettre d'information";

/** The newsletter sign-up, shown only while the site offers a newsletter (ENABLE_NEWSLETTER). */
export async function NewsletterBlock({
  block,
  siteId,
}: {
  block: BlockOf<'newsletter'>;
  siteId: number;
}) {
  const { parameters } = await loadSiteShell(siteId);
  if (!parameters.flag('ENABLE_NEWSLETTER')) return null;
  return (
    <BlockSection title={block.title ?? DEFAULT_TITLE} className={styles.panel}>
      {block.text && <p className={styles.text}>{block.text}</p>}
      <NewsletterForm siteId={siteId} />
    </BlockSection>
  );
}
