'use client';

import { useRef, useState } from 'react';
import styles from './html-embed-block.module.css';

interface EmbedFrameConsentProps {
  /** Sanitized HTML holding one or more frames. */
  html: string;
  title: string;
  /** Who serves the framed content. */
  hosts: readonly string[];
}

/**
 * A framed player or map from another company loads only when the visitor asks for it: until
 * then no request leaves for that host, so nothing there can set cookies or follow the visitor
 * before they chose (the consent banner's rule, applied to embedded content).
 */
export function EmbedFrameConsent({ html, title, hosts }: EmbedFrameConsentProps) {
  const [shown, setShown] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  if (shown) {
    return (
      <div
        ref={container}
        className={styles.embed}
        tabIndex={-1}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <div className={styles.placeholder}>
      <p className={styles.placeholderText}>
        Ce contenu est fourni par {hosts.join(', ')}. En l&apos;affichant, vous acceptez que ce
        service reçoive votre adresse IP et puisse déposer des cookies.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setShown(true);
          // The button disappears: the content that replaces it takes the focus.
          requestAnimationFrame(() => container.current?.focus());
        }}
      >
        Afficher le contenu<span className="visually-hidden"> : {title}</span>
      </button>
    </div>
  );
}
