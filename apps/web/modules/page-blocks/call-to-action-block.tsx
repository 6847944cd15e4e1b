import type { BlockOf } from '@comptoir/contract/page-blocks';
import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import { isExternalHref } from './block-links';
import { BlockSection } from './block-section';
import styles from './call-to-action-block.module.css';

/** A highlighted invitation: a title, a sentence and one button. */
export function CallToActionBlock({ block }: { block: BlockOf<'callToAction'> }) {
  return (
    <BlockSection title={block.title} className={styles.panel}>
      {block.text && <p className={styles.text}>{block.text}</p>}
      <SiteLink href={block.href} external={isExternalHref(block.href)} className="button">
        {block.label}
        <Icon name="arrow-right" size={18} />
      </SiteLink>
    </BlockSection>
  );
}
