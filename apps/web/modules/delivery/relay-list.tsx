'use client';

import { useId } from 'react';
import type { AccessPoint } from '@comptoir/contract/relay';
import { distanceLabel } from './calendar-model';
import styles from './delivery.module.css';

interface RelayListProps {
  /** The points near the commune, nearest first; null while they are asked. */
  points: AccessPoint[] | null;
  error: string | null;
  chosenId: string | null;
  onChoose: (point: AccessPoint) => void;
}

/**
 * The relay points as a group of radio buttons (decision 0046): Tab reaches the group, the
 * arrows move between points and choose, as every browser does for native radios. No map: the
 * list serves every visitor without loading tiles from another server.
 */
export function RelayList({ points, error, chosenId, onChoose }: RelayListProps) {
  const ids = useId();
  return (
    <fieldset className={styles.fieldset} aria-busy={points === null}>
      <legend className={styles.legend}>Point relais</legend>
      {points === null ? <p role="status">Recherche des points relais…</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {points !== null && points.length === 0 && !error ? (
        <p>Aucun point relais près de cette commune : choisissez la livraison à domicile.</p>
      ) : null}
      {points && points.length > 0 ? (
        <ul role="list" className={styles.relayList}>
          {points.map((point) => (
            <li key={point.id}>
              <label className={styles.relay}>
                <input
                  type="radio"
                  name={`${ids}-relay`}
                  value={point.id}
                  checked={chosenId === point.id}
                  onChange={() => onChoose(point)}
                />
                <span>
                  <span className={styles.relayName}>{point.name}</span>
                  <span className={styles.relayAddress}>
                    {point.addLine1}, {point.zipCode} {point.city}
                  </span>
                </span>
                <span className={styles.relayDistance}>{distanceLabel(point.distance)}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
