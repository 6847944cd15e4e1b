'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import {
  type AdminProductRow,
  bulkEditDeclinations,
  exportCatalogue,
  type lowStockRowSchema,
} from '@comptoir/contract/admin-catalogue';
import type { z } from 'zod';
import { IntentLink } from '../../../ui/intent-link';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminItemForm, useAdminSelection } from '../frame/admin-list';
import {
  BULK_FIELDS,
  bulkResolver,
  type BulkEdit,
  type BulkFormValues,
  type PriceMode,
  type StockMode,
} from './bulk-edit';
import { CsvImport } from './csv-import';
import styles from './catalogue.module.css';
import { declinationLabel, declinationPrice, stockText } from './catalogue-text';

type LowStockRow = z.infer<typeof lowStockRowSchema>;

interface CatalogueManagerProps {
  siteId: number;
  products: AdminProductRow[];
  lowStock: { threshold: number; rows: LowStockRow[] };
}

/** The catalogue screen: products and declinations, bulk edits, low stocks, CSV. */
export function CatalogueManager({ siteId, products, lowStock }: CatalogueManagerProps) {
  const router = useRouter();
  const ids = useId();
  const selection = useAdminSelection();
  const selected = selection.ids;
  // The value fields wait for their change to be chosen.
  const [stockMode, setStockMode] = useState<StockMode>('');
  const [priceMode, setPriceMode] = useState<PriceMode>('');

  async function applyBulk(edit: BulkEdit) {
    await browserApi(siteId).call(bulkEditDeclinations, { body: edit });
    notifySuccess(`${edit.ids.length} déclinaison(s) modifiée(s).`);
    selection.clear();
    router.refresh();
    // The modes stay, for the next change of the same kind.
    return {
      values: { ids: [], stockMode, stockValue: '', priceMode, priceValue: '' },
    };
  }

  async function download() {
    try {
      const { filename, csv } = await browserApi(siteId).call(exportCatalogue);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      notifyError(failureMessage(error));
    }
  }

  return (
    <div className={styles.screen}>
      <div className={controls.buttons}>
        <IntentLink href="/admin/catalogue/nouveau" className={controls.button}>
          Ajouter un produit
        </IntentLink>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => void download()}
        >
          Exporter les produits et stocks (CSV)
        </button>
      </div>

      <section className={controls.section} aria-labelledby={`${ids}-low`}>
        <h2 id={`${ids}-low`} className={controls.sectionTitle}>
          Stocks bas
        </h2>
        <form method="get" className={styles.inline}>
          <label className={controls.label} htmlFor={`${ids}-threshold`}>
            Seuil d&apos;alerte (bouteilles)
          </label>
          <input
            id={`${ids}-threshold`}
            name="seuil"
            type="number"
            min={0}
            inputMode="numeric"
            defaultValue={lowStock.threshold}
            className={`${controls.control} ${styles.narrow}`}
          />
          <button type="submit" className={`${controls.button} ${controls.secondary}`}>
            Afficher
          </button>
        </form>
        {lowStock.rows.length === 0 ? (
          <p>Aucune déclinaison à {lowStock.threshold} ou moins en stock.</p>
        ) : (
          <ul className={styles.lowList}>
            {lowStock.rows.map((row) => (
              <li key={row.declination.id}>
                <IntentLink href={`/admin/catalogue/${row.productId}`}>
                  {row.productName}
                </IntentLink>{' '}
                — {declinationLabel(row.declination)} :{' '}
                <strong>
                  {row.declination.stock === 0 ? 'épuisé' : `${row.declination.stock} en stock`}
                </strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-products`}>
        <h2 id={`${ids}-products`} className={controls.sectionTitle}>
          Produits ({products.length})
        </h2>
        {products.length === 0 ? (
          <p>Aucun produit pour l&apos;instant : ajoutez-en un pour ouvrir la boutique.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>
                Cochez des déclinaisons pour changer leur stock ou leur prix en une fois.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Choisir</th>
                  <th scope="col">Produit</th>
                  <th scope="col">Déclinaison</th>
                  <th scope="col">Prix</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {products.flatMap((product) =>
                  product.declinations.map((declination, index) => {
                    const label = `${product.name}, ${declinationLabel(declination)}`;
                    return (
                      <tr key={declination.id} className={index === 0 ? styles.firstOfProduct : ''}>
                        <td>
                          <input
                            type="checkbox"
                            className={styles.check}
                            aria-label={`Choisir ${label}`}
                            checked={selected.has(declination.id)}
                            onChange={(event) =>
                              selection.toggle(declination.id, event.target.checked)
                            }
                          />
                        </td>
                        <td>
                          {index === 0 ? (
                            <>
                              <IntentLink href={`/admin/catalogue/${product.id}`}>
                                {product.name}
                              </IntentLink>
                              {product.isPublished ? null : (
                                <span className={styles.badge}> non publié</span>
                              )}
                            </>
                          ) : (
                            <span className={styles.repeat}>{product.name}</span>
                          )}
                        </td>
                        <td>{declinationLabel(declination)}</td>
                        <td>{declinationPrice(declination)}</td>
                        <td
                          className={
                            declination.isStockManaged && declination.stock === 0 ? styles.out : ''
                          }
                        >
                          {stockText(declination)}
                        </td>
                      </tr>
                    );
                  }),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={controls.section} aria-labelledby={`${ids}-bulk`}>
        <h2 id={`${ids}-bulk`} className={controls.sectionTitle}>
          Modifier la sélection ({selected.size})
        </h2>
        <AdminItemForm<BulkFormValues, BulkEdit>
          resolver={bulkResolver}
          defaultValues={{ ids: [], stockMode: '', stockValue: '', priceMode: '', priceValue: '' }}
          values={{ ids: [...selected] }}
          serverFields={BULK_FIELDS}
          submitLabel="Appliquer à la sélection"
          onSubmit={applyBulk}
          className={styles.bulk}
        >
          {(form) => {
            const mode = <Name extends 'stockMode' | 'priceMode'>(
              name: Name,
              set: (value: BulkFormValues[Name]) => void,
            ) => {
              const { registration } = form.bind(name);
              return {
                ...registration,
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                  registration.onChange(event);
                  set(event.target.value as BulkFormValues[Name]);
                },
              };
            };
            const value = (name: 'stockValue' | 'priceValue') => {
              const { registration, error } = form.bind(name);
              return {
                ...registration,
                'aria-invalid': error ? (true as const) : undefined,
                'aria-describedby': error ? `${ids}-bulk-error` : undefined,
              };
            };
            const error = BULK_FIELDS.map((name) => form.formState.errors[name]).find(Boolean);
            return (
              <>
                <div className={controls.field}>
                  <label className={controls.label} htmlFor={`${ids}-stock-mode`}>
                    Stock
                  </label>
                  <select
                    id={`${ids}-stock-mode`}
                    className={controls.control}
                    {...mode('stockMode', setStockMode)}
                  >
                    <option value="">Inchangé</option>
                    <option value="SET">Mettre à</option>
                    <option value="ADD">Ajouter (ou retirer avec -)</option>
                  </select>
                  <label className={controls.label} htmlFor={`${ids}-stock-value`}>
                    Nombre de bouteilles
                  </label>
                  <input
                    id={`${ids}-stock-value`}
                    className={controls.control}
                    inputMode="numeric"
                    disabled={stockMode === ''}
                    {...value('stockValue')}
                  />
                </div>
                <div className={controls.field}>
                  <label className={controls.label} htmlFor={`${ids}-price-mode`}>
                    Prix catalogue
                  </label>
                  <select
                    id={`${ids}-price-mode`}
                    className={controls.control}
                    {...mode('priceMode', setPriceMode)}
                  >
                    <option value="">Inchangé</option>
                    <option value="SET">Mettre à (€)</option>
                    <option value="AMOUNT">Augmenter de (€, - pour baisser)</option>
                    <option value="PERCENT">Changer de (%, - pour baisser)</option>
                  </select>
                  <label className={controls.label} htmlFor={`${ids}-price-value`}>
                    Montant ou pourcentage
                  </label>
                  <input
                    id={`${ids}-price-value`}
                    className={controls.control}
                    inputMode="decimal"
                    disabled={priceMode === ''}
                    {...value('priceValue')}
                  />
                </div>
                <p id={`${ids}-bulk-error`} className={controls.error} role="alert">
                  {error}
                </p>
              </>
            );
          }}
        </AdminItemForm>
      </section>

      <CsvImport siteId={siteId} />
    </div>
  );
}
