'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  createElement,
  deleteElement,
  elementInputSchema,
  type ElementInput,
} from '@comptoir/contract/admin-content';
import {
  reorderElements,
  updateElement,
  type AdminElementList,
} from '@comptoir/contract/admin-theme';
import { ApiError } from '@comptoir/contract/request';
import type { Element } from '@comptoir/contract/element';
import { readableTextOn } from '@comptoir/domain/colour-contrast';
import { PROMO_BANNER_LIST_ROUTE } from '@comptoir/domain/banner-rotation';
import { isHexColour } from '@comptoir/domain/site-parameters';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { ItemActions } from '../frame/item-actions';
import styles from './elements.module.css';

type ElementFormValues = z.input<typeof elementInputSchema>;

const EMPTY: ElementFormValues = {
  title: '',
  html: '',
  backgroundColor: '',
  imageUrl: '',
  linkUrl: '',
  registrationCapacity: null,
};

function formValuesOf(element: Element | null): ElementFormValues {
  if (!element) return EMPTY;
  return {
    title: element.title,
    html: element.html ?? '',
    backgroundColor: element.backgroundColor ?? '',
    imageUrl: element.imageUrl ?? '',
    linkUrl: element.linkUrl ?? '',
    registrationCapacity: element.registrationCapacity,
  };
}

/** Empty optional fields are sent as null, as the contract reads them. */
function orNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

function ElementForm({
  isBanner,
  element,
  onSave,
  onCancel,
}: {
  isBanner: boolean;
  element: Element | null;
  onSave: (input: ElementInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useForm<ElementFormValues, unknown, ElementInput>({
    resolver: async (values, context, options) =>
      zodResolver(elementInputSchema)(
        {
          ...values,
          html: orNull(values.html),
          backgroundColor: orNull(values.backgroundColor),
          imageUrl: orNull(values.imageUrl),
          linkUrl: orNull(values.linkUrl),
          registrationCapacity:
            values.registrationCapacity === null ||
            (values.registrationCapacity as unknown) === '' ||
            Number.isNaN(values.registrationCapacity)
              ? null
              : Number(values.registrationCapacity),
        } as ElementFormValues,
        context,
        options,
      ),
    defaultValues: formValuesOf(element),
  });
  const errors = form.formState.errors;
  const [colour, html, title] = useWatch({
    control: form.control,
    name: ['backgroundColor', 'html', 'title'],
  });

  async function submit(input: ElementInput) {
    try {
      await onSave(element ? { ...input, position: element.position } : input);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          form.setError(item.key as keyof ElementFormValues, { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }

  const field = (
    name: keyof ElementFormValues,
    label: string,
    options: { hint?: string; type?: string; multiline?: boolean; optional?: boolean } = {},
  ) => {
    const error = errors[name]?.message;
    const controlId = `${id}-${name}`;
    const describedBy =
      [options.hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null]
        .filter(Boolean)
        .join(' ') || undefined;
    const props = {
      id: controlId,
      className: controls.control,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy,
      ...form.register(name),
    };
    return (
      <div className={controls.field}>
        <label htmlFor={controlId} className={controls.label}>
          {label}
          {options.optional && <span className={controls.optional}> (facultatif)</span>}
        </label>
        {options.hint && (
          <p id={`${controlId}-hint`} className={controls.hint}>
            {options.hint}
          </p>
        )}
        {options.multiline ? (
          <textarea rows={4} {...props} />
        ) : (
          <input type={options.type ?? 'text'} autoComplete="off" {...props} />
        )}
        {error && (
          <p id={`${controlId}-error`} className={controls.error}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const previewColour = colour && isHexColour(colour) ? colour : null;
  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      {field('title', 'Titre')}
      {field('html', isBanner ? 'Message (HTML)' : 'Texte (HTML)', {
        multiline: true,
        optional: true,
        hint: isBanner
          ? 'Par exemple : <strong>-20 %</strong> sur les soins jusqu’au 31 décembre. Sans message, le titre s’affiche.'
          : 'Balises simples : <p>, <strong>, <em>, <a href="…">.',
      })}
      <div className={controls.field}>
        <label htmlFor={`${id}-backgroundColor`} className={controls.label}>
          Couleur de fond<span className={controls.optional}> (facultatif)</span>
        </label>
        <div className={controls.colourRow}>
          <input
            type="color"
            className={controls.colourPicker}
            aria-label="Choisir la couleur de fond"
            value={previewColour?.slice(0, 7).padEnd(7, '0') ?? '#ffffff'}
            onChange={(event) =>
              form.setValue('backgroundColor', event.target.value, { shouldDirty: true })
            }
          />
          <input
            id={`${id}-backgroundColor`}
            className={controls.control}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.backgroundColor ? true : undefined}
            aria-describedby={errors.backgroundColor ? `${id}-backgroundColor-error` : undefined}
            {...form.register('backgroundColor')}
          />
        </div>
        {errors.backgroundColor && (
          <p id={`${id}-backgroundColor-error`} className={controls.error}>
            {errors.backgroundColor.message}
          </p>
        )}
      </div>
      {isBanner && (
        <div className={styles.bannerPreview}>
          <p className={controls.hint}>Aperçu du bandeau</p>
          {/* The storefront sanitizes the HTML; the preview shows the text only. */}
          <p
            className={styles.banner}
            style={
              previewColour
                ? { background: previewColour, color: readableTextOn(previewColour) }
                : undefined
            }
          >
            {(html ?? '').replace(/<[^>]*>/g, '') || title || 'Votre message'}
          </p>
        </div>
      )}
      {!isBanner &&
        field('imageUrl', 'Image', {
          optional: true,
          hint: 'Un chemin (/images/…) ou une adresse https://.',
        })}
      {field('linkUrl', 'Lien', {
        optional: true,
        hint: 'Un chemin du site (/contact) ou une adresse https://, mailto: ou tel:.',
      })}
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          {element ? 'Enregistrer' : 'Ajouter'}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onCancel}
        >
          Annuler
        </button>
      </div>
      <p role="status" className={controls.status}>
        {status}
      </p>
    </form>
  );
}

function ElementListSection({ siteId, initial }: { siteId: number; initial: AdminElementList }) {
  const [list, setList] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const isBanner = list.route === PROMO_BANNER_LIST_ROUTE;
  const api = browserApi(siteId);
  const headingId = `liste-${list.route}`;

  async function move(index: number, offset: -1 | 1) {
    const ids = list.items.map((item) => item.id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setBusy(true);
    try {
      const saved = await api.call(reorderElements, {
        params: { route: list.route },
        body: { ids },
      });
      setList(saved);
      const moved = saved.items[target]!;
      setStatus(`« ${moved.title} » est maintenant en position ${target + 1}.`);
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(element: Element) {
    if (!window.confirm(`Supprimer « ${element.title} » ?`)) return;
    setBusy(true);
    try {
      await api.call(deleteElement, { params: { route: list.route, id: element.id } });
      setList((current) => ({
        ...current,
        items: current.items.filter((item) => item.id !== element.id),
      }));
      setStatus(`« ${element.title} » supprimé.`);
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function save(element: Element | null, input: ElementInput) {
    if (element) {
      const saved = await api.call(updateElement, {
        params: { route: list.route, id: element.id },
        body: input,
      });
      setList((current) => ({
        ...current,
        items: current.items.map((item) => (item.id === saved.id ? saved : item)),
      }));
      setStatus(`« ${saved.title} » enregistré.`);
    } else {
      const created = await api.call(createElement, { params: { route: list.route }, body: input });
      setList((current) => ({ ...current, items: [...current.items, created] }));
      setStatus(`« ${created.title} » ajouté.`);
    }
    setEditing(null);
  }

  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={controls.sectionTitle}>
        {list.name}
      </h2>
      {isBanner && (
        <p className={controls.hint}>
          Les messages défilent en haut de chaque page, dans cet ordre. Le texte s’écrit en blanc ou
          en noir selon la couleur de fond, pour rester lisible.
        </p>
      )}
      {list.items.length === 0 ? (
        <p className={controls.hint}>Cette liste est vide.</p>
      ) : (
        <ol className={styles.items}>
          {list.items.map((item, index) => (
            <li key={item.id} className={styles.item}>
              <div className={styles.itemRow}>
                {item.backgroundColor && isHexColour(item.backgroundColor) && (
                  <span
                    className={styles.swatch}
                    style={{ background: item.backgroundColor }}
                    aria-hidden="true"
                  />
                )}
                <span className={styles.itemTitle}>{item.title}</span>
                <ItemActions
                  name={item.title}
                  busy={busy}
                  move={{
                    isFirst: index === 0,
                    isLast: index === list.items.length - 1,
                    onMove: (direction) => move(index, direction),
                  }}
                  editing={editing === item.id}
                  onToggleEdit={() => setEditing(editing === item.id ? null : item.id)}
                  onRemove={() => remove(item)}
                />
              </div>
              {editing === item.id && (
                <ElementForm
                  isBanner={isBanner}
                  element={item}
                  onSave={(input) => save(item, input)}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {editing === 'new' ? (
        <ElementForm
          isBanner={isBanner}
          element={null}
          onSave={(input) => save(null, input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <button type="button" className={controls.button} onClick={() => setEditing('new')}>
            {isBanner ? 'Ajouter un message' : 'Ajouter un élément'}
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}

/** Every element list of the site, the promotional banner first. */
export function ElementListsEditor({
  siteId,
  lists,
}: {
  siteId: number;
  lists: AdminElementList[];
}) {
  const ordered = [
    ...lists.filter((list) => list.route === PROMO_BANNER_LIST_ROUTE),
    ...lists.filter((list) => list.route !== PROMO_BANNER_LIST_ROUTE),
  ];
  return (
    <div className={styles.page}>
      {ordered.length === 0 && <p>Ce site n’a pas encore de liste d’éléments.</p>}
      {ordered.map((list) => (
        <ElementListSection key={list.route} siteId={siteId} initial={list} />
      ))}
    </div>
  );
}
