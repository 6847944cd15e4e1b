import type { DeclinationLabel } from '@comptoir/contract/product';
import { formatEnergy, nutritionRows } from '@comptoir/domain/nutrition';
import styles from './nutrition-label.module.css';

/*
 * A vintage's nutrition declaration and ingredients (EU Regulation 2021/2117, decision 0102), shown
 * in the purchase box before the button when the site's NUTRITIONAL_TABLE is on. Rendered on the
 * server: the purchase island only picks the chosen vintage's (decision 0039). The energy stays in
 * sight in the disclosure's summary, the whole table one click away; the ingredients are always
 * shown, allergens in bold.
 */
export function NutritionLabel({ label }: { label: DeclinationLabel }) {
  const { nutrition, ingredients } = label;
  return (
    <div className={styles.label} data-testid="nutrition-label">
      {nutrition ? (
        <details className={styles.details}>
          <summary className={styles.summary}>
            Déclaration nutritionnelle{' '}
            <span className={styles.energy}>({formatEnergy(nutrition)} pour 100 ml)</span>
          </summary>
          <table className={styles.table}>
            <caption>Déclaration nutritionnelle, pour 100 ml</caption>
            <thead>
              <tr>
                <th scope="col">Valeurs moyennes</th>
                <th scope="col">Pour 100 ml</th>
              </tr>
            </thead>
            <tbody>
              {nutritionRows(nutrition).map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={row.sub ? styles.sub : undefined}>
                    {row.label}
                  </th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {ingredients.length > 0 ? (
        <p className={styles.ingredients}>
          <span className={styles.term}>Ingrédients :</span>{' '}
          {ingredients.map((item, index) => (
            <span key={index}>
              {index > 0 ? ', ' : null}
              {item.role ? `${item.role} : ` : null}
              {item.allergen ? <strong>{item.name}</strong> : item.name}
            </span>
          ))}
          .
        </p>
      ) : null}
    </div>
  );
}
