'use client';

import type { CSSProperties } from 'react';
import type { Font } from '@comptoir/contract/site';
import { readableTextOn } from '@comptoir/domain/colour-contrast';
import { buildThemeVariables } from '@comptoir/domain/site-theme';
import type { ParameterValue } from '@comptoir/domain/site-parameters';
import styles from './theme-preview.module.css';

/**
 * A sample of the storefront painted with the colours and fonts on screen, saved or not: the
 * header and its menu, a title, text, a link, a button, a text block and the footer. It uses the
 * storefront's own theme builder, so a value the storefront would refuse shows as its default.
 */
export function ThemePreview({
  siteName,
  values,
  fonts,
  dark = false,
}: {
  siteName: string;
  values: readonly { type: string; value: ParameterValue }[];
  fonts: readonly Font[];
  /** DARK_THEME ticked: the sample shows the dark palette the storefront will paint. */
  dark?: boolean;
}) {
  const variables: Record<string, string> = buildThemeVariables(values, fonts, { dark });
  variables['--color-on-primary'] = readableTextOn(variables['--color-primary']!);
  return (
    <figure className={styles.preview} style={variables as CSSProperties} data-theme-preview="">
      <figcaption className={styles.caption}>
        Aperçu avant enregistrement{dark ? ' (thème sombre)' : ''}
      </figcaption>
      <div className={styles.site}>
        <div className={styles.header}>
          <span className={styles.brand}>{siteName}</span>
          <span className={styles.menu}>
            <span className={styles.menuActive}>Accueil</span>
            <span>Prestations</span>
            <span>Contact</span>
          </span>
        </div>
        <div className={styles.body}>
          <p className={styles.title}>Bienvenue</p>
          <p className={styles.text}>
            Un texte de page, avec <span className={styles.link}>un lien</span> et{' '}
            <span className={styles.accent}>un mot mis en valeur</span>.
          </p>
          <span className={styles.button}>Prendre rendez-vous</span>
          <p className={styles.block}>Un bloc de texte sur son fond.</p>
        </div>
        <div className={styles.footer}>
          <span>Mentions légales</span>
          <span>© {siteName}</span>
        </div>
      </div>
    </figure>
  );
}
