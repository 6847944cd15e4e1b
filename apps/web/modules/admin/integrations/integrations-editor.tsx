'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  analyticsSettingsSchema,
  fetchGoogleReviewsNow,
  googleReviewsInputSchema,
  RELAY_PROVIDER_LABELS,
  RELAY_PROVIDERS,
  relaySettingsInputSchema,
  saveAnalyticsSettings,
  saveGoogleReviewsSettings,
  saveRelaySettings,
  type AnalyticsSettings,
  type GoogleReviewsInputParsed,
  type GoogleReviewsSettings,
  type MaskedSecret,
  type RelaySettings,
  type RelaySettingsInputParsed,
} from '@comptoir/contract/admin-integrations';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { contractResolver } from '../shop/contract-resolver';
import styles from '../shop/shop-settings.module.css';
import { CheckboxField, TextField } from '../shop/text-field';

/*
 * The « Intégrations » screen (decision 0108): three forms, each saved on its own. A secret is
 * typed, never shown: its box stays empty, says whether one is kept and keeps it when left empty.
 */

/** Puts the API's field errors on the form's fields, and says the failure in the status line. */
function reportTo(
  form: { setError: (name: never, error: { message: string }) => void },
  error: unknown,
): string {
  if (error instanceof ApiError) {
    for (const item of error.errors) {
      form.setError(item.key as never, { message: item.error });
    }
  }
  return failureMessage(error);
}

function secretHint(secret: MaskedSecret, what: string): string {
  return secret.set
    ? `${what} enregistrée (${secret.masked}). Laissez vide pour la garder.`
    : `Aucune ${what.toLowerCase()} enregistrée.`;
}

const when = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

type AnalyticsValues = { [Key in keyof AnalyticsSettings]: string };

const analyticsValues = (settings: AnalyticsSettings): AnalyticsValues =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [key, value ?? '']),
  ) as AnalyticsValues;

const ANALYTICS_FIELDS: { name: keyof AnalyticsSettings; label: string; hint?: string }[] = [
  { name: 'googleAnalyticsMeasurementId', label: 'Google Analytics 4', hint: 'G-XXXXXXXXXX' },
  { name: 'googleTagManagerContainerId', label: 'Google Tag Manager', hint: 'GTM-XXXXXXX' },
  { name: 'googleAdsConversionId', label: 'Google Ads', hint: 'AW-123456789' },
  { name: 'facebookPixelId', label: 'Pixel Facebook (Meta)', hint: 'Des chiffres' },
  { name: 'matomoUrl', label: 'Serveur Matomo', hint: 'https://stats.exemple.fr/' },
  { name: 'matomoSiteId', label: 'Numéro du site dans Matomo', hint: '1, 2…' },
  { name: 'plausibleDomain', label: 'Domaine Plausible', hint: 'exemple.fr' },
  {
    name: 'plausibleScriptHost',
    label: 'Serveur Plausible auto-hébergé',
    hint: 'plausible.exemple.fr ; vide : plausible.io',
  },
];

function AnalyticsForm({ siteId, initial }: { siteId: number; initial: AnalyticsSettings }) {
  const [status, setStatus] = useState('');
  const form = useForm<AnalyticsValues, unknown, AnalyticsSettings>({
    resolver: contractResolver(analyticsSettingsSchema, (values: AnalyticsValues) => values),
    defaultValues: analyticsValues(initial),
  });
  const errors = form.formState.errors;

  async function submit(input: AnalyticsSettings) {
    setStatus('');
    try {
      const saved = await browserApi(siteId).call(saveAnalyticsSettings, { body: input });
      form.reset(analyticsValues(saved));
      setStatus(
        'Services de mesure enregistrés : le bandeau des cookies les propose aux visiteurs, qui les acceptent ou non.',
      );
    } catch (error) {
      setStatus(reportTo(form, error));
    }
  }

  return (
    <section className={controls.section} aria-labelledby="mesure-audience">
      <h2 id="mesure-audience" className={controls.sectionTitle}>
        Mesure d’audience
      </h2>
      <p className={controls.hint}>
        Les identifiants publics de vos outils. Aucun ne se charge avant l’accord du visiteur dans
        le bandeau des cookies ; videz un champ pour déconnecter son outil.
      </p>
      <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
        <div className={styles.columns}>
          {ANALYTICS_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              {...(field.hint ? { hint: field.hint } : {})}
              spellCheck={false}
              registration={form.register(field.name)}
              error={errors[field.name]?.message}
            />
          ))}
        </div>
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Enregistrer la mesure d’audience
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Google reviews
// ---------------------------------------------------------------------------------------------

interface GoogleValues {
  apiKey: string;
  removeKey: boolean;
  placeId: string;
}

function fetchStatus(settings: GoogleReviewsSettings): string {
  const last = settings.lastFetch;
  if (!last) return 'Aucune récupération pour l’instant.';
  const at = when.format(new Date(last.at));
  return last.status === 'OK'
    ? `Dernière récupération le ${at} : réussie. ${last.message}`
    : `Dernière récupération le ${at} : échec. ${last.message}`;
}

function GoogleReviewsForm({
  siteId,
  initial,
}: {
  siteId: number;
  initial: GoogleReviewsSettings;
}) {
  const [settings, setSettings] = useState(initial);
  const [status, setStatus] = useState('');
  const [fetching, setFetching] = useState(false);
  const form = useForm<GoogleValues, unknown, GoogleReviewsInputParsed>({
    resolver: contractResolver(googleReviewsInputSchema, (values: GoogleValues) => ({
      ...(values.removeKey ? { apiKey: null } : { apiKey: values.apiKey }),
      placeId: values.placeId,
    })),
    defaultValues: { apiKey: '', removeKey: false, placeId: initial.placeId ?? '' },
  });
  const errors = form.formState.errors;

  async function submit(input: GoogleReviewsInputParsed) {
    setStatus('');
    try {
      const saved = await browserApi(siteId).call(saveGoogleReviewsSettings, { body: input });
      setSettings(saved);
      form.reset({ apiKey: '', removeKey: false, placeId: saved.placeId ?? '' });
      setStatus('Connexion Google enregistrée : les avis sont récupérés chaque jour.');
    } catch (error) {
      setStatus(reportTo(form, error));
    }
  }

  async function fetchNow() {
    setStatus('Récupération des avis auprès de Google…');
    setFetching(true);
    try {
      const fetched = await browserApi(siteId).call(fetchGoogleReviewsNow);
      setSettings(fetched);
      setStatus(fetchStatus(fetched));
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setFetching(false);
    }
  }

  const configured = settings.apiKey.set && settings.placeId !== null;
  return (
    <section className={controls.section} aria-labelledby="avis-google">
      <h2 id="avis-google" className={controls.sectionTitle}>
        Avis Google
      </h2>
      <p className={controls.hint}>
        La clé d’API Google Places (console Google Cloud) et l’identifiant de votre fiche
        d’établissement (Place ID). Les avis sont récupérés une fois par jour ; vous choisissez ceux
        qui s’affichent dans « Avis clients ».
      </p>
      <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
        <div className={styles.columns}>
          <TextField
            label="Clé d’API Google Places"
            hint={secretHint(settings.apiKey, 'Clé')}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            registration={form.register('apiKey')}
            error={errors.apiKey?.message}
          />
          <TextField
            label="Identifiant du lieu (Place ID)"
            hint="ChIJ…"
            optional
            spellCheck={false}
            registration={form.register('placeId')}
            error={errors.placeId?.message}
          />
        </div>
        {settings.apiKey.set && (
          <CheckboxField
            label="Supprimer la clé enregistrée"
            registration={form.register('removeKey')}
          />
        )}
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Enregistrer la connexion Google
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            disabled={!configured || fetching}
            onClick={fetchNow}
          >
            Récupérer maintenant
          </button>
        </div>
        <p className={controls.hint} data-testid="google-fetch-status">
          {fetchStatus(settings)}
        </p>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Relay points
// ---------------------------------------------------------------------------------------------

interface RelayValues {
  provider: string;
  mondialRelayBrand: string;
  mondialRelayPrivateKey: string;
}

function RelayForm({ siteId, initial }: { siteId: number; initial: RelaySettings }) {
  const [settings, setSettings] = useState(initial);
  const [status, setStatus] = useState('');
  const form = useForm<RelayValues, unknown, RelaySettingsInputParsed>({
    resolver: contractResolver(relaySettingsInputSchema, (values: RelayValues) => values),
    defaultValues: {
      provider: initial.provider,
      mondialRelayBrand: initial.mondialRelayBrand ?? '',
      mondialRelayPrivateKey: '',
    },
  });
  const errors = form.formState.errors;
  const provider = useWatch({ control: form.control, name: 'provider' });

  async function submit(input: RelaySettingsInputParsed) {
    setStatus(input.provider === 'MONDIAL_RELAY' ? 'Vérification du compte Mondial Relay…' : '');
    try {
      const saved = await browserApi(siteId).call(saveRelaySettings, { body: input });
      setSettings(saved);
      form.reset({
        provider: saved.provider,
        mondialRelayBrand: saved.mondialRelayBrand ?? '',
        mondialRelayPrivateKey: '',
      });
      setStatus(
        saved.provider === 'MONDIAL_RELAY'
          ? 'Compte Mondial Relay accepté : vos clients choisissent parmi ses points relais.'
          : 'Vos clients choisissent parmi les points de démonstration.',
      );
    } catch (error) {
      setStatus(reportTo(form, error));
    }
  }

  return (
    <section className={controls.section} aria-labelledby="points-relais">
      <h2 id="points-relais" className={controls.sectionTitle}>
        Points relais
      </h2>
      <p className={controls.hint}>
        La liste de points proposée avec un transporteur « points relais ». Les points de
        démonstration ne couvrent que quelques villes ; avec votre compte Mondial Relay, vos clients
        voient les vrais points près de chez eux.
      </p>
      <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={controls.label}>Source des points relais</legend>
          {RELAY_PROVIDERS.map((value) => (
            <div key={value} className={controls.checkboxRow}>
              <input
                id={`relais-${value}`}
                type="radio"
                value={value}
                {...form.register('provider')}
              />
              <label htmlFor={`relais-${value}`}>{RELAY_PROVIDER_LABELS[value]}</label>
            </div>
          ))}
          {errors.provider?.message && <p className={controls.error}>{errors.provider.message}</p>}
        </fieldset>
        {provider === 'MONDIAL_RELAY' && (
          <div className={styles.columns}>
            <TextField
              label="Code enseigne Mondial Relay"
              hint="8 caractères, dans votre espace Mondial Relay (Connect)"
              spellCheck={false}
              autoCapitalize="characters"
              registration={form.register('mondialRelayBrand')}
              error={errors.mondialRelayBrand?.message}
            />
            <TextField
              label="Clé privée Mondial Relay"
              hint={secretHint(settings.mondialRelayPrivateKey, 'Clé')}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              registration={form.register('mondialRelayPrivateKey')}
              error={errors.mondialRelayPrivateKey?.message}
            />
          </div>
        )}
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Enregistrer les points relais
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

export function IntegrationsEditor({
  siteId,
  analytics,
  googleReviews,
  relay,
}: {
  siteId: number;
  analytics: AnalyticsSettings;
  googleReviews: GoogleReviewsSettings;
  relay: RelaySettings;
}) {
  return (
    <div className={styles.page}>
      <AnalyticsForm siteId={siteId} initial={analytics} />
      <GoogleReviewsForm siteId={siteId} initial={googleReviews} />
      <RelayForm siteId={siteId} initial={relay} />
    </div>
  );
}
