import {
  MAX_SEATS_PER_REGISTRATION,
  MESSAGE_MAX_LENGTH,
  REGISTRATION_FULL_MESSAGE,
} from '@comptoir/contract/element-registration';
import { useId } from 'react';
import type { Element } from '@comptoir/contract/element';
import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getElementListPage } from '../../lib/data/elements.server';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { SiteLink } from '../../ui/site-link';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { elementImageSource, elementLink } from './element-links';
import { ElementRegistration } from '../page-blocks/lazy-blocks';
import type { RegistrationRules } from './element-registration';
import styles from './element-list.module.css';

const REGISTRATION_RULES: RegistrationRules = {
  maxSeats: MAX_SEATS_PER_REGISTRATION,
  messageMaxLength: MESSAGE_MAX_LENGTH,
  fullMessage: REGISTRATION_FULL_MESSAGE,
};

interface ElementListBlockProps {
  block: BlockOf<'elementList'>;
  siteId: number;
}

/**
 * The items of one of the site's element lists (GET /element/{route}): title, image, text and
 * link, and for an event with a registration capacity, the seats left and a registration form.
 * The items are cached per site; the seats left are read live in the browser. A list the site
 * does not have, or an empty one, shows nothing.
 */
export async function ElementListBlock({ block, siteId }: ElementListBlockProps) {
  const list = await getElementListPage(siteId, block.route, block.nbItem);
  if (list.list.length === 0) return null;
  return (
    <ElementListSection
      title={block.title ?? list.name}
      route={list.route}
      items={list.list}
      siteId={siteId}
    />
  );
}

function ElementListSection({
  title,
  route,
  items,
  siteId,
}: {
  title: string;
  route: string;
  items: readonly Element[];
  siteId: number;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.list}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      <ul role="list" className={styles.items}>
        {items.map((item) => (
          <li key={item.id}>
            <ElementCard item={item} route={route} siteId={siteId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ElementCard({ item, route, siteId }: { item: Element; route: string; siteId: number }) {
  const titleId = useId();
  const html = sanitizeRichHtml(item.html);
  const link = elementLink(item.linkUrl);
  const image = elementImageSource(item.imageUrl);
  return (
    <article
      aria-labelledby={titleId}
      className={`${styles.card} ${image ? styles.withImage : ''}`}
    >
      {image ? (
        // The title beside it says what the picture illustrates: decorative for screen readers.
        // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
        <img
          src={image}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          className={styles.image}
        />
      ) : null}
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {item.title}
        </h3>
        {html ? <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} /> : null}
        {link ? (
          <p className={styles.more}>
            <SiteLink href={link.href} external={link.external}>
              En savoir plus<VisuallyHidden> : {item.title}</VisuallyHidden>
            </SiteLink>
          </p>
        ) : null}
        {item.registrationCapacity !== null ? (
          <ElementRegistration
            siteId={siteId}
            route={route}
            elementId={item.id}
            title={item.title}
            capacity={item.registrationCapacity}
            rules={REGISTRATION_RULES}
          />
        ) : null}
      </div>
    </article>
  );
}
