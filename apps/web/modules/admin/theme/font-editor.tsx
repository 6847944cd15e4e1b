'use client';

import { useId, useState } from 'react';
import { saveFonts, saveFontsBodySchema } from '@comptoir/contract/admin-theme';
import { ApiError } from '@comptoir/contract/request';
import type { Font } from '@comptoir/contract/site';
import {
  FONT_FAMILY_CHOICES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  FONT_WEIGHTS,
} from '@comptoir/domain/theme-fonts';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import styles from './theme.module.css';

const FONT_TITLES: Record<Font['type'], string> = {
  TITLE: 'Titres',
  CONTENT: 'Texte',
  MENU: 'Menu',
};

const WEIGHT_NAMES: Record<number, string> = {
  300: 'Léger (300)',
  400: 'Normal (400)',
  500: 'Moyen (500)',
  600: 'Demi-gras (600)',
  700: 'Gras (700)',
  800: 'Très gras (800)',
};

/** The three fonts, in the fixed order, with the storefront's defaults for a missing one. */
export function completeFonts(fonts: readonly Font[]): Font[] {
  return (['TITLE', 'CONTENT', 'MENU'] as const).map(
    (type) =>
      fonts.find((font) => font.type === type) ?? {
        type,
        family: FONT_FAMILY_CHOICES[0]!.family,
        color: null,
        size: null,
        weight: null,
        style: null,
      },
  );
}

/**
 * The fonts of the titles, the text and the menu. The families are those the storefront can show
 * (no web font is loaded); the preview beside follows every change before it is saved.
 */
export function FontEditor({
  siteId,
  fonts,
  onChange,
}: {
  siteId: number;
  fonts: Font[];
  onChange: (fonts: Font[]) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  function update(index: number, change: Partial<Font>) {
    onChange(fonts.map((font, position) => (position === index ? { ...font, ...change } : font)));
  }

  async function save() {
    const parsed = saveFontsBodySchema.safeParse({ fonts });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
      setStatus('Corrigez les polices signalées.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await browserApi(siteId).call(saveFonts, { body: parsed.data });
      onChange(completeFonts(saved));
      setStatus('Polices enregistrées.');
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(error.errors.map((item) => [item.key, item.error])));
      }
      setStatus(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const familyKnown = (family: string) =>
    FONT_FAMILY_CHOICES.some((choice) => choice.family === family);

  return (
    <div className={styles.fonts}>
      {fonts.map((font, index) => {
        const prefix = `${id}-${font.type}`;
        const error = (field: string) => errors[`fonts.${index}.${field}`];
        return (
          <fieldset key={font.type} className={styles.fontRow}>
            <legend>{FONT_TITLES[font.type]}</legend>
            <div className={controls.field}>
              <label htmlFor={`${prefix}-family`} className={controls.label}>
                Police
              </label>
              <select
                id={`${prefix}-family`}
                className={controls.control}
                value={font.family}
                aria-invalid={error('family') ? true : undefined}
                onChange={(event) => update(index, { family: event.target.value })}
              >
                {!familyKnown(font.family) && (
                  <option value={font.family}>{font.family} (à remplacer)</option>
                )}
                {FONT_FAMILY_CHOICES.map((choice) => (
                  <option key={choice.family} value={choice.family}>
                    {choice.label}
                  </option>
                ))}
              </select>
              {error('family') && <p className={controls.error}>{error('family')}</p>}
            </div>
            <div className={controls.field}>
              <label htmlFor={`${prefix}-size`} className={controls.label}>
                Taille (px)
              </label>
              <input
                id={`${prefix}-size`}
                className={controls.control}
                type="number"
                min={FONT_SIZE_MIN}
                max={FONT_SIZE_MAX}
                value={font.size ?? ''}
                placeholder="Auto"
                aria-invalid={error('size') ? true : undefined}
                onChange={(event) =>
                  update(index, {
                    size: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              />
              {error('size') && <p className={controls.error}>{error('size')}</p>}
            </div>
            <div className={controls.field}>
              <label htmlFor={`${prefix}-weight`} className={controls.label}>
                Graisse
              </label>
              <select
                id={`${prefix}-weight`}
                className={controls.control}
                value={font.weight ?? ''}
                onChange={(event) =>
                  update(index, {
                    weight: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              >
                <option value="">Par défaut</option>
                {FONT_WEIGHTS.map((weight) => (
                  <option key={weight} value={weight}>
                    {WEIGHT_NAMES[weight]}
                  </option>
                ))}
              </select>
            </div>
            <div className={controls.field}>
              <label htmlFor={`${prefix}-style`} className={controls.label}>
                Style
              </label>
              <select
                id={`${prefix}-style`}
                className={controls.control}
                value={font.style ?? ''}
                onChange={(event) =>
                  update(index, {
                    style: event.target.value === '' ? null : (event.target.value as 'normal'),
                  })
                }
              >
                <option value="">Par défaut</option>
                <option value="normal">Droit</option>
                <option value="italic">Italique</option>
              </select>
            </div>
            <div className={controls.field}>
              <label htmlFor={`${prefix}-color`} className={controls.label}>
                Couleur
              </label>
              <div className={controls.colourRow}>
                <input
                  id={`${prefix}-color`}
                  type="color"
                  className={controls.colourPicker}
                  value={font.color?.slice(0, 7) ?? '#000000'}
                  onChange={(event) => update(index, { color: event.target.value })}
                />
                {font.color && (
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary}`}
                    onClick={() => update(index, { color: null })}
                  >
                    Couleur du thème
                  </button>
                )}
              </div>
              {!font.color && <p className={controls.hint}>Couleur du thème.</p>}
              {error('color') && <p className={controls.error}>{error('color')}</p>}
            </div>
          </fieldset>
        );
      })}
      <div className={controls.buttons}>
        <button type="button" className={controls.button} disabled={saving} onClick={save}>
          {saving ? 'Enregistrement…' : 'Enregistrer les polices'}
        </button>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </div>
    </div>
  );
}
