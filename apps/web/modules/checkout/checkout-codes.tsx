'use client';

import { useId, useState } from 'react';
import type { DiscountCheck } from '@comptoir/contract/discount';
import { formatPrice } from '@comptoir/domain/money';
import { failureMessage } from '../../ui/server-errors';
import { browserApi } from '../account/browser-api';
import type { AppliedCodes } from './checkout-amounts';
import { checkDiscountRoute } from './checkout-routes';
import formStyles from '../../ui/forms.module.css';
import styles from './checkout.module.css';

const EMPTY_CODE_MESSAGE = 'Saisissez votre code.';

function describe(check: DiscountCheck): string {
  if (check.kind === 'GIFT_VOUCHER' && check.balanceCents !== null) {
    return `${check.label} (solde ${formatPrice(check.balanceCents)})`;
  }
  return check.label;
}

/**
 * A discount code or a gift voucher's code, checked against the cart with POST /order/discount
 * (the API says which it is): one of each may be used. Inside the checkout form, so Enter here
 * applies the code instead of sending the order.
 */
export function CheckoutCodes({
  siteId,
  cartId,
  codes,
  onChange,
}: {
  siteId: number;
  cartId: number;
  codes: AppliedCodes;
  onChange: (codes: AppliedCodes) => void;
}) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    if (typed === '') {
      setError(EMPTY_CODE_MESSAGE);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const check = await browserApi(siteId).call(checkDiscountRoute, {
        body: { idCart: cartId, code: typed },
      });
      onChange(
        check.kind === 'GIFT_VOUCHER'
          ? { ...codes, voucher: check }
          : { ...codes, discount: check },
      );
      setCode('');
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setChecking(false);
    }
  }

  const applied = [codes.discount, codes.voucher].filter(
    (check): check is DiscountCheck => check !== null,
  );
  const errorId = `${ids}-error`;
  return (
    <div className={styles.codes}>
      <label htmlFor={`${ids}-code`} className={formStyles.label}>
        Code de réduction ou bon cadeau
      </label>
      <div className={styles.codeRow}>
        <input
          id={`${ids}-code`}
          className={formStyles.control}
          value={code}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-busy={checking || undefined}
          onClick={() => void apply()}
        >
          {checking ? 'Vérification…' : 'Appliquer'}
        </button>
      </div>
      {error ? (
        <p id={errorId} className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      {applied.length > 0 ? (
        <ul className={styles.appliedCodes} role="list">
          {applied.map((check) => (
            <li key={check.kind}>
              <span>
                <strong>{check.code}</strong> : {describe(check)}
              </span>
              <button
                type="button"
                className={styles.textButton}
                onClick={() =>
                  onChange(
                    check.kind === 'GIFT_VOUCHER'
                      ? { ...codes, voucher: null }
                      : { ...codes, discount: null },
                  )
                }
              >
                Retirer<span className="visually-hidden"> le code {check.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
