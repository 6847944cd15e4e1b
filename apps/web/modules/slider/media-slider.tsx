'use client';

import { useMemo, useRef, type MouseEvent } from 'react';
import Lightbox, { type ControllerRef, type Labels } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Video from 'yet-another-react-lightbox/plugins/video';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { toLightboxSlides, type SliderMedia } from './slides';
import styles from './media-slider.module.css';

const FRENCH_LABELS: Labels = {
  Previous: 'Précédent',
  Next: 'Suivant',
  Close: 'Fermer',
  Slide: 'diapositive',
  Carousel: 'carrousel',
  'Photo gallery': 'Photos et vidéos',
  '{index} of {total}': '{index} sur {total}',
};

export interface MediaSliderProps {
  media: readonly SliderMedia[];
  open: boolean;
  /** The slide shown first. */
  index: number;
  /** Called once the slider has closed (after its fade-out). */
  onClose: () => void;
  /** Names the dialog for screen readers, such as the album's title. */
  label: string;
  /** Where focus goes back on closing: the thumbnail that opened the slider. */
  returnFocusTo?: HTMLElement | null;
}

/**
 * The full-screen slider of docs/requirements/storefront-layout.md, for any list of pictures and videos (albums, and any feature
 * that shows images): 90 % of the window over a dark backdrop, 'n / total', previous and next
 * arrows from medium screens up (md, 996 px), a close button, swipe (touch or mouse), Escape and
 * the arrow keys; a video is at most 950 px wide. The page behind is inert while it is open.
 */
export function MediaSlider({
  media,
  open,
  index,
  onClose,
  label,
  returnFocusTo,
}: MediaSliderProps) {
  const controller = useRef<ControllerRef>(null);
  const slides = useMemo(() => toLightboxSlides(media), [media]);
  const single = slides.length <= 1;

  // The dark margin around the slider (outside its 90 %) closes it, like the slides' backdrop.
  const closeOnMargin = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) controller.current?.close();
  };

  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Counter, Video]}
      labels={{ ...FRENCH_LABELS, Lightbox: label }}
      className={styles.slider}
      portal={{ container: { onClick: closeOnMargin } }}
      controller={{ ref: controller, closeOnBackdropClick: true }}
      carousel={{ finite: single, padding: 0, spacing: '10%', imageFit: 'contain' }}
      counter={{ container: { className: styles.counter } }}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
      render={{
        ...(single ? { buttonPrev: () => null, buttonNext: () => null } : {}),
        slideFooter: ({ slide }) => {
          const item = media[slides.indexOf(slide)];
          // A video has no alt attribute: its description is written under it.
          const text = item?.caption || (item?.type === 'video' ? item.alt : null);
          return text ? <p className={styles.caption}>{text}</p> : null;
        },
      }}
      on={{
        exited: () => {
          if (returnFocusTo?.isConnected) returnFocusTo.focus({ preventScroll: true });
        },
      }}
    />
  );
}
