'use client';

import { useState } from 'react';
import {
  createDiscountCode,
  DISCOUNT_CATEGORIES,
  DISCOUNT_CATEGORY_LABELS,
  discountCodeInputSchema,
  getDiscountCodeUses,
  updateDiscountCode,
  type AdminDiscountCode,
  type AdminDiscountUse,
  type DiscountCodeInput,
} from '@comptoir/contract/admin-discounts';
import { centsToEuros, eurosToCents } from '@comptoir/contract/admin-shop-fields';
import { orderReference } from '@comptoir/domain/order';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { IntentLink } from '../../../ui/intent-link';
import controls from '../admin-controls.module.css';
import { AdminItemForm, useAdminList, type AdminItemFormSlot } from '../frame/admin-list';
import { contractResolver, wholeNumberOrNull } from './contract-resolver';
import { formatPrice, frenchDateTime, frenchDay } from './shop-format';
import styles from './shop-settings.module.css';
import { CheckboxField, TextField } from './text-field';

type Kind = 'percent' | 'EURO' | 'SHIPPING';

interface CodeFormValues {
  code: string;
  kind: Kind;
  amount: string;
  startsOn: string;
  endsOn: string;
  minimum: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  categories: string[];
  isDisabled: boolean;
}

const EMPTY: CodeFormValues = {
  code: '',
  kind: 'percent',
  amount: '',
  startsOn: '',
  endsOn: '',
  minimum: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  firstOrderOnly: false,
  categories: [],
  isDisabled: false,
};

function formValuesOf(code: AdminDiscountCode): CodeFormValues {
  const kind: Kind = code.freeShipping ? 'SHIPPING' : code.type;
  return {
    code: code.code,
    kind,
    amount:
      kind === 'EURO' ? centsToEuros(code.amount) : kind === 'percent' ? String(code.amount) : '',
    startsOn: code.startsOn ?? '',
    endsOn: code.endsOn ?? '',
    minimum: centsToEuros(code.minimumCents),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerCustomer: code.maxUsesPerCustomer === null ? '' : String(code.maxUsesPerCustomer),
    firstOrderOnly: code.firstOrderOnly,
    categories: code.categories,
    isDisabled: code.isDisabled,
  };
}

/** The form's fields as the contract reads them: euros in cents, empty fields null. */
function toInput(values: CodeFormValues): unknown {
  const amount =
    values.kind === 'EURO'
      ? eurosToCents(values.amount)
      : values.kind === 'percent'
        ? wholeNumberOrNull(values.amount)
        : 0;
  return {
    code: values.code,
    type: values.kind === 'EURO' ? 'EURO' : 'percent',
    amount,
    freeShipping: values.kind === 'SHIPPING',
    startsOn: values.startsOn || null,
    endsOn: values.endsOn || null,
    minimumCents: eurosToCents(values.minimum),
    maxUses: wholeNumberOrNull(values.maxUses),
    maxUsesPerCustomer: wholeNumberOrNull(values.maxUsesPerCustomer),
    firstOrderOnly: values.firstOrderOnly,
    categories: values.categories,
    isDisabled: values.isDisabled,
  };
}

/** A code's settings as they stand, to send back with one change. */
function inputOf(code: AdminDiscountCode): DiscountCodeInput {
  return {
    code: code.code,
    type: code.type,
    amount: code.amount,
    freeShipping: code.freeShipping,
    startsOn: code.startsOn,
    endsOn: code.endsOn,
    minimumCents: code.minimumCents,
    maxUses: code.maxUses,
    maxUsesPerCustomer: code.maxUsesPerCustomer,
    firstOrderOnly: code.firstOrderOnly,
    categories: code.categories,
    isDisabled: code.isDisabled,
  };
}

/** What the code gives, as the owner reads it. */
function valueOf(code: AdminDiscountCode): string {
  if (code.freeShipping) return 'Livraison offerte';
  return code.type === 'EURO'
    ? `${formatPrice(code.amount)} de réduction`
    : `${code.amount} % de réduction`;
}

function validityOf(code: AdminDiscountCode): string {
  if (code.startsOn && code.endsOn)
    return `Du ${frenchDay(code.startsOn)} au ${frenchDay(code.endsOn)}`;
  if (code.startsOn) return `À partir du ${frenchDay(code.startsOn)}`;
  if (code.endsOn) return `Jusqu’au ${frenchDay(code.endsOn)}`;
  return 'Sans limite de date';
}

/** The server's keys that name a field of another name. */
const SERVER_KEYS = { minimumCents: 'minimum' } as const;

const CODE_FIELDS = [
  'code',
  'kind',
  'amount',
  'startsOn',
  'endsOn',
  'minimum',
  'maxUses',
  'maxUsesPerCustomer',
  'categories',
  'firstOrderOnly',
  'isDisabled',
] as const;

const KINDS = [
  ['percent', 'Pourcentage des produits'],
  ['EURO', 'Montant en euros'],
  ['SHIPPING', 'Livraison offerte'],
] as const;

function CodeForm({
  code,
  slot,
}: {
  code: AdminDiscountCode | null;
  slot: AdminItemFormSlot<DiscountCodeInput>;
}) {
  const defaults = code ? formValuesOf(code) : EMPTY;
  // The amount's label and whether it shows follow the ticked kind.
  const [kind, setKind] = useState<Kind>(defaults.kind);
  return (
    <AdminItemForm<CodeFormValues, DiscountCodeInput>
      resolver={contractResolver(discountCodeInputSchema, toInput, (path) =>
        path[0] === 'minimumCents' ? 'minimum' : String(path[0] ?? 'code'),
      )}
      defaultValues={defaults}
      serverFields={CODE_FIELDS}
      serverKeys={SERVER_KEYS}
      submitLabel={code ? 'Enregistrer' : 'Créer le code'}
      label={code ? `Modifier le code ${code.code}` : 'Nouveau code de réduction'}
      className={styles.form}
      {...slot}
    >
      {(form) => (
        <>
          <TextField
            label="Code"
            hint="Ce que le client saisit au paiement, par exemple ETE2026 (majuscules ou minuscules indifférentes)."
            {...form.bind('code')}
            spellCheck={false}
          />
          <fieldset className={styles.fieldset}>
            <legend>Réduction</legend>
            <div className={styles.checkboxes}>
              {KINDS.map(([value, label]) => {
                const { registration } = form.bindChoice('kind', value);
                return (
                  <label key={value} className={controls.checkboxRow}>
                    <input
                      type="radio"
                      {...registration}
                      onChange={(event) => {
                        registration.onChange(event);
                        setKind(value);
                      }}
                    />
                    {label}
                  </label>
                );
              })}
            </div>
            {kind !== 'SHIPPING' && (
              <TextField
                label={kind === 'EURO' ? 'Montant (€)' : 'Pourcentage (%)'}
                hint={kind === 'EURO' ? 'Par exemple 5,00.' : 'Un nombre entier de 1 à 100.'}
                inputMode={kind === 'EURO' ? 'decimal' : 'numeric'}
                {...form.bind('amount')}
              />
            )}
          </fieldset>
          <div className={styles.columns}>
            <TextField label="Premier jour" type="date" optional {...form.bind('startsOn')} />
            <TextField label="Dernier jour" type="date" optional {...form.bind('endsOn')} />
            <TextField
              label="Panier minimum (€)"
              optional
              inputMode="decimal"
              {...form.bind('minimum')}
            />
          </div>
          <div className={styles.columns}>
            <TextField
              label="Utilisations en tout"
              hint="Vide : sans limite. 1 : un code à usage unique."
              optional
              inputMode="numeric"
              {...form.bind('maxUses')}
            />
            <TextField
              label="Utilisations par client"
              hint="Vide : sans limite."
              optional
              inputMode="numeric"
              {...form.bind('maxUsesPerCustomer')}
            />
          </div>
          <fieldset className={styles.fieldset}>
            <legend>Produits concernés</legend>
            <p className={controls.hint}>Aucune case cochée : tous les produits du panier.</p>
            <div className={styles.checkboxes}>
              {DISCOUNT_CATEGORIES.map((category) => (
                <label key={category} className={controls.checkboxRow}>
                  <input
                    type="checkbox"
                    {...form.bindChoice('categories', category).registration}
                  />
                  {DISCOUNT_CATEGORY_LABELS[category]}
                </label>
              ))}
            </div>
          </fieldset>
          <CheckboxField
            label="Réservé à une première commande"
            registration={form.bind('firstOrderOnly').registration}
          />
          <CheckboxField label="Désactivé" registration={form.bind('isDisabled').registration} />
        </>
      )}
    </AdminItemForm>
  );
}

function CodeUses({ siteId, code }: { siteId: number; code: AdminDiscountCode }) {
  const [uses, setUses] = useState<AdminDiscountUse[] | null>(null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (next) {
      try {
        setUses(await browserApi(siteId).call(getDiscountCodeUses, { params: { id: code.id } }));
      } catch (error) {
        setStatus(failureMessage(error));
      }
    }
  }

  return (
    <div>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary} ${controls.small}`}
        aria-expanded={open}
        onClick={toggle}
        aria-label={`Voir les commandes ayant utilisé ${code.code}`}
      >
        Voir les commandes
      </button>
      {open && uses && uses.length === 0 && <p className={controls.hint}>Aucune commande.</p>}
      {open && uses && uses.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={controls.hint}>Commandes ayant utilisé {code.code}</caption>
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Date</th>
                <th scope="col">Client</th>
                <th scope="col" className={styles.number}>
                  Réduction
                </th>
                <th scope="col" className={styles.number}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.orderId}>
                  <td>
                    <IntentLink href={`/admin/commandes/${use.orderId}`}>
                      {orderReference(use.orderNumber)}
                    </IntentLink>
                    {!use.counts && ' (annulée)'}
                  </td>
                  <td>{frenchDateTime(use.at)}</td>
                  <td>
                    {use.customerName}
                    <br />
                    {use.email}
                  </td>
                  <td className={styles.number}>{formatPrice(use.discountCents)}</td>
                  <td className={styles.number}>{formatPrice(use.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </div>
  );
}

/** The site's discount codes: create, edit, disable, and the orders that used each. */
export function DiscountCodesManager({
  siteId,
  initial,
}: {
  siteId: number;
  initial: AdminDiscountCode[];
}) {
  const api = browserApi(siteId);
  const list = useAdminList<AdminDiscountCode, DiscountCodeInput>({
    initial,
    nameOf: (code) => code.code,
    save: (code, input) =>
      code
        ? api.call(updateDiscountCode, { params: { id: code.id }, body: input })
        : api.call(createDiscountCode, { body: input }),
    savedMessage: (saved, created) => `Code ${saved.code} ${created ? 'créé' : 'enregistré'}.`,
    // The newest code first, as the server lists them.
    afterSave: (codes, saved, created) =>
      created ? [saved, ...codes] : codes.map((code) => (code.id === saved.id ? saved : code)),
  });

  const { rowTarget, headingTarget, addTarget, newFormTarget } = list;

  const toggle = (code: AdminDiscountCode) =>
    list.run(async () => {
      const saved = await api.call(updateDiscountCode, {
        params: { id: code.id },
        body: { ...inputOf(code), isDisabled: !code.isDisabled },
      });
      list.replace(saved);
      return `Code ${saved.code} ${saved.isDisabled ? 'désactivé' : 'réactivé'}.`;
    });

  return (
    <div className={styles.page}>
      <section className={controls.section} aria-labelledby="nouveau-code">
        <h2 id="nouveau-code" className={controls.sectionTitle}>
          Nouveau code
        </h2>
        {list.editing === 'new' ? (
          <div ref={newFormTarget}>
            <CodeForm code={null} slot={list.formSlot(null)} />
          </div>
        ) : (
          <div>
            <button
              ref={addTarget}
              type="button"
              className={controls.button}
              onClick={list.openNew}
            >
              Créer un code de réduction
            </button>
          </div>
        )}
      </section>
      <section className={controls.section} aria-labelledby="codes-existants">
        <h2
          id="codes-existants"
          ref={headingTarget}
          tabIndex={-1}
          className={controls.sectionTitle}
        >
          Codes du site
        </h2>
        <p role="status" className={controls.status}>
          {list.status}
        </p>
        {list.items.length === 0 ? (
          <p className={controls.hint}>Aucun code pour l’instant.</p>
        ) : (
          <ul className={styles.cards} aria-busy={list.busy || undefined}>
            {list.items.map((code) => (
              <li
                key={code.id}
                ref={rowTarget(code.id)}
                tabIndex={-1}
                className={styles.card}
                aria-label={`Code ${code.code}`}
              >
                <div className={styles.cardHeader}>
                  <h3 className={styles.cardTitle}>{code.code}</h3>
                  <span className={`${styles.badge} ${code.isDisabled ? styles.badgeOff : ''}`}>
                    {code.isDisabled ? 'Désactivé' : 'Actif'}
                  </span>
                </div>
                <dl className={styles.facts}>
                  <div>
                    <dt>Réduction</dt>
                    <dd>{valueOf(code)}</dd>
                  </div>
                  <div>
                    <dt>Validité</dt>
                    <dd>{validityOf(code)}</dd>
                  </div>
                  <div>
                    <dt>Utilisations</dt>
                    <dd>
                      {code.uses}
                      {code.maxUses !== null && ` sur ${code.maxUses}`}
                      {code.maxUsesPerCustomer !== null &&
                        ` (${code.maxUsesPerCustomer} par client)`}
                    </dd>
                  </div>
                  <div>
                    <dt>Réductions accordées</dt>
                    <dd>{formatPrice(code.discountedCents)}</dd>
                  </div>
                  {code.minimumCents !== null && (
                    <div>
                      <dt>Panier minimum</dt>
                      <dd>{formatPrice(code.minimumCents)}</dd>
                    </div>
                  )}
                </dl>
                <div className={controls.buttons}>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary} ${controls.small}`}
                    aria-expanded={list.editing === code.id}
                    aria-label={`Modifier ${code.code}`}
                    onClick={() => list.toggleEdit(code.id)}
                  >
                    Modifier
                  </button>
                  <button
                    type="button"
                    className={`${controls.button} ${code.isDisabled ? controls.secondary : controls.dangerButton} ${controls.small}`}
                    aria-label={`${code.isDisabled ? 'Réactiver' : 'Désactiver'} ${code.code}`}
                    disabled={list.busy}
                    onClick={() => toggle(code)}
                  >
                    {code.isDisabled ? 'Réactiver' : 'Désactiver'}
                  </button>
                </div>
                {list.editing === code.id && <CodeForm code={code} slot={list.formSlot(code)} />}
                <CodeUses siteId={siteId} code={code} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
