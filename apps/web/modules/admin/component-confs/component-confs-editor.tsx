'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import {
  KNOWN_COMPONENT_CONFS,
  reviewsConfInputSchema,
  servicesPageConfInputSchema,
  updateReviewsConf,
  updateServicesPageConf,
  type AdminComponentConfs,
  type KnownComponentConfSlug,
  type ReviewsConfInput,
  type ServicesPageConfInput,
} from '@comptoir/contract/admin-component-confs';
import { MAX_RATING, MIN_RATING } from '@comptoir/contract/review';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import list from '../frame/admin-list.module.css';
import { AdminField } from '../site-content/admin-field';
import styles from '../site-content/site-content.module.css';

/** Sends a form, puts the API's field errors on its fields, and says how it went. */
function useSubmit<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  save: (values: T) => Promise<void>,
  label: string,
) {
  const [status, setStatus] = useState('');
  async function submit(values: T) {
    setStatus('');
    try {
      await save(values);
      setStatus(`Réglages « ${label} » enregistrés.`);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          form.setError(item.key as Path<T>, { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }
  return { status, submit };
}

/** One component's section: its name, what it sets, the fields and the save button. */
function ConfSection({
  slug,
  onSubmit,
  submitting,
  status,
  children,
}: {
  slug: KnownComponentConfSlug;
  onSubmit: () => void;
  submitting: boolean;
  status: string;
  children: React.ReactNode;
}) {
  const { label, description } = KNOWN_COMPONENT_CONFS[slug];
  return (
    <section className={controls.section} aria-labelledby={`conf-${slug}`}>
      <h2 id={`conf-${slug}`} className={controls.sectionTitle}>
        {label}
      </h2>
      <p className={controls.hint}>{description}</p>
      <form
        className={list.form}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        {children}
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={submitting}>
            Enregistrer
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

function ServicesPageForm({ siteId, initial }: { siteId: number; initial: AdminComponentConfs }) {
  const id = useId();
  const conf = initial['services-page'];
  const form = useForm<ServicesPageConfInput>({
    resolver: zodResolver(servicesPageConfInputSchema),
    defaultValues: {
      showPrices: conf.showPrices,
      ctaLabel: conf.ctaLabel ?? '',
      ctaHref: conf.ctaHref ?? '',
    },
  });
  const { status, submit } = useSubmit(
    form,
    async (values) => {
      await browserApi(siteId).call(updateServicesPageConf, { body: values });
    },
    KNOWN_COMPONENT_CONFS['services-page'].label,
  );
  const errors = form.formState.errors;
  return (
    <ConfSection
      slug="services-page"
      onSubmit={form.handleSubmit(submit)}
      submitting={form.formState.isSubmitting}
      status={status}
    >
      <div className={styles.checkboxRow}>
        <input id={`${id}-prices`} type="checkbox" {...form.register('showPrices')} />
        <label htmlFor={`${id}-prices`}>
          Afficher les prix (« Sur devis » quand il n’y en a pas)
        </label>
      </div>
      <div className={styles.twoColumns}>
        <AdminField
          id={`${id}-cta-label`}
          label="Texte du bouton"
          optional
          hint="Par exemple « Prendre rendez-vous ». Vide : pas de bouton."
          registration={form.register('ctaLabel')}
          error={errors.ctaLabel?.message}
        />
        <AdminField
          id={`${id}-cta-href`}
          label="Lien du bouton"
          optional
          hint="Une page du site (/nous-contacter), un lien https://, mailto: ou tel:."
          registration={form.register('ctaHref')}
          error={errors.ctaHref?.message}
        />
      </div>
    </ConfSection>
  );
}

function ReviewsForm({ siteId, initial }: { siteId: number; initial: AdminComponentConfs }) {
  const id = useId();
  const form = useForm<ReviewsConfInput>({
    resolver: zodResolver(reviewsConfInputSchema),
    defaultValues: { minRating: initial.reviews.minRating },
  });
  const { status, submit } = useSubmit(
    form,
    async (values) => {
      await browserApi(siteId).call(updateReviewsConf, { body: values });
    },
    KNOWN_COMPONENT_CONFS.reviews.label,
  );
  const error = form.formState.errors.minRating?.message;
  const ratings = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);
  return (
    <ConfSection
      slug="reviews"
      onSubmit={form.handleSubmit(submit)}
      submitting={form.formState.isSubmitting}
      status={status}
    >
      <div className={controls.field}>
        <label htmlFor={`${id}-min`} className={controls.label}>
          Note minimale des avis affichés
        </label>
        <select
          id={`${id}-min`}
          className={controls.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-min-error` : undefined}
          {...form.register('minRating', { valueAsNumber: true })}
        >
          {ratings.map((rating) => (
            <option key={rating} value={rating}>
              {rating === MIN_RATING ? 'Tous les avis' : `${rating} étoiles ou plus`}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-min-error`} className={controls.error}>
            {error}
          </p>
        )}
      </div>
    </ConfSection>
  );
}

/** The display options of the storefront's components, one form per component. */
export function ComponentConfsEditor({
  siteId,
  initial,
}: {
  siteId: number;
  initial: AdminComponentConfs;
}) {
  return (
    <div className={styles.page}>
      <ServicesPageForm siteId={siteId} initial={initial} />
      <ReviewsForm siteId={siteId} initial={initial} />
    </div>
  );
}
