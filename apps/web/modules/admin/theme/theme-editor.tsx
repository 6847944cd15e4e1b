'use client';

import { ALCOHOL_AGE_PARAMETERS } from '@comptoir/domain/legal-age';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  saveParameters,
  saveParametersBodySchema,
  type AdminParameter,
} from '@comptoir/contract/admin-theme';
import { ApiError } from '@comptoir/contract/request';
import type { Font, Logo } from '@comptoir/contract/site';
import { themeContrastWarnings } from '@comptoir/domain/colour-contrast';
import { darkColourOf } from '@comptoir/domain/dark-theme';
import { isHexColour } from '@comptoir/domain/site-parameters';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { completeFonts, FontEditor } from './font-editor';
import { LogoEditor } from './logo-editor';
import { ParameterField } from './parameter-field';
import { ThemePreview } from './theme-preview';
import {
  changedValues,
  THEME_SECTIONS,
  toFormValue,
  toWireValue,
  type ThemeFormValues,
} from './theme-values';
import controls from '../admin-controls.module.css';
import styles from './theme.module.css';

function formValuesOf(parameters: readonly AdminParameter[]): ThemeFormValues {
  return Object.fromEntries(
    parameters.map((parameter) => [parameter.type, toFormValue(parameter)]),
  );
}

const LABELS_BY_TYPE = (parameters: readonly AdminParameter[]) =>
  new Map(parameters.map((parameter) => [parameter.type, parameter.label]));

/**
 * The theme and parameters screen: every parameter of the catalogue by section, saved in one
 * batch (all or nothing), with the contrast warnings and a preview of the unsaved colours and
 * fonts; the logos and fonts save on their own.
 */
export function ThemeEditor({
  siteId,
  siteName,
  initialParameters,
  initialFonts,
  logos,
}: {
  siteId: number;
  siteName: string;
  initialParameters: AdminParameter[];
  initialFonts: Font[];
  logos: Logo[];
}) {
  const [parameters, setParameters] = useState(initialParameters);
  const [fonts, setFonts] = useState(() => completeFonts(initialFonts));
  const [status, setStatus] = useState('');
  const form = useForm<ThemeFormValues>({ defaultValues: formValuesOf(initialParameters) });
  const values = useWatch({ control: form.control });
  const labels = useMemo(() => LABELS_BY_TYPE(parameters), [parameters]);

  // What the preview and the contrast check paint: the fields as they are now, saved or not.
  const liveValues = parameters.map((parameter) => {
    const field = values[parameter.type];
    const value = field === undefined ? parameter.value : toWireValue(parameter, field);
    return { type: parameter.type, value: value ?? parameter.defaultValue };
  });
  const colourOf = (type: string) => {
    const value = liveValues.find((parameter) => parameter.type === type)?.value;
    return typeof value === 'string' && isHexColour(value)
      ? value
      : String(parameters.find((parameter) => parameter.type === type)?.defaultValue ?? '');
  };
  const warnings = themeContrastWarnings(colourOf);
  // DARK_THEME: the storefront paints the dark palette derived from these colours; its pairs are
  // checked the same way (decision 0097).
  const dark = values.DARK_THEME === true;
  const darkWarnings = dark ? themeContrastWarnings(darkColourOf(colourOf)) : [];
  const darkCheck = dark ? (
    darkWarnings.length > 0 ? (
      <ContrastWarnings
        title="Contraste insuffisant avec le thème sombre"
        warnings={darkWarnings}
        labels={labels}
      />
    ) : (
      <p className={controls.hint} data-dark-contrast="ok">
        Thème sombre : tous les textes sont assez contrastés sur leur fond.
      </p>
    )
  ) : null;

  async function submit(values: ThemeFormValues) {
    // A site that sells alcohol keeps both age rules on (decision 0109): the API refuses less.
    const current = values.SELLS_ALCOHOL
      ? { ...values, ...Object.fromEntries(ALCOHOL_AGE_PARAMETERS.map((type) => [type, true])) }
      : values;
    const batch = changedValues(parameters, current);
    if (Object.keys(batch).length === 0) {
      setStatus('Aucune modification à enregistrer.');
      return;
    }
    const checked = saveParametersBodySchema.safeParse(batch);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        form.setError(String(issue.path[0]), { message: issue.message }, { shouldFocus: true });
      }
      setStatus('Rien n’a été enregistré : corrigez les champs signalés.');
      return;
    }
    try {
      const saved = await browserApi(siteId).call(saveParameters, { body: checked.data });
      setParameters(saved);
      form.reset(formValuesOf(saved));
      const count = Object.keys(batch).length;
      setStatus(count === 1 ? 'Modification enregistrée.' : `${count} modifications enregistrées.`);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          if (labels.has(item.key)) form.setError(item.key, { message: item.error });
        }
      }
      setStatus(`Rien n’a été enregistré : ${failureMessage(error)}`);
    }
  }

  const sections = THEME_SECTIONS.map((section) => ({
    ...section,
    parameters: parameters.filter(section.includes),
  })).filter((section) => section.parameters.length > 0);

  return (
    <div className={styles.page}>
      <nav aria-label="Sections de la page">
        <ul className={styles.toc}>
          <li>
            <a href="#logos">Logos</a>
          </li>
          <li>
            <a href="#polices">Polices</a>
          </li>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
          <li>
            <a href="#apercu">Aperçu</a>
          </li>
        </ul>
      </nav>
      <div className={styles.layout}>
        <div className={styles.page}>
          <section id="logos" className={controls.section} aria-labelledby="logos-title">
            <h2 id="logos-title" className={controls.sectionTitle}>
              Logos
            </h2>
            <LogoEditor siteId={siteId} initialLogos={logos} />
          </section>
          <section id="polices" className={controls.section} aria-labelledby="polices-title">
            <h2 id="polices-title" className={controls.sectionTitle}>
              Polices
            </h2>
            <p className={styles.sectionDescription}>
              Le site utilise les polices installées sur l’appareil du visiteur : chaque choix
              indique une police de secours proche.
            </p>
            <FontEditor siteId={siteId} fonts={fonts} onChange={setFonts} />
          </section>
          <form
            className={styles.page}
            onSubmit={form.handleSubmit(submit)}
            noValidate
            aria-label="Paramètres du site"
          >
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className={controls.section}
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`} className={controls.sectionTitle}>
                  {section.title}
                </h2>
                {section.description && (
                  <p className={styles.sectionDescription}>{section.description}</p>
                )}
                {section.id === 'couleurs' &&
                  (warnings.length > 0 ? (
                    <ContrastWarnings
                      title="Contraste insuffisant"
                      warnings={warnings}
                      labels={labels}
                    />
                  ) : (
                    <p className={controls.hint}>
                      Tous les textes sont assez contrastés sur leur fond.
                    </p>
                  ))}
                {(section.id === 'couleurs' || section.id === 'menu') && darkCheck}
                {section.id === 'code' && (
                  <p className={styles.danger}>
                    <strong>Attention :</strong> ce code s’exécute sur chaque page du site, pour
                    chaque visiteur. Une erreur peut casser l’affichage ou exposer vos visiteurs.
                    N’y collez que du code d’une source de confiance, et vérifiez le site après
                    l’enregistrement.
                  </p>
                )}
                <div className={styles.grid}>
                  {section.parameters.map((parameter) => (
                    <ParameterField key={parameter.type} parameter={parameter} form={form} />
                  ))}
                </div>
              </section>
            ))}
            <div className={styles.actions}>
              <button
                type="submit"
                className={controls.button}
                disabled={form.formState.isSubmitting}
              >
                {form.formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer les paramètres'}
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={() => {
                  form.reset(formValuesOf(parameters));
                  setStatus('Modifications annulées.');
                }}
              >
                Annuler les modifications
              </button>
              <p role="status" className={controls.status}>
                {status}
              </p>
            </div>
          </form>
        </div>
        <aside id="apercu" className={styles.aside} aria-label="Aperçu">
          <ThemePreview siteName={siteName} values={liveValues} fonts={fonts} dark={dark} />
        </aside>
      </div>
    </div>
  );
}

function ContrastWarnings({
  title,
  warnings,
  labels,
}: {
  title: string;
  warnings: ReturnType<typeof themeContrastWarnings>;
  labels: Map<string, string>;
}) {
  return (
    <div className={styles.warnings} role="note">
      <p>{title}</p>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.foreground}-${warning.background}`}>
            {warning.where} : « {labels.get(warning.foreground)} » sur «{' '}
            {labels.get(warning.background)} » ({warning.ratio.toString().replace('.', ',')}:1, il
            faut {warning.minimumRatio.toString().replace('.', ',')}:1)
          </li>
        ))}
      </ul>
    </div>
  );
}
