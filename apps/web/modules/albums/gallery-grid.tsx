'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { SliderMedia } from '../slider/slides';
import { thumbnailLabel } from './album-slides';
import styles from './gallery.module.css';

const loadSlider = () => import('../slider/media-slider');
// The slider (and its styles) loads when a visitor is about to use it, not with the page.
const MediaSlider = dynamic(() => loadSlider().then((module) => module.MediaSlider), {
  ssr: false,
});

interface GalleryGridProps {
  media: SliderMedia[];
  /** The gallery's title, which names the slider's dialog. */
  title: string;
}

/** Thumbnails as buttons; the slider opens at the chosen one and gives focus back on closing. */
export function GalleryGrid({ media, title }: GalleryGridProps) {
  const [opened, setOpened] = useState<{ index: number; opener: HTMLElement } | null>(null);

  return (
    <>
      <ul
        role="list"
        className={styles.grid}
        onPointerEnter={() => void loadSlider()}
        onFocus={() => void loadSlider()}
      >
        {media.map((item, index) => {
          const thumbnail = item.type === 'video' ? item.posterUrl : item.src;
          return (
            <li key={`${index}-${item.src}`}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-label={thumbnailLabel(item, index)}
                aria-haspopup="dialog"
                onClick={(event) => setOpened({ index, opener: event.currentTarget })}
              >
                {thumbnail ? (
                  // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
                  <img
                    src={thumbnail}
                    alt=""
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className={styles.noPoster} />
                )}
                {item.type === 'video' ? (
                  <span className={styles.play} aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
                    </svg>
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {opened ? (
        <MediaSlider
          media={media}
          open
          index={opened.index}
          label={title}
          returnFocusTo={opened.opener}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  );
}
