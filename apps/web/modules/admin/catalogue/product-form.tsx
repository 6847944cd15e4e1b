'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import {
  createProduct,
  deleteProduct,
  productInputSchema,
  updateProduct,
  type AdminProduct,
  type ProductInput,
  type ProductInputParsed,
} from '@comptoir/contract/admin-catalogue';
import { ApiError } from '@comptoir/contract/request';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import styles from './catalogue.module.css';
import {
  describe,
  errorAt,
  LabelledField,
  numberOrNull,
  requiredNumber,
  ScaledNumberField,
  textOrNull,
} from './form-fields';
import { DeclinationNutritionFields } from './declination-nutrition-fields';
import { ImageField } from './image-field';

const TYPE_LABELS = { WINE: 'Vin', BOX: 'Coffret', OTHER: 'Autre produit' } as const;
const KIND_LABELS = {
  RED: 'Rouge',
  WHITE: 'Blanc',
  ROSE: 'Rosé',
  SWEET: 'Moelleux',
  SPARKLING: 'Effervescent',
} as const;
const FEATURE_LABELS = {
  GRAPE_VARIETY: 'Cépage',
  AGEING: 'Élevage',
  SERVING_TEMPERATURE: 'Température de service',
  KEEPING: 'Garde',
  SOIL: 'Terroir',
  TASTING: 'Dégustation',
} as const;
const COST_LABELS = { NONE: 'Aucune', EURO: 'En euros', PERCENT: 'En %' } as const;
const INPUT_LABELS = {
  TEXT: 'Texte (gravure…)',
  SELECT: 'Choix dans une liste',
  CHECKBOX: 'Case à cocher',
  FILE: 'Fichier',
} as const;

type FormValues = ProductInput;

export function newDeclination(): FormValues['declinations'][number] {
  return {
    year: new Date().getFullYear() - 2,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    priceCents: NaN,
    fixedPriceCents: null,
    discountType: 'NONE',
    discountAmount: 0,
    stock: 0,
    isStockManaged: true,
    sellByMultipleOf: 1,
    imageUrl: null,
  };
}

export const EMPTY_PRODUCT: FormValues = {
  type: 'WINE',
  kind: 'RED',
  name: '',
  slug: '',
  summary: null,
  description: null,
  region: null,
  appellation: null,
  alcoholTenths: null,
  tags: [],
  imageUrl: null,
  isPublished: true,
  isDematerialized: false,
  hasShippingFees: true,
  vatRateBasisPoints: 2000,
  position: 0,
  declinations: [newDeclination()],
  features: [],
  awards: [],
  mealIconIds: [],
  decreasingDiscounts: [],
  recommendedProductIds: [],
  customizations: [],
};

/** The form's values for a stored product (ids kept: carts hold the declinations'). */
export function formValuesOf(product: AdminProduct): FormValues {
  const { id: _id, declinations, customizations, ...rest } = product;
  return {
    ...rest,
    declinations: declinations.map(({ unitPriceCents: _unit, ...declination }) => declination),
    customizations: customizations.map((customization) => ({ ...customization })),
  };
}

interface ProductFormProps {
  siteId: number;
  product: AdminProduct | null;
  mealIcons: { id: number; name: string }[];
  otherProducts: { id: number; name: string }[];
}

/** Everything the product's page shows, checked with the API's own schema before it is sent. */
export function ProductForm({ siteId, product, mealIcons, otherProducts }: ProductFormProps) {
  const router = useRouter();
  const ids = useId();
  const [status, setStatus] = useState('');
  const form = useForm<FormValues, unknown, ProductInputParsed>({
    resolver: zodResolver(productInputSchema),
    defaultValues: product ? formValuesOf(product) : EMPTY_PRODUCT,
  });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const declinations = useFieldArray({ control, name: 'declinations' });
  const features = useFieldArray({ control, name: 'features' });
  const awards = useFieldArray({ control, name: 'awards' });
  const discounts = useFieldArray({ control, name: 'decreasingDiscounts' });
  const customizations = useFieldArray({ control, name: 'customizations' });
  const type = useWatch({ control, name: 'type' });

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const api = browserApi(siteId);
        const saved = product
          ? await api.call(updateProduct, { params: { id: product.id }, body: values })
          : await api.call(createProduct, { body: values });
        notifySuccess(`« ${saved.name} » est enregistré.`);
        setStatus(`« ${saved.name} » est enregistré.`);
        if (product) {
          form.reset(formValuesOf(saved));
          router.refresh();
        } else {
          router.push(`/admin/catalogue/${saved.id}`);
        }
      } catch (error) {
        if (error instanceof ApiError) {
          for (const { key, error: message } of error.errors) {
            form.setError(key as keyof FormValues, { message });
          }
        }
        setStatus(failureMessage(error));
        notifyError(failureMessage(error));
      }
    },
    () => setStatus('Corrigez les champs signalés.'),
  );

  async function remove() {
    if (!product) return;
    if (!window.confirm(`Supprimer « ${product.name} » ?`)) return;
    try {
      await browserApi(siteId).call(deleteProduct, { params: { id: product.id } });
      notifySuccess(`« ${product.name} » est supprimé.`);
      router.push('/admin/catalogue');
    } catch (error) {
      setStatus(failureMessage(error));
      notifyError(failureMessage(error));
    }
  }

  const text = (name: Parameters<typeof register>[0], label: string, hint?: string) => {
    const id = `${ids}-${name}`;
    const error = errorAt(errors, name);
    return (
      <LabelledField id={id} label={label} error={error} hint={hint}>
        <input
          {...describe(id, error, hint)}
          className={controls.control}
          {...register(name, { setValueAs: textOrNull })}
        />
      </LabelledField>
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.screen}>
      <section className={controls.section} aria-labelledby={`${ids}-main`}>
        <h2 id={`${ids}-main`} className={controls.sectionTitle}>
          Le produit
        </h2>
        <LabelledField id={`${ids}-name`} label="Nom" error={errorAt(errors, 'name')}>
          <input
            {...describe(`${ids}-name`, errorAt(errors, 'name'))}
            className={controls.control}
            {...register('name')}
          />
        </LabelledField>
        <LabelledField
          id={`${ids}-slug`}
          label="Adresse de la page (facultatif)"
          hint="Laissée vide, elle est tirée du nom."
          error={errorAt(errors, 'slug')}
        >
          <input
            {...describe(`${ids}-slug`, errorAt(errors, 'slug'), 'hint')}
            className={controls.control}
            {...register('slug')}
          />
        </LabelledField>
        <LabelledField id={`${ids}-type`} label="Type" error={errorAt(errors, 'type')}>
          <select id={`${ids}-type`} className={controls.control} {...register('type')}>
            {Object.entries(TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </LabelledField>
        {type === 'WINE' ? (
          <LabelledField id={`${ids}-kind`} label="Couleur" error={errorAt(errors, 'kind')}>
            <select
              id={`${ids}-kind`}
              className={controls.control}
              {...register('kind', { setValueAs: textOrNull })}
            >
              <option value="">Non précisée</option>
              {Object.entries(KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </LabelledField>
        ) : null}
        {text('summary', 'Résumé (facultatif)', 'Une ou deux phrases pour les listes.')}
        <LabelledField
          id={`${ids}-description`}
          label="Description (facultatif)"
          error={errorAt(errors, 'description')}
        >
          <textarea
            id={`${ids}-description`}
            className={controls.control}
            {...register('description', { setValueAs: textOrNull })}
          />
        </LabelledField>
        {text('region', 'Région (facultatif)')}
        {text('appellation', 'Appellation (facultatif)')}
        <ScaledNumberField
          control={control}
          name="alcoholTenths"
          label="Degré d’alcool en % (facultatif)"
          decimals={1}
          nullable
          error={errorAt(errors, 'alcoholTenths')}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <LabelledField
              id={`${ids}-tags`}
              label="Étiquettes (facultatif)"
              hint="Séparées par des virgules, par exemple bio, fête."
              error={errorAt(errors, 'tags')}
            >
              <input
                {...describe(`${ids}-tags`, errorAt(errors, 'tags'), 'hint')}
                className={controls.control}
                defaultValue={field.value.join(', ')}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(
                    event.target.value
                      .split(',')
                      .map((tag) => tag.trim())
                      .filter(Boolean),
                  )
                }
              />
            </LabelledField>
          )}
        />
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImageField
              siteId={siteId}
              label="Photo du produit"
              value={field.value ?? null}
              savedValue={product?.imageUrl ?? null}
              onChange={field.onChange}
            />
          )}
        />
        <ScaledNumberField
          control={control}
          name="vatRateBasisPoints"
          label="Taux de TVA en %"
          decimals={2}
          error={errorAt(errors, 'vatRateBasisPoints')}
        />
        <LabelledField
          id={`${ids}-position`}
          label="Position dans la liste"
          error={errorAt(errors, 'position')}
        >
          <input
            {...describe(`${ids}-position`, errorAt(errors, 'position'))}
            className={controls.control}
            inputMode="numeric"
            {...register('position', { setValueAs: requiredNumber })}
          />
        </LabelledField>
        <label className={styles.checkRow}>
          <input type="checkbox" className={styles.check} {...register('isPublished')} />
          Publié sur la boutique
        </label>
        <label className={styles.checkRow}>
          <input type="checkbox" className={styles.check} {...register('isDematerialized')} />
          Dématérialisé (rien à expédier)
        </label>
        <label className={styles.checkRow}>
          <input type="checkbox" className={styles.check} {...register('hasShippingFees')} />
          Soumis aux frais de port
        </label>
        {errorAt(errors, 'hasShippingFees') ? (
          <p className={controls.error}>{errorAt(errors, 'hasShippingFees')}</p>
        ) : null}
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-declinations`}>
        <h2 id={`${ids}-declinations`} className={controls.sectionTitle}>
          Déclinaisons (millésimes et contenances)
        </h2>
        {errorAt(errors, 'declinations') ? (
          <p className={controls.error}>{errorAt(errors, 'declinations')}</p>
        ) : null}
        {declinations.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Déclinaison {index + 1}</legend>
            <DeclinationFields
              siteId={siteId}
              index={index}
              control={control}
              register={register}
              errors={errors}
              savedImage={product?.declinations[index]?.imageUrl ?? null}
            />
            <DeclinationNutritionFields
              index={index}
              control={control}
              register={register}
              setValue={form.setValue}
              errors={errors}
            />
            <div className={styles.rowActions}>
              <button
                type="button"
                className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                onClick={() => declinations.remove(index)}
                disabled={declinations.fields.length === 1}
              >
                Retirer la déclinaison {index + 1}
              </button>
            </div>
          </fieldset>
        ))}
        <div className={controls.buttons}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => declinations.append(newDeclination())}
          >
            Ajouter une déclinaison
          </button>
        </div>
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-features`}>
        <h2 id={`${ids}-features`} className={controls.sectionTitle}>
          Fiche technique
        </h2>
        {features.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Ligne {index + 1}</legend>
            <LabelledField id={`${ids}-feature-${index}-type`} label="Rubrique">
              <select
                id={`${ids}-feature-${index}-type`}
                className={controls.control}
                {...register(`features.${index}.type`)}
              >
                {Object.entries(FEATURE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </LabelledField>
            <LabelledField
              id={`${ids}-feature-${index}-value`}
              label="Valeur"
              error={errorAt(errors, `features.${index}.value`)}
            >
              <input
                {...describe(
                  `${ids}-feature-${index}-value`,
                  errorAt(errors, `features.${index}.value`),
                )}
                className={controls.control}
                {...register(`features.${index}.value`)}
              />
            </LabelledField>
            <LabelledField
              id={`${ids}-feature-${index}-percent`}
              label="Part en % (cépage, facultatif)"
              error={errorAt(errors, `features.${index}.percent`)}
            >
              <input
                {...describe(
                  `${ids}-feature-${index}-percent`,
                  errorAt(errors, `features.${index}.percent`),
                )}
                className={controls.control}
                inputMode="numeric"
                {...register(`features.${index}.percent`, { setValueAs: numberOrNull })}
              />
            </LabelledField>
            <RemoveButton
              label={`Retirer la ligne ${index + 1}`}
              onClick={() => features.remove(index)}
            />
          </fieldset>
        ))}
        <AddButton
          label="Ajouter une ligne"
          onClick={() => features.append({ type: 'GRAPE_VARIETY', value: '', percent: null })}
        />
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-awards`}>
        <h2 id={`${ids}-awards`} className={controls.sectionTitle}>
          Récompenses
        </h2>
        {awards.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Récompense {index + 1}</legend>
            {(['name', 'distinction'] as const).map((key) => {
              const id = `${ids}-award-${index}-${key}`;
              const error = errorAt(errors, `awards.${index}.${key}`);
              return (
                <LabelledField
                  key={key}
                  id={id}
                  label={key === 'name' ? 'Concours ou guide' : 'Distinction'}
                  error={error}
                >
                  <input
                    {...describe(id, error)}
                    className={controls.control}
                    {...register(`awards.${index}.${key}`)}
                  />
                </LabelledField>
              );
            })}
            <LabelledField
              id={`${ids}-award-${index}-year`}
              label="Année (facultatif)"
              error={errorAt(errors, `awards.${index}.year`)}
            >
              <input
                {...describe(`${ids}-award-${index}-year`, errorAt(errors, `awards.${index}.year`))}
                className={controls.control}
                inputMode="numeric"
                {...register(`awards.${index}.year`, { setValueAs: numberOrNull })}
              />
            </LabelledField>
            <Controller
              control={control}
              name={`awards.${index}.imageUrl`}
              render={({ field: image }) => (
                <ImageField
                  siteId={siteId}
                  label="Image de la médaille"
                  value={image.value ?? null}
                  savedValue={product?.awards[index]?.imageUrl ?? null}
                  onChange={image.onChange}
                />
              )}
            />
            <RemoveButton
              label={`Retirer la récompense ${index + 1}`}
              onClick={() => awards.remove(index)}
            />
          </fieldset>
        ))}
        <AddButton
          label="Ajouter une récompense"
          onClick={() => awards.append({ name: '', distinction: '', year: null, imageUrl: null })}
        />
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-discounts`}>
        <h2 id={`${ids}-discounts`} className={controls.sectionTitle}>
          Remises par quantité
        </h2>
        {errorAt(errors, 'decreasingDiscounts') ? (
          <p className={controls.error}>{errorAt(errors, 'decreasingDiscounts')}</p>
        ) : null}
        {discounts.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Remise {index + 1}</legend>
            <LabelledField
              id={`${ids}-discount-${index}-min`}
              label="À partir de (bouteilles)"
              error={errorAt(errors, `decreasingDiscounts.${index}.minQuantity`)}
            >
              <input
                {...describe(
                  `${ids}-discount-${index}-min`,
                  errorAt(errors, `decreasingDiscounts.${index}.minQuantity`),
                )}
                className={controls.control}
                inputMode="numeric"
                {...register(`decreasingDiscounts.${index}.minQuantity`, {
                  setValueAs: requiredNumber,
                })}
              />
            </LabelledField>
            <LabelledField id={`${ids}-discount-${index}-type`} label="Type de remise">
              <select
                id={`${ids}-discount-${index}-type`}
                className={controls.control}
                {...register(`decreasingDiscounts.${index}.discountType`)}
              >
                <option value="PERCENT">En % par bouteille</option>
                <option value="EURO">En euros par bouteille</option>
              </select>
            </LabelledField>
            <ScaledNumberField
              control={control}
              name={`decreasingDiscounts.${index}.discountAmount`}
              label="Remise (€ ou %)"
              decimals={2}
              error={errorAt(errors, `decreasingDiscounts.${index}.discountAmount`)}
            />
            <RemoveButton
              label={`Retirer la remise ${index + 1}`}
              onClick={() => discounts.remove(index)}
            />
          </fieldset>
        ))}
        <AddButton
          label="Ajouter une remise par quantité"
          onClick={() =>
            discounts.append({ minQuantity: 6, discountType: 'PERCENT', discountAmount: 500 })
          }
        />
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-pairings`}>
        <h2 id={`${ids}-pairings`} className={controls.sectionTitle}>
          Accords mets et produits recommandés
        </h2>
        <IdCheckboxes
          control={control}
          name="mealIconIds"
          legend="Accords mets (pictogrammes)"
          choices={mealIcons}
        />
        <IdCheckboxes
          control={control}
          name="recommendedProductIds"
          legend="« Vous aimerez aussi »"
          choices={otherProducts.filter((item) => item.id !== product?.id)}
        />
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-customizations`}>
        <h2 id={`${ids}-customizations`} className={controls.sectionTitle}>
          Personnalisations
        </h2>
        <p className={controls.hint}>
          Les questions posées avant l’ajout au panier (gravure, coffret, emballage cadeau) et leur
          coût.
        </p>
        {customizations.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Personnalisation {index + 1}</legend>
            <CustomizationFields
              index={index}
              control={control}
              register={register}
              errors={errors}
            />
            <RemoveButton
              label={`Retirer la personnalisation ${index + 1}`}
              onClick={() => customizations.remove(index)}
            />
          </fieldset>
        ))}
        <AddButton
          label="Ajouter une personnalisation"
          onClick={() =>
            customizations.append({
              inputType: 'CHECKBOX',
              label: '',
              description: null,
              isRequired: false,
              maxLength: null,
              formId: null,
              values: [
                { label: '', textNumberOfChar: null, selectKey: null, costType: 'EURO', amount: 0 },
              ],
            })
          }
        />
      </section>

      <p className={controls.status} role="status">
        {status}
      </p>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={isSubmitting}>
          {product ? 'Enregistrer le produit' : 'Créer le produit'}
        </button>
        {product ? (
          <button
            type="button"
            className={`${controls.button} ${controls.dangerButton}`}
            onClick={() => void remove()}
          >
            Supprimer le produit
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface RowProps {
  index: number;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
}

function DeclinationFields({
  siteId,
  index,
  control,
  register,
  errors,
  savedImage,
}: RowProps & { siteId: number; savedImage: string | null }) {
  const ids = useId();
  const path = `declinations.${index}` as const;
  const integer = (
    key: 'year' | 'stock' | 'sellByMultipleOf',
    label: string,
    nullable: boolean,
  ) => {
    const id = `${ids}-${key}`;
    const error = errorAt(errors, `${path}.${key}`);
    return (
      <LabelledField id={id} label={label} error={error}>
        <input
          {...describe(id, error)}
          className={controls.control}
          inputMode="numeric"
          {...register(`${path}.${key}`, { setValueAs: nullable ? numberOrNull : requiredNumber })}
        />
      </LabelledField>
    );
  };
  return (
    <>
      {integer('year', 'Millésime (facultatif)', true)}
      <LabelledField
        id={`${ids}-capacity`}
        label="Contenance"
        error={errorAt(errors, `${path}.capacity`)}
      >
        <input
          {...describe(`${ids}-capacity`, errorAt(errors, `${path}.capacity`))}
          className={controls.control}
          inputMode="decimal"
          {...register(`${path}.capacity`, { setValueAs: numberOrNull })}
        />
      </LabelledField>
      <LabelledField id={`${ids}-unit`} label="Unité">
        <select
          id={`${ids}-unit`}
          className={controls.control}
          {...register(`${path}.capacityUnit`, { setValueAs: textOrNull })}
        >
          <option value="CENTILITRE">cl</option>
          <option value="LITER">L</option>
          <option value="">Sans contenance</option>
        </select>
      </LabelledField>
      <ScaledNumberField
        control={control}
        name={`${path}.priceCents`}
        label="Prix en €"
        decimals={2}
        error={errorAt(errors, `${path}.priceCents`)}
      />
      <ScaledNumberField
        control={control}
        name={`${path}.fixedPriceCents`}
        label="Prix net en € (facultatif)"
        hint="S’il est donné, c’est le prix, sans remise."
        decimals={2}
        nullable
        error={errorAt(errors, `${path}.fixedPriceCents`)}
      />
      <LabelledField id={`${ids}-discount-type`} label="Remise">
        <select
          id={`${ids}-discount-type`}
          className={controls.control}
          {...register(`${path}.discountType`)}
        >
          {Object.entries(COST_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </LabelledField>
      <ScaledNumberField
        control={control}
        name={`${path}.discountAmount`}
        label="Montant de la remise (€ ou %)"
        decimals={2}
        error={errorAt(errors, `${path}.discountAmount`)}
      />
      {integer('stock', 'Stock (bouteilles)', false)}
      {integer('sellByMultipleOf', 'Vendu par (multiple)', false)}
      <label className={styles.checkRow}>
        <input type="checkbox" className={styles.check} {...register(`${path}.isStockManaged`)} />
        Stock suivi
      </label>
      <Controller
        control={control}
        name={`${path}.imageUrl`}
        render={({ field }) => (
          <ImageField
            siteId={siteId}
            label="Photo de la déclinaison (facultatif)"
            value={field.value ?? null}
            savedValue={savedImage}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}

function CustomizationFields({ index, control, register, errors }: RowProps) {
  const ids = useId();
  const path = `customizations.${index}` as const;
  const values = useFieldArray({ control, name: `${path}.values` });
  return (
    <>
      <LabelledField id={`${ids}-label`} label="Question" error={errorAt(errors, `${path}.label`)}>
        <input
          {...describe(`${ids}-label`, errorAt(errors, `${path}.label`))}
          className={controls.control}
          {...register(`${path}.label`)}
        />
      </LabelledField>
      <LabelledField id={`${ids}-input`} label="Réponse attendue">
        <select id={`${ids}-input`} className={controls.control} {...register(`${path}.inputType`)}>
          {Object.entries(INPUT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField
        id={`${ids}-max`}
        label="Longueur maximale (texte, facultatif)"
        error={errorAt(errors, `${path}.maxLength`)}
      >
        <input
          {...describe(`${ids}-max`, errorAt(errors, `${path}.maxLength`))}
          className={controls.control}
          inputMode="numeric"
          {...register(`${path}.maxLength`, { setValueAs: numberOrNull })}
        />
      </LabelledField>
      <label className={styles.checkRow}>
        <input type="checkbox" className={styles.check} {...register(`${path}.isRequired`)} />
        Réponse obligatoire
      </label>
      {values.fields.map((field, valueIndex) => {
        const valuePath = `${path}.values.${valueIndex}` as const;
        return (
          <fieldset key={field.id} className={styles.rowCard}>
            <legend>Option {valueIndex + 1}</legend>
            <LabelledField
              id={`${ids}-${valueIndex}-label`}
              label="Libellé"
              error={errorAt(errors, `${valuePath}.label`)}
            >
              <input
                {...describe(`${ids}-${valueIndex}-label`, errorAt(errors, `${valuePath}.label`))}
                className={controls.control}
                {...register(`${valuePath}.label`)}
              />
            </LabelledField>
            <LabelledField id={`${ids}-${valueIndex}-key`} label="Clé (liste, facultatif)">
              <input
                id={`${ids}-${valueIndex}-key`}
                className={controls.control}
                {...register(`${valuePath}.selectKey`, { setValueAs: textOrNull })}
              />
            </LabelledField>
            <LabelledField id={`${ids}-${valueIndex}-cost`} label="Coût">
              <select
                id={`${ids}-${valueIndex}-cost`}
                className={controls.control}
                {...register(`${valuePath}.costType`)}
              >
                {Object.entries(COST_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </LabelledField>
            <ScaledNumberField
              control={control}
              name={`${valuePath}.amount`}
              label="Montant (€ ou %)"
              decimals={2}
              error={errorAt(errors, `${valuePath}.amount`)}
            />
            <RemoveButton
              label={`Retirer l’option ${valueIndex + 1}`}
              onClick={() => values.remove(valueIndex)}
            />
          </fieldset>
        );
      })}
      <AddButton
        label="Ajouter une option"
        onClick={() =>
          values.append({
            label: '',
            textNumberOfChar: null,
            selectKey: null,
            costType: 'EURO',
            amount: 0,
          })
        }
      />
    </>
  );
}

function IdCheckboxes({
  control,
  name,
  legend,
  choices,
}: {
  control: Control<FormValues>;
  name: 'mealIconIds' | 'recommendedProductIds';
  legend: string;
  choices: { id: number; name: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className={styles.icons}>
          <legend className={controls.label}>{legend}</legend>
          {choices.map((choice) => (
            <label key={choice.id} className={styles.checkRow}>
              <input
                type="checkbox"
                className={styles.check}
                checked={field.value.includes(choice.id)}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked
                      ? [...field.value, choice.id]
                      : field.value.filter((id) => id !== choice.id),
                  )
                }
              />
              {choice.name}
            </label>
          ))}
        </fieldset>
      )}
    />
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className={controls.buttons}>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        onClick={onClick}
      >
        {label}
      </button>
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className={styles.rowActions}>
      <button
        type="button"
        className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
        onClick={onClick}
      >
        {label}
      </button>
    </div>
  );
}
