import type { ReactNode } from 'react';
import type { PageBlock } from '@comptoir/contract/page-blocks';
import { GalleryBlock } from '../albums/gallery-block';
import { BlogFeedBlock } from '../blog/blog-feed-block';
import { ElementListBlock } from '../element-list/element-list-block';
import { FormBlock } from '../forms/form-block';
import { NewsFeedBlock } from '../news/news-feed-block';
import { ReviewsBlock } from '../reviews/reviews-block';
import { ServicesBlock } from '../services/services-block';
import { CallToActionBlock } from './call-to-action-block';
import { ContactBlock } from './contact-block';
import { HtmlEmbedBlock } from './html-embed-block';
import { ImageBlock } from './image-block';
import { NewsletterBlock } from './newsletter-block';
import styles from './page-blocks.module.css';
import { RichTextBlock } from './rich-text-block';

/** The component of one block. Each reads its own data (cached per site) from its ids. */
function renderBlock(block: PageBlock, siteId: number): ReactNode {
  switch (block.type) {
    case 'richText':
      return <RichTextBlock block={block} />;
    case 'image':
      return <ImageBlock block={block} />;
    case 'callToAction':
      return <CallToActionBlock block={block} />;
    case 'htmlEmbed':
      return <HtmlEmbedBlock block={block} />;
    case 'contact':
      return <ContactBlock block={block} siteId={siteId} />;
    case 'newsletter':
      return <NewsletterBlock block={block} siteId={siteId} />;
    case 'gallery':
      return <GalleryBlock block={block} siteId={siteId} />;
    case 'newsFeed':
      return <NewsFeedBlock block={block} siteId={siteId} />;
    case 'blogFeed':
      return <BlogFeedBlock block={block} siteId={siteId} />;
    case 'services':
      return <ServicesBlock block={block} siteId={siteId} />;
    case 'reviews':
      return <ReviewsBlock block={block} siteId={siteId} />;
    case 'form':
      return <FormBlock block={block} siteId={siteId} />;
    case 'elementList':
      return <ElementListBlock block={block} siteId={siteId} />;
    default:
      // The API sends only blocks that match the contract; a type added there and not here
      // fails the type check, and a block of an unknown type from an older API shows nothing.
      block satisfies never;
      return null;
  }
}

/** A page's content blocks, in the order the site composed them. */
export function PageBlocks({ blocks, siteId }: { blocks: readonly PageBlock[]; siteId: number }) {
  if (blocks.length === 0) return null;
  return (
    <div className={`container ${styles.blocks}`}>
      {blocks.map((block, index) => (
        <div key={index} className={styles.block} data-block-type={block.type}>
          {renderBlock(block, siteId)}
        </div>
      ))}
    </div>
  );
}
