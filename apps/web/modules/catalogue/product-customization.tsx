'use client';

import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CustomizePrice } from '@comptoir/contract/cart';
import type { Form, FormField } from '@comptoir/contract/form';
import type { Customization, Product } from '@comptoir/contract/product';
import { ApiError, envelopeData, sendRequest } from '@comptoir/contract/request';
import { countCharacters } from '@comptoir/domain/customization-cost';
import { formatPrice } from '@comptoir/domain/money';
import { BROWSER_API_BASE, browserApi } from '../account/browser-api';
import { inFrench } from '../api-messages/in-french';
import type { CartAnswer } from '../cart/add-to-cart';
import uiStyles from '../../ui/forms.module.css';
import {
  EMPTY_DRAFT,
  answerSummary,
  collectAnswers,
  costLabel,
  formAnswerOf,
  initialDrafts,
  saveProblem,
  textTierLabel,
  type Draft,
  type FormValue,
} from './customization-answers';
import styles from './product-customization.module.css';
import {
  fileValidateRoute,
  formRoute,
  formValidateRoute,
  priceRoute,
} from './customization-routes';
import { countLabel } from './purchase-text';

/*
 * The customization steps of a product page (docs/requirements/product-customization.md), a chunk of its own fetched only
 * for a product that has customizations (decision 0039). Steps run in sequence: saving one opens
 * the next. Every answer given so far is priced by the API as it changes (customize/price); a
 * file is checked by the API as soon as it is chosen (file/validate); a DYNAMIC_FORM step's form
 * is checked by the form's own validate call before the step is saved.
 */

/** The types file/validate accepts (contract CUSTOMIZATION_FILE_TYPES), for the file picker. */
const FILE_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';
const PRICE_DELAY_MS = 250;

interface ProductCustomizationProps {
  siteId: number;
  productId: number;
  declinationId: number;
  quantity: number;
  productType: Product['type'];
  customizations: Customization[];
  hidePrices: boolean;
  onAnswersChange: (answers: CartAnswer[], files: Map<string, File>) => void;
}

/** A multipart call through the same-origin API, read like any other (no schema in the browser). */
async function sendMultipart(
  siteId: number,
  target: { method: string; path: string },
  params: Record<string, unknown>,
  body: FormData,
): Promise<unknown> {
  try {
    const { status, json } = await sendRequest({ baseUrl: BROWSER_API_BASE, siteId }, target, {
      params,
      body,
    });
    return envelopeData(target, status, json);
  } catch (error) {
    throw await inFrench(error);
  }
}

function errorText(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.message !== ''
    ? error.message
    : 'Le service ne répond pas pour le moment. Réessayez dans un instant.';
}

const kiloBytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export default function ProductCustomization({
  siteId,
  productId,
  declinationId,
  quantity,
  productType,
  customizations,
  hidePrices,
  onAnswersChange,
}: ProductCustomizationProps) {
  const ids = useId();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() => initialDrafts(customizations));
  const [saved, setSaved] = useState<Record<number, boolean>>({});
  const [open, setOpen] = useState(0);
  const [stepErrors, setStepErrors] = useState<Record<number, string | null>>({});
  const [fileNotes, setFileNotes] = useState<Record<number, string | null>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<number, Record<string, string>>>({});
  const [forms, setForms] = useState<Record<number, Form | 'failed'>>({});
  const [saving, setSaving] = useState(false);
  const [price, setPrice] = useState<CustomizePrice | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const headings = useRef<Record<number, HTMLHeadingElement | null>>({});
  const moveFocus = useRef<number | null>(null);

  const { answers, files } = useMemo(
    () => collectAnswers(customizations, drafts),
    [customizations, drafts],
  );
  const answersKey = JSON.stringify(answers);

  useEffect(() => {
    onAnswersChange(answers, files);
  }, [answers, files, onAnswersChange]);

  // The forms the DYNAMIC_FORM steps ask, fetched once.
  useEffect(() => {
    const formIds = [
      ...new Set(
        customizations
          .filter((customization) => customization.type === 'DYNAMIC_FORM')
          .map((customization) => customization.formId)
          .filter((id): id is number => id !== null),
      ),
    ];
    let live = true;
    for (const formId of formIds) {
      browserApi(siteId)
        .call(formRoute, { params: { id: formId } })
        .then(
          (form) => live && setForms((current) => ({ ...current, [formId]: form })),
          () => live && setForms((current) => ({ ...current, [formId]: 'failed' })),
        );
    }
    return () => {
      live = false;
    };
  }, [customizations, siteId]);

  // The price of the answers, asked again as they, the format or the quantity change.
  useEffect(() => {
    if (hidePrices) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = {
        customizations: JSON.parse(answersKey) as CartAnswer[],
        quantity: Math.min(100_000, Math.max(1, quantity)),
      };
      sendRequest(
        {
          baseUrl: BROWSER_API_BASE,
          siteId,
          fetch: (input, init) => fetch(input, { ...init, signal: controller.signal }),
        },
        priceRoute,
        { params: { idProduct: productId, idDeclination: declinationId }, body },
      )
        .then(({ status, json }) => envelopeData(priceRoute, status, json) as CustomizePrice)
        .catch(async (error: unknown) => {
          throw await inFrench(error);
        })
        .then(
          (answer) => {
            if (controller.signal.aborted) return;
            setPrice(answer);
            setPriceError(null);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setPriceError(errorText(error));
          },
        );
    }, PRICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [answersKey, declinationId, productId, quantity, siteId, hidePrices]);

  useEffect(() => {
    if (moveFocus.current === null) return;
    headings.current[moveFocus.current]?.focus();
    moveFocus.current = null;
  });

  const draftOf = (id: number) => drafts[id] ?? EMPTY_DRAFT;
  const update = (id: number, change: Partial<Draft>) => {
    setDrafts((current) => ({ ...current, [id]: { ...(current[id] ?? EMPTY_DRAFT), ...change } }));
    setStepErrors((current) => ({ ...current, [id]: null }));
  };

  const chooseFile = async (customization: Customization, file: File | null) => {
    update(customization.id, { file, fileState: file ? 'checking' : 'none' });
    setFileNotes((current) => ({ ...current, [customization.id]: null }));
    if (!file) return;
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const checked = (await sendMultipart(
        siteId,
        fileValidateRoute,
        { id: customization.id },
        body,
      )) as { filename: string; mimeType: string; size: number };
      update(customization.id, { file, fileState: 'valid' });
      setFileNotes((current) => ({
        ...current,
        [customization.id]: `« ${checked.filename} » est accepté (${kiloBytes.format(Math.max(1, checked.size / 1024))} Ko).`,
      }));
    } catch (error) {
      update(customization.id, { file, fileState: 'invalid' });
      setFileNotes((current) => ({ ...current, [customization.id]: errorText(error) }));
    }
  };

  /** The form's own check of a DYNAMIC_FORM step (its FILE fields are not asked in the cart). */
  const checkForm = async (customization: Customization, form: Form): Promise<boolean> => {
    const askable = form.fields.filter((field) => field.type !== 'FILE');
    const values = formAnswerOf(draftOf(customization.id).form);
    const body = new FormData();
    for (const field of askable) {
      const value = values[field.key];
      if (Array.isArray(value)) for (const item of value) body.append(field.key, item);
      else if (value === true) body.append(field.key, 'true');
      else if (typeof value === 'string') body.append(field.key, value);
      else if (field.type !== 'CHECKBOX' && field.type !== 'SELECT') body.append(field.key, '');
    }
    try {
      await sendMultipart(siteId, formValidateRoute, { id: form.id }, body);
      setFieldErrors((current) => ({ ...current, [customization.id]: {} }));
      return true;
    } catch (error) {
      const errors =
        error instanceof ApiError
          ? error.errors.filter((item) => askable.some((field) => field.key === item.key))
          : [];
      if (error instanceof ApiError && error.errors.length > 0 && errors.length === 0) return true;
      setFieldErrors((current) => ({
        ...current,
        [customization.id]: Object.fromEntries(errors.map((item) => [item.key, item.error])),
      }));
      if (errors.length === 0) {
        setStepErrors((current) => ({ ...current, [customization.id]: errorText(error) }));
      }
      return false;
    }
  };

  const save = async (index: number) => {
    const customization = customizations[index]!;
    const draft = draftOf(customization.id);
    const problem = saveProblem(customization, draft);
    if (problem) {
      setStepErrors((current) => ({ ...current, [customization.id]: problem }));
      return;
    }
    const form = customization.formId !== null ? forms[customization.formId] : undefined;
    if (customization.type === 'DYNAMIC_FORM' && form && form !== 'failed') {
      setSaving(true);
      const valid = await checkForm(customization, form);
      setSaving(false);
      if (!valid) return;
    }
    const nextSaved = { ...saved, [customization.id]: true };
    setSaved(nextSaved);
    const next = customizations.findIndex(
      (candidate, position) => position > index && !nextSaved[candidate.id],
    );
    setOpen(next);
    moveFocus.current = next === -1 ? -1 : customizations[next]!.id;
  };

  const edit = (index: number) => {
    setOpen(index);
    moveFocus.current = customizations[index]!.id;
  };

  const allSaved = customizations.every((customization) => saved[customization.id]);
  const unit = countLabel(1, productType).replace(/^1 /, '');

  return (
    <section className={styles.customization} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.title}>
        Personnalisation
      </h2>
      <ol className={styles.steps}>
        {customizations.map((customization, index) => {
          const draft = draftOf(customization.id);
          const isOpen = open === index;
          const isSaved = saved[customization.id] && !isOpen;
          const headingId = `${ids}-step-${customization.id}`;
          return (
            <li
              key={customization.id}
              className={`${styles.step} ${isOpen ? styles.stepOpen : ''}`}
              aria-current={isOpen ? 'step' : undefined}
            >
              <h3
                id={headingId}
                className={styles.stepTitle}
                tabIndex={-1}
                ref={(element) => {
                  headings.current[customization.id] = element;
                }}
              >
                <span className={styles.stepNumber}>
                  Étape {index + 1} sur {customizations.length}
                </span>
                {customization.label}
                <span className={uiStyles.optional}>
                  {customization.isRequired ? '(obligatoire)' : '(facultatif)'}
                </span>
              </h3>
              {isOpen ? (
                <div className={styles.stepBody}>
                  {customization.description ? (
                    <p className={uiStyles.hint}>{customization.description}</p>
                  ) : null}
                  <StepInput
                    ids={`${ids}-${customization.id}`}
                    customization={customization}
                    draft={draft}
                    hidePrices={hidePrices}
                    fileNote={fileNotes[customization.id] ?? null}
                    update={(change) => update(customization.id, change)}
                    chooseFile={(file) => void chooseFile(customization, file)}
                  />
                  {customization.type === 'DYNAMIC_FORM' && customization.formId !== null ? (
                    <DynamicForm
                      ids={`${ids}-${customization.id}-form`}
                      form={forms[customization.formId]}
                      values={draft.form}
                      errors={fieldErrors[customization.id] ?? {}}
                      change={(key, value) => {
                        update(customization.id, { form: { ...draft.form, [key]: value } });
                        // The field's error goes once the visitor changes it.
                        setFieldErrors((current) => {
                          const { [key]: _changed, ...others } = current[customization.id] ?? {};
                          return { ...current, [customization.id]: others };
                        });
                      }}
                    />
                  ) : null}
                  {stepErrors[customization.id] ? (
                    <p className={uiStyles.error} role="alert">
                      {stepErrors[customization.id]}
                    </p>
                  ) : null}
                  <div className={styles.stepActions}>
                    <button
                      type="button"
                      className="button"
                      aria-disabled={saving ? true : undefined}
                      onClick={() => void (saving ? undefined : save(index))}
                    >
                      {customizations.slice(index + 1).some((other) => !saved[other.id])
                        ? 'Enregistrer et continuer'
                        : 'Enregistrer'}
                    </button>
                  </div>
                </div>
              ) : isSaved ? (
                <div className={styles.stepSummary}>
                  <p className={styles.summaryText}>
                    <span className="visually-hidden">Votre choix : </span>
                    {answerSummary(customization, draft)}
                  </p>
                  <button
                    type="button"
                    className={styles.editButton}
                    aria-describedby={headingId}
                    onClick={() => edit(index)}
                  >
                    Modifier
                  </button>
                </div>
              ) : (
                <p className={styles.stepPending}>À compléter après l’étape précédente.</p>
              )}
            </li>
          );
        })}
      </ol>
      {allSaved ? (
        <p
          className={styles.done}
          tabIndex={-1}
          ref={(element) => {
            headings.current[-1] = element as HTMLHeadingElement | null;
          }}
        >
          Votre personnalisation est enregistrée : choisissez la quantité puis ajoutez au panier.
        </p>
      ) : null}
      {hidePrices ? null : (
        <div className={styles.price} aria-live="polite" aria-atomic="true">
          {price ? (
            <>
              <p className={styles.priceLine}>
                Personnalisation :{' '}
                <strong data-testid="customization-cost">
                  {price.customizationCostCents > 0
                    ? `+${formatPrice(price.customizationCostCents)}`
                    : 'incluse'}
                </strong>{' '}
                par {unit}
              </p>
              <p className={styles.priceLine}>
                Prix personnalisé :{' '}
                <strong data-testid="customized-price">
                  {formatPrice(price.unitPriceCents + price.customizationCostCents)}
                </strong>{' '}
                par {unit}, soit{' '}
                <strong data-testid="customized-total">{formatPrice(price.totalCents)}</strong> pour{' '}
                {countLabel(price.quantity, productType)}
              </p>
            </>
          ) : null}
          {priceError ? <p className={uiStyles.error}>{priceError}</p> : null}
        </div>
      )}
    </section>
  );
}

interface StepInputProps {
  ids: string;
  customization: Customization;
  draft: Draft;
  hidePrices: boolean;
  fileNote: string | null;
  update: (change: Partial<Draft>) => void;
  chooseFile: (file: File | null) => void;
}

function StepInput({
  ids,
  customization,
  draft,
  hidePrices,
  fileNote,
  update,
  chooseFile,
}: StepInputProps): ReactNode {
  const values = customization.customizationValues;
  const cost = (value: (typeof values)[number]) => (hidePrices ? '' : ` (${costLabel(value)})`);
  switch (customization.inputType) {
    case 'TEXT': {
      const length = countCharacters(draft.text);
      const tier = hidePrices ? null : textTierLabel(customization, draft.text);
      const over = customization.maxLength !== null && length > customization.maxLength;
      return (
        <div className={uiStyles.field}>
          <label htmlFor={`${ids}-text`} className={uiStyles.label}>
            Votre texte
          </label>
          {hidePrices ? null : (
            <ul className={styles.tiers} id={`${ids}-tiers`} aria-label="Tarifs">
              {values.map((value) => (
                <li key={value.id}>
                  {value.label} : {costLabel(value)}
                </li>
              ))}
            </ul>
          )}
          <input
            id={`${ids}-text`}
            className={uiStyles.control}
            type="text"
            value={draft.text}
            autoComplete="off"
            aria-required={customization.isRequired ? true : undefined}
            aria-describedby={`${ids}-count${hidePrices ? '' : ` ${ids}-tiers`}`}
            aria-invalid={over ? true : undefined}
            onChange={(event) => update({ text: event.target.value })}
          />
          <p id={`${ids}-count`} className={uiStyles.hint} aria-live="polite">
            {length} caractère{length > 1 ? 's' : ''}
            {customization.maxLength !== null ? ` sur ${customization.maxLength}` : ''}
            {tier ? ` · Tarif : ${tier}` : ''}
          </p>
        </div>
      );
    }
    case 'SELECT':
      return (
        <fieldset
          className={styles.choices}
          role="radiogroup"
          aria-required={customization.isRequired ? true : undefined}
        >
          <legend className="visually-hidden">{customization.label}</legend>
          {values.map((value) => (
            <label key={value.id} className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-select`}
                value={value.selectKey ?? ''}
                checked={draft.selectKey === value.selectKey}
                onChange={() => update({ selectKey: value.selectKey ?? '' })}
              />
              <span>
                {value.label}
                {cost(value)}
              </span>
            </label>
          ))}
        </fieldset>
      );
    case 'CHECKBOX': {
      const value = values[0];
      return (
        <label className={styles.choice}>
          <input
            type="checkbox"
            aria-required={customization.isRequired ? true : undefined}
            checked={draft.checked}
            onChange={(event) => update({ checked: event.target.checked })}
          />
          <span>
            {value?.label ?? customization.label}
            {value ? cost(value) : ''}
          </span>
        </label>
      );
    }
    case 'FILE': {
      const value = values[0];
      return (
        <div className={uiStyles.field}>
          <label htmlFor={`${ids}-file`} className={uiStyles.label}>
            Votre fichier{value && !hidePrices ? ` – ${value.label} ${costLabel(value)}` : ''}
          </label>
          <p id={`${ids}-file-hint`} className={uiStyles.hint}>
            PNG, JPEG, WebP ou PDF, 5 Mo au plus.
          </p>
          <input
            id={`${ids}-file`}
            className={uiStyles.control}
            type="file"
            required={customization.isRequired}
            accept={FILE_ACCEPT}
            aria-describedby={`${ids}-file-hint ${ids}-file-note`}
            aria-invalid={draft.fileState === 'invalid' ? true : undefined}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
          <p
            id={`${ids}-file-note`}
            className={draft.fileState === 'invalid' ? uiStyles.error : uiStyles.hint}
            aria-live="polite"
          >
            {draft.fileState === 'checking' ? 'Vérification du fichier…' : fileNote}
          </p>
        </div>
      );
    }
  }
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  TEXT: 'text',
  EMAIL: 'email',
  PHONE: 'tel',
  NUMBER: 'number',
  DATE: 'date',
};

interface DynamicFormProps {
  ids: string;
  form: Form | 'failed' | undefined;
  values: Readonly<Record<string, FormValue>>;
  errors: Readonly<Record<string, string>>;
  change: (key: string, value: FormValue) => void;
}

/** A DYNAMIC_FORM step's form: its fields but files, controlled, with the form's errors. */
function DynamicForm({ ids, form, values, errors, change }: DynamicFormProps): ReactNode {
  if (form === undefined) return <p className={uiStyles.hint}>Chargement du formulaire…</p>;
  if (form === 'failed') {
    return (
      <p className={uiStyles.error}>
        Le formulaire de cette personnalisation ne s’affiche pas pour le moment.
      </p>
    );
  }
  return (
    <fieldset className={styles.form}>
      <legend className={styles.formTitle}>{form.title}</legend>
      {form.description ? <p className={uiStyles.hint}>{form.description}</p> : null}
      {form.fields
        .filter((field) => field.type !== 'FILE')
        .map((field) => {
          const id = `${ids}-${field.key}`;
          const error = errors[field.key];
          const describedBy =
            [field.helpText ? `${id}-hint` : null, error ? `${id}-error` : null]
              .filter(Boolean)
              .join(' ') || undefined;
          const value = values[field.key];
          const common = {
            id,
            'aria-invalid': error ? (true as const) : undefined,
            'aria-describedby': describedBy,
            required: field.required || undefined,
          };
          let control: ReactNode;
          if (field.type === 'CHECKBOX') {
            return (
              <div key={field.key} className={uiStyles.field}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    {...common}
                    checked={value === true}
                    onChange={(event) => change(field.key, event.target.checked)}
                  />
                  <span>{field.label}</span>
                </label>
                {error ? (
                  <p id={`${id}-error`} className={uiStyles.error}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          }
          if (field.type === 'TEXTAREA') {
            control = (
              <textarea
                {...common}
                className={uiStyles.control}
                rows={3}
                placeholder={field.placeholder}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => change(field.key, event.target.value)}
              />
            );
          } else if (field.type === 'SELECT') {
            control = (
              <select
                {...common}
                className={uiStyles.control}
                multiple={field.multiple}
                value={
                  field.multiple
                    ? Array.isArray(value)
                      ? value
                      : []
                    : typeof value === 'string'
                      ? value
                      : ''
                }
                onChange={(event) =>
                  change(
                    field.key,
                    field.multiple
                      ? [...event.target.selectedOptions].map((option) => option.value)
                      : event.target.value,
                  )
                }
              >
                {field.multiple ? null : <option value="">Choisissez…</option>}
                {(field.options ?? []).map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          } else {
            control = (
              <input
                {...common}
                className={uiStyles.control}
                type={INPUT_TYPES[field.type] ?? 'text'}
                placeholder={field.placeholder}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => change(field.key, event.target.value)}
              />
            );
          }
          return (
            <div key={field.key} className={uiStyles.field}>
              <label htmlFor={id} className={uiStyles.label}>
                {field.label}
                {field.required ? null : <span className={uiStyles.optional}>(facultatif)</span>}
              </label>
              {field.helpText ? (
                <p id={`${id}-hint`} className={uiStyles.hint}>
                  {field.helpText}
                </p>
              ) : null}
              {control}
              {error ? (
                <p id={`${id}-error`} className={uiStyles.error}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
    </fieldset>
  );
}
