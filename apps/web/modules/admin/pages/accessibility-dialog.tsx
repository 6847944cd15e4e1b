'use client';

import { useEffect, useRef } from 'react';
import type { AccessibilityFinding } from './accessibility-summary';
import styles from './admin-pages.module.css';

const IMPACT_LABELS = { critical: 'bloquant', serious: 'grave' } as const;

function findingsHeading(count: number): string {
  return count === 1
    ? 'Un problème d’accessibilité sur cette page'
    : `${count} problèmes d’accessibilité sur cette page`;
}

/**
 * What the publish check found on the draft (or that it could not run), before the page goes
 * live: the owner fixes it first (the default, and Échap) or publishes anyway.
 */
export function AccessibilityDialog({
  findings,
  failure,
  onPublish,
  onFix,
}: {
  findings: AccessibilityFinding[];
  /** Why the check could not run, when it could not. */
  failure: string | null;
  onPublish: () => void;
  onFix: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fix = useRef<HTMLButtonElement>(null);
  // Closing the dialog (Échap) is « Corriger d'abord », once: not after a button answered.
  const answered = useRef(false);
  const answer = (choice: () => void) => {
    if (answered.current) return;
    answered.current = true;
    choice();
  };

  useEffect(() => {
    dialog.current?.showModal();
    fix.current?.focus();
  }, []);

  const heading = failure
    ? 'Vérification de l’accessibilité impossible'
    : findingsHeading(findings.length);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="titre-accessibilite"
      aria-describedby="resume-accessibilite"
      onClose={() => answer(onFix)}
    >
      <h2 id="titre-accessibilite">{heading}</h2>
      {failure ? (
        <p id="resume-accessibilite">{failure}</p>
      ) : (
        <>
          <p id="resume-accessibilite">
            Avant la mise en ligne, la page a été vérifiée avec axe-core. Ces points la rendent
            difficile, voire impossible, à utiliser pour certains visiteurs (lecteur d’écran, vue
            faible, clavier).
          </p>
          <ul className={styles.findings}>
            {findings.map((finding) => (
              <li key={finding.rule} className={styles.finding}>
                <h3>
                  {finding.title}{' '}
                  <span className={styles.impact}>({IMPACT_LABELS[finding.impact]})</span>
                </h3>
                <p>{finding.advice}</p>
                <ul aria-label="Éléments concernés">
                  {finding.elements.map((element) => (
                    <li key={element}>{element}</li>
                  ))}
                  {finding.more > 0 && (
                    <li>
                      et {finding.more} autre{finding.more > 1 ? 's' : ''}
                    </li>
                  )}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.actions}>
        <button ref={fix} type="button" className={styles.primary} onClick={() => answer(onFix)}>
          Corriger d’abord
        </button>
        <button type="button" className={styles.secondary} onClick={() => answer(onPublish)}>
          Publier quand même
        </button>
      </div>
    </dialog>
  );
}
