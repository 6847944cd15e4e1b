'use client';

import { useId } from 'react';
import type { AccessPoint } from '@comptoir/contract/relay';
import { distanceLabel } from './calendar-model';
import { RelayMap } from './relay-map';
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
 * arrows move between points and choose, as every browser does for native radios. Beside it, the
 * map of the same points, numbered as in the list, once the visitor allows OpenStreetMap's tiles
 * (decision 0047); the list stays the way to choose without a pointer or without the map.
 */
export function RelayList({ points, error, chosenId, onChoose }: RelayListProps) {
  const ids = useId();
  return (
    <div className={styles.relayPicker}>
      <div className={styles.relayColumns}>
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
              {points.map((point, index) => (
                <li key={point.id}>
                  <label className={styles.relay}>
                    <input
                      type="radio"
                      name={`${ids}-relay`}
                      value={point.id}
                      checked={chosenId === point.id}
                      onChange={() => onChoose(point)}
                    />
                    <span className={styles.relayNumber} aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className={styles.relayText}>
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
        {points && points.length > 0 ? (
          <RelayMap points={points} chosenId={chosenId} onChoose={onChoose} />
        ) : null}
      </div>
    </div>
  );
}
