'use client';

import { useEffect, useState, useTransition, type ReactNode } from 'react';
import { renderDraftPreview } from './draft-preview';
import { DRAFT_READY_MESSAGE, type DraftMessage } from './draft-preview-messages';

function isDraftMessage(data: unknown): data is DraftMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'comptoir-draft-preview' &&
    Array.isArray((data as { blocks?: unknown }).blocks)
  );
}

/**
 * Waits for the block editor (the window that framed this page, on the same origin) to send its
 * draft, has the server draw it with the storefront's block components, and shows it.
 */
export function DraftPreviewReceiver({ siteId }: { siteId: number }) {
  const [content, setContent] = useState<ReactNode>(null);
  const [note, setNote] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  useEffect(() => {
    // Opened on its own, outside the editor's frame, the page has nothing to show.
    if (window.parent === window) return;
    let latest = 0;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (!isDraftMessage(event.data)) return;
      const draft = event.data;
      const id = ++latest;
      startTransition(async () => {
        const result = await renderDraftPreview({
          siteId,
          title: draft.title,
          intro: draft.intro,
          blocks: draft.blocks,
        });
        if (id !== latest) return;
        if ('error' in result) {
          setNote(result.error);
          return;
        }
        setContent(result.preview);
        setNote(
          result.invalid > 0
            ? `${result.invalid} bloc${result.invalid > 1 ? 's' : ''} à corriger dans l'éditeur ne s'affiche${result.invalid > 1 ? 'nt' : ''} pas encore.`
            : null,
        );
      });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: DRAFT_READY_MESSAGE }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, [siteId]);

  return (
    <div data-draft-preview>
      {note && (
        <p className="container" role="alert">
          {note}
        </p>
      )}
      {content ?? (
        <p className="container" role="status">
          L&apos;aperçu de l&apos;éditeur de pages s&apos;affiche ici.
        </p>
      )}
    </div>
  );
}
