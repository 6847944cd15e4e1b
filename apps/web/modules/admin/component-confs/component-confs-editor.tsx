'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
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
import type { ApiForm } from '../../../ui/use-api-form';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminItemForm } from '../frame/admin-list';
import { AdminField } from '../site-content/admin-field';
import styles from '../site-content/site-content.module.css';

/**
 * One component's section: its name, what it sets, and its form on AdminItemForm (the schema's
 * and the server's errors beside their fields, « Réglages « … » enregistrés. » once saved).
 */
function ConfSection<Values extends FieldValues, Output>({
  slug,
  resolver,
  defaultValues,
  save,
  children,
}: {
  slug: KnownComponentConfSlug;
  /** The contract's schema as a resolver. */
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  save: (values: Output) => Promise<unknown>;
  children: (form: ApiForm<Values>) => ReactNode;
}) {
  const { label, description } = KNOWN_COMPONENT_CONFS[slug];
  return (
    <section className={controls.section} aria-labelledby={`conf-${slug}`}>
      <h2 id={`conf-${slug}`} className={controls.sectionTitle}>
        {label}
      </h2>
      <p className={controls.hint}>{description}</p>
      <AdminItemForm<Values, Output>
        resolver={resolver}
        defaultValues={defaultValues}
        serverFields={Object.keys(defaultValues) as Path<Values>[]}
        submitLabel="Enregistrer"
        onSubmit={async (values) => {
          await save(values);
        }}
        savedMessage={() => `Réglages « ${label} » enregistrés.`}
      >
        {children}
      </AdminItemForm>
    </section>
  );
}

function ServicesPageForm({ siteId, initial }: { siteId: number; initial: AdminComponentConfs }) {
  const id = useId();
  const conf = initial['services-page'];
  return (
    <ConfSection<ServicesPageConfInput, ServicesPageConfInput>
      slug="services-page"
      resolver={zodResolver(servicesPageConfInputSchema)}
      defaultValues={{
        showPrices: conf.showPrices,
        ctaLabel: conf.ctaLabel ?? '',
        ctaHref: conf.ctaHref ?? '',
      }}
      save={(values) => browserApi(siteId).call(updateServicesPageConf, { body: values })}
    >
      {(form) => (
        <>
          <div className={styles.checkboxRow}>
            <input id={`${id}-prices`} type="checkbox" {...form.bind('showPrices').registration} />
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
              {...form.bind('ctaLabel')}
            />
            <AdminField
              id={`${id}-cta-href`}
              label="Lien du bouton"
              optional
              hint="Une page du site (/nous-contacter), un lien https://, mailto: ou tel:."
              {...form.bind('ctaHref')}
            />
          </div>
        </>
      )}
    </ConfSection>
  );
}

function ReviewsForm({ siteId, initial }: { siteId: number; initial: AdminComponentConfs }) {
  const id = useId();
  const ratings = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);
  return (
    <ConfSection<ReviewsConfInput, ReviewsConfInput>
      slug="reviews"
      resolver={zodResolver(reviewsConfInputSchema)}
      defaultValues={{ minRating: initial.reviews.minRating }}
      save={(values) => browserApi(siteId).call(updateReviewsConf, { body: values })}
    >
      {(form) => {
        const { registration, error } = form.bind('minRating', { valueAsNumber: true });
        return (
          <div className={controls.field}>
            <label htmlFor={`${id}-min`} className={controls.label}>
              Note minimale des avis affichés
            </label>
            <select
              id={`${id}-min`}
              className={controls.control}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-min-error` : undefined}
              {...registration}
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
        );
      }}
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
