'use client';

import { useId, useState, type FormEvent } from 'react';
import {
  PUBLISHABLE_KEY_MESSAGE,
  removeStripeKeys,
  saveBankDetails,
  saveStripeKeys,
  SECRET_KEY_MESSAGE,
  STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
  WEBHOOK_SECRET_MESSAGE,
  type AdminPaymentSettings,
} from '@comptoir/contract/admin-payment';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import styles from './shop-settings.module.css';

type FieldErrors = Record<string, string>;

/** The server's field errors (key → message), or none. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.errors.map((item) => [item.key, item.error]));
}

/** A labelled input, its hint and its error tied to it for screen readers. */
function Field({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  optional = false,
  type = 'text',
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  type?: 'text' | 'password';
  placeholder?: string | undefined;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
        {optional && <span className={controls.optional}> (facultatif)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={controls.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        className={controls.control}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={controls.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function StripeKeysForm({
  siteId,
  settings,
  onSaved,
}: {
  siteId: number;
  settings: AdminPaymentSettings;
  onSaved: (settings: AdminPaymentSettings) => void;
}) {
  const headingId = useId();
  const stripe = settings.stripe;
  const [publishableKey, setPublishableKey] = useState(stripe.publishableKey ?? '');
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const hasKeys = stripe.secretKeyMasked !== null;

  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (!STRIPE_PUBLISHABLE_KEY_PATTERN.test(publishableKey.trim())) {
      found.publishableKey = PUBLISHABLE_KEY_MESSAGE;
    }
    if (secretKey.trim() !== '' || !hasKeys) {
      if (!STRIPE_SECRET_KEY_PATTERN.test(secretKey.trim())) found.secretKey = SECRET_KEY_MESSAGE;
    }
    if (webhookSecret.trim() !== '' || !hasKeys) {
      if (!STRIPE_WEBHOOK_SECRET_PATTERN.test(webhookSecret.trim())) {
        found.webhookSecret = WEBHOOK_SECRET_MESSAGE;
      }
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus('Vérifiez les champs signalés : rien n’a été enregistré.');
      return;
    }
    setBusy(true);
    try {
      const saved = await browserApi(siteId).call(saveStripeKeys, {
        body: {
          publishableKey: publishableKey.trim(),
          ...(secretKey.trim() ? { secretKey: secretKey.trim() } : {}),
          ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}),
        },
      });
      setSecretKey('');
      setWebhookSecret('');
      onSaved(saved);
      setStatus('Clés enregistrées : le paiement par carte est proposé à vos clients.');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm('Retirer les clés Stripe ? Le paiement par carte ne sera plus proposé.')) {
      return;
    }
    setStatus('');
    setBusy(true);
    try {
      const saved = await browserApi(siteId).call(removeStripeKeys);
      setPublishableKey('');
      onSaved(saved);
      setStatus('Clés retirées : le paiement par carte n’est plus proposé.');
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={controls.sectionTitle}>
        Carte bancaire (Stripe)
      </h2>
      <p className={controls.hint} data-testid="card-payment-state">
        {stripe.cardPaymentAvailable
          ? `Le paiement par carte est proposé à vos clients (clés de ${stripe.mode === 'live' ? 'production' : 'test'}${stripe.source === 'COMMAND' ? ', enregistrées par la ligne de commande' : ''}).`
          : 'Le paiement par carte n’est pas proposé : saisissez les clés de votre compte Stripe.'}
      </p>
      <p className={controls.hint}>
        Dans Stripe, créez un webhook vers l’adresse{' '}
        <code>https://&lt;votre boutique&gt;{stripe.webhookPath}</code> (événements
        payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled et
        charge.refunded), puis copiez son secret de signature ici. Les clés secrètes sont chiffrées
        et ne sont plus jamais affichées en entier.
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Clé publiable"
          name="publishableKey"
          value={publishableKey}
          onChange={setPublishableKey}
          error={errors.publishableKey}
          hint="Commence par pk_test_ ou pk_live_."
        />
        <Field
          label="Clé secrète"
          name="secretKey"
          type="password"
          value={secretKey}
          onChange={setSecretKey}
          error={errors.secretKey}
          hint={
            stripe.secretKeyMasked
              ? `Enregistrée : ${stripe.secretKeyMasked}. Laissez vide pour la garder.`
              : 'Commence par sk_ ou rk_ (clé restreinte).'
          }
        />
        <Field
          label="Secret de signature du webhook"
          name="webhookSecret"
          type="password"
          value={webhookSecret}
          onChange={setWebhookSecret}
          error={errors.webhookSecret}
          hint={
            stripe.webhookSecretMasked
              ? `Enregistré : ${stripe.webhookSecretMasked}. Laissez vide pour le garder.`
              : 'Commence par whsec_.'
          }
        />
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={busy}>
            Enregistrer les clés
          </button>
          {hasKeys && (
            <button
              type="button"
              className={`${controls.button} ${controls.dangerButton}`}
              disabled={busy}
              onClick={remove}
            >
              Retirer les clés
            </button>
          )}
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

function BankDetailsForm({
  siteId,
  settings,
  onSaved,
}: {
  siteId: number;
  settings: AdminPaymentSettings;
  onSaved: (settings: AdminPaymentSettings) => void;
}) {
  const headingId = useId();
  const [values, setValues] = useState({
    accountHolder: settings.bank.accountHolder ?? '',
    iban: settings.bank.iban ?? '',
    bic: settings.bank.bic ?? '',
    chequePayee: settings.bank.chequePayee ?? '',
    chequeAddress: settings.bank.chequeAddress ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    setErrors({});
    setBusy(true);
    try {
      const saved = await browserApi(siteId).call(saveBankDetails, {
        body: {
          accountHolder: orNull(values.accountHolder),
          iban: orNull(values.iban),
          bic: orNull(values.bic),
          chequePayee: orNull(values.chequePayee),
          chequeAddress: orNull(values.chequeAddress),
        },
      });
      setValues({
        accountHolder: saved.bank.accountHolder ?? '',
        iban: saved.bank.iban ?? '',
        bic: saved.bank.bic ?? '',
        chequePayee: saved.bank.chequePayee ?? '',
        chequeAddress: saved.bank.chequeAddress ?? '',
      });
      onSaved(saved);
      setStatus(
        'Coordonnées enregistrées : elles sont données aux clients qui paient par virement ou par chèque.',
      );
    } catch (error) {
      const found = fieldErrorsOf(error);
      const message = failureMessage(error);
      // A rule the API checks (IBAN checksum, BIC) names its field by its message.
      if (Object.keys(found).length === 0) {
        if (message.includes('IBAN')) found.iban = message;
        else if (message.includes('BIC')) found.bic = message;
      }
      setErrors(found);
      setStatus(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={controls.sectionTitle}>
        Virement et chèque
      </h2>
      <p className={controls.hint}>
        Donnés au client après sa commande, avec la référence à rappeler. Sans IBAN, le virement
        n’est pas proposé ; sans ordre ni adresse, le chèque non plus (par défaut : votre raison
        sociale et votre siège).
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Titulaire du compte"
          name="accountHolder"
          value={values.accountHolder}
          onChange={set('accountHolder')}
          error={errors.accountHolder}
          optional
        />
        <div className={styles.columns}>
          <Field
            label="IBAN"
            name="iban"
            value={values.iban}
            onChange={set('iban')}
            error={errors.iban}
            hint="Vérifié par sa clé de contrôle."
            optional
          />
          <Field
            label="BIC"
            name="bic"
            value={values.bic}
            onChange={set('bic')}
            error={errors.bic}
            hint="8 ou 11 caractères."
            optional
          />
        </div>
        <div className={styles.columns}>
          <Field
            label="Ordre des chèques"
            name="chequePayee"
            value={values.chequePayee}
            onChange={set('chequePayee')}
            error={errors.chequePayee}
            optional
          />
          <Field
            label="Adresse d’envoi des chèques"
            name="chequeAddress"
            value={values.chequeAddress}
            onChange={set('chequeAddress')}
            error={errors.chequeAddress}
            optional
          />
        </div>
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={busy}>
            Enregistrer les coordonnées
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

/** The payment screen: card payment through the site's Stripe account, transfer and cheque. */
export function PaymentSettingsEditor({
  siteId,
  settings: initial,
}: {
  siteId: number;
  settings: AdminPaymentSettings;
}) {
  const [settings, setSettings] = useState(initial);
  return (
    <div className={styles.page}>
      <StripeKeysForm siteId={siteId} settings={settings} onSaved={setSettings} />
      <BankDetailsForm siteId={siteId} settings={settings} onSaved={setSettings} />
    </div>
  );
}
