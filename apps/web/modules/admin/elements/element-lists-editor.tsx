'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import type { Resolver } from 'react-hook-form';
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
import type { Element } from '@comptoir/contract/element';
import { readableTextOn } from '@comptoir/domain/colour-contrast';
import { PROMO_BANNER_LIST_ROUTE } from '@comptoir/domain/banner-rotation';
import { isHexColour } from '@comptoir/domain/site-parameters';
import { browserApi } from '../../account/browser-api';
import type { FieldElement } from '../../../ui/use-api-form';
import controls from '../admin-controls.module.css';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
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

const ELEMENT_FIELDS = [
  'title',
  'html',
  'backgroundColor',
  'imageUrl',
  'linkUrl',
  'registrationCapacity',
] as const;

/** The contract's schema, once the empty optional fields are read as null. */
const elementResolver: Resolver<ElementFormValues, unknown, ElementInput> = async (
  values,
  context,
  options,
) =>
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
  );

function ElementForm({
  isBanner,
  element,
  slot,
}: {
  isBanner: boolean;
  element: Element | null;
  slot: AdminItemFormSlot<ElementInput>;
}) {
  const id = useId();
  const initial = formValuesOf(element);
  /** What the banner's preview shows, as the owner types. */
  const [preview, setPreview] = useState({
    colour: initial.backgroundColor ?? '',
    html: initial.html ?? '',
    title: initial.title,
  });
  const previewColour = preview.colour && isHexColour(preview.colour) ? preview.colour : null;

  return (
    <AdminItemForm<ElementFormValues, ElementInput>
      resolver={elementResolver}
      defaultValues={initial}
      serverFields={ELEMENT_FIELDS}
      submitLabel={element ? 'Enregistrer' : 'Ajouter'}
      onSubmit={(input) =>
        slot.onSubmit(element ? { ...input, position: element.position } : input)
      }
      onCancel={slot.onCancel}
    >
      {(form) => {
        /** A field's registration that also keeps the preview up to date. */
        const watched = (name: 'title' | 'html' | 'backgroundColor', key: keyof typeof preview) => {
          const registration = form.bind(name).registration;
          return {
            ...registration,
            onChange: (event: ChangeEvent<FieldElement>) => {
              setPreview((current) => ({ ...current, [key]: event.target.value }));
              return registration.onChange(event);
            },
          };
        };
        const field = (
          name: keyof ElementFormValues,
          label: string,
          options: { hint?: string; type?: string; multiline?: boolean; optional?: boolean } = {},
        ) => {
          const error = form.bind(name).error;
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
            ...(name === 'title' || name === 'html'
              ? watched(name, name)
              : form.bind(name).registration),
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
        const colourError = form.bind('backgroundColor').error;
        return (
          <>
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
                  onChange={(event) => {
                    setPreview((current) => ({ ...current, colour: event.target.value }));
                    form.setValue('backgroundColor', event.target.value);
                  }}
                />
                <input
                  id={`${id}-backgroundColor`}
                  className={controls.control}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={colourError ? true : undefined}
                  aria-describedby={colourError ? `${id}-backgroundColor-error` : undefined}
                  {...watched('backgroundColor', 'colour')}
                />
              </div>
              {colourError && (
                <p id={`${id}-backgroundColor-error`} className={controls.error}>
                  {colourError}
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
                  {preview.html.replace(/<[^>]*>/g, '') || preview.title || 'Votre message'}
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
          </>
        );
      }}
    </AdminItemForm>
  );
}

function ElementListSection({ siteId, initial }: { siteId: number; initial: AdminElementList }) {
  const isBanner = initial.route === PROMO_BANNER_LIST_ROUTE;
  const api = browserApi(siteId);
  const route = initial.route;
  return (
    <AdminList<Element, ElementInput>
      headingId={`liste-${route}`}
      heading={() => initial.name}
      intro={
        isBanner && (
          <p className={controls.hint}>
            Les messages défilent en haut de chaque page, dans cet ordre. Le texte s’écrit en blanc
            ou en noir selon la couleur de fond, pour rester lisible.
          </p>
        )
      }
      initial={initial.items}
      empty="Cette liste est vide."
      nameOf={(item) => item.title}
      addLabel={isBanner ? 'Ajouter un message' : 'Ajouter un élément'}
      renderItem={(item) => (
        <>
          {item.backgroundColor && isHexColour(item.backgroundColor) && (
            <span
              className={styles.swatch}
              style={{ background: item.backgroundColor }}
              aria-hidden="true"
            />
          )}
          <span className={styles.itemTitle}>{item.title}</span>
        </>
      )}
      renderForm={(item, slot) => <ElementForm isBanner={isBanner} element={item} slot={slot} />}
      save={(item, input) =>
        item
          ? api.call(updateElement, { params: { route, id: item.id }, body: input })
          : api.call(createElement, { params: { route }, body: input })
      }
      savedMessage={(item, created) => `« ${item.title} » ${created ? 'ajouté' : 'enregistré'}.`}
      remove={{
        confirm: (item) => `Supprimer « ${item.title} » ?`,
        call: async (item) => {
          await api.call(deleteElement, { params: { route, id: item.id } });
        },
        done: (item) => `« ${item.title} » supprimé.`,
      }}
      reorder={async (ids) =>
        (await api.call(reorderElements, { params: { route }, body: { ids } })).items
      }
    />
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
