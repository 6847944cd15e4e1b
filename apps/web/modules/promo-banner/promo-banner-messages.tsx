'use client';

import { useEffect, useState, type CSSProperties, type FocusEvent } from 'react';
import {
  BANNER_ROTATION_INTERVAL_MS,
  nextBannerIndex,
  shouldRotateBanner,
} from '@comptoir/domain/banner-rotation';
import styles from './promo-banner.module.css';

export interface BannerMessage {
  id: number;
  /** Sanitized inline HTML. */
  html: string;
  background: string | null;
  color: string | null;
}

const BANNER_LABEL = 'Offres du moment';

function messageStyle(message: BannerMessage): CSSProperties | undefined {
  return message.background
    ? ({
        '--banner-background': message.background,
        '--banner-color': message.color,
      } as CSSProperties)
    : undefined;
}

/**
 * One or two messages stay in view, one above the other. More messages rotate (docs/requirements/banner-and-popups.md): one
 * at a time, the next sliding in every 6 s in a 1 s animation. Following the WAI carousel
 * pattern, rotation pauses while the pointer or the keyboard focus is on the banner, a button
 * stops it for good (WCAG 2.2.2), and the changing message is announced only once rotation is
 * stopped. Reduced motion keeps the rotation but drops the slide (see globals.css).
 */
export function PromoBannerMessages({ messages }: { messages: BannerMessage[] }) {
  const rotating = shouldRotateBanner(messages.length);
  const [index, setIndex] = useState(0);
  const [previous, setPrevious] = useState<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!rotating || stopped || hovered || focused) return;
    const timer = window.setTimeout(() => {
      setPrevious(index);
      setIndex(nextBannerIndex(index, messages.length));
    }, BANNER_ROTATION_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, stopped, hovered, focused, index, messages.length]);

  if (!rotating) {
    return (
      <section className={styles.banner} aria-label={BANNER_LABEL}>
        {messages.map((message) => (
          <div key={message.id} className={styles.still} style={messageStyle(message)}>
            <p className={styles.message} dangerouslySetInnerHTML={{ __html: message.html }} />
          </div>
        ))}
      </section>
    );
  }

  // A link of the current message holds the rotation; the stop button itself does not, so that
  // "Reprendre" resumes at once.
  const enterFocus = (event: FocusEvent<HTMLElement>) => {
    setFocused(!(event.target instanceof HTMLButtonElement));
  };
  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={styles.banner}
      aria-label={BANNER_LABEL}
      aria-roledescription="carrousel"
      data-rotating="true"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={enterFocus}
      onBlur={leaveFocus}
    >
      <button
        type="button"
        className={styles.toggle}
        style={messageStyle(messages[index]!)}
        onClick={() => setStopped((value) => !value)}
      >
        {stopped ? <PlayIcon /> : <PauseIcon />}
        <span className="visually-hidden">
          {stopped ? 'Reprendre le défilement des offres' : 'Arrêter le défilement des offres'}
        </span>
      </button>
      <div className={styles.track} aria-live={stopped ? 'polite' : 'off'}>
        {messages.map((message, position) => {
          const state =
            position === index ? 'current' : position === previous ? 'leaving' : 'waiting';
          return (
            <div
              key={message.id}
              role="group"
              aria-roledescription="offre"
              aria-label={`${position + 1} sur ${messages.length}`}
              aria-hidden={state !== 'current'}
              inert={state !== 'current'}
              className={styles.slide}
              data-state={state}
              style={messageStyle(message)}
            >
              <p className={styles.message} dangerouslySetInnerHTML={{ __html: message.html }} />
            </div>
          );
        })}
      </div>
    </section>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13M16 5.5v13" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10-6.5z" fill="currentColor" />
    </svg>
  );
}
