'use client';

import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import type { AccessPoint } from '@comptoir/contract/relay';
import { MAP_SERVICE } from '../consent/consent-services';
import { allowService, isServiceAllowed, subscribeToService } from '../consent/service-consent';
import styles from './delivery.module.css';

/* Leaflet and its stylesheet load only once the visitor allowed the tiles (decision 0047). */
const RelayLeafletMap = lazy(() =>
  import('./relay-leaflet-map').then((module) => ({ default: module.RelayLeafletMap })),
);

const subscribe = (onChange: () => void) => subscribeToService(MAP_SERVICE, onChange);
const mapAllowed = () => isServiceAllowed(MAP_SERVICE);
const notOnServer = () => false;

interface RelayMapProps {
  points: readonly AccessPoint[];
  chosenId: string | null;
  onChoose: (point: AccessPoint) => void;
}

/**
 * The relay points on a map, whose tiles come from OpenStreetMap, a third party: until the
 * visitor allows the service (here, in the cookie banner or in tarteaucitron's panel), a button
 * stands in its place and no request leaves for tile.openstreetmap.org.
 */
export function RelayMap({ points, chosenId, onChoose }: RelayMapProps) {
  const allowed = useSyncExternalStore(subscribe, mapAllowed, notOnServer);
  const region = useRef<HTMLElement>(null);
  /** The button that asked for the map leaves the page: the focus goes to the map's region. */
  const focusWhenShown = useRef(false);
  useEffect(() => {
    if (allowed && focusWhenShown.current) {
      focusWhenShown.current = false;
      region.current?.focus();
    }
  }, [allowed]);

  return (
    <section
      ref={region}
      aria-label="Carte des points relais"
      className={styles.relayMap}
      tabIndex={-1}
    >
      {allowed ? (
        <Suspense
          fallback={
            <p className={styles.mapPlaceholder} role="status">
              Chargement de la carte…
            </p>
          }
        >
          <RelayLeafletMap points={points} chosenId={chosenId} onChoose={onChoose} />
        </Suspense>
      ) : (
        <div className={styles.mapPlaceholder}>
          <p>
            La carte des points relais vient d’OpenStreetMap, un service tiers : l’afficher transmet
            votre adresse IP à ses serveurs. La liste suffit pour choisir.
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              focusWhenShown.current = true;
              allowService(MAP_SERVICE);
            }}
          >
            Afficher la carte (OpenStreetMap)
          </button>
        </div>
      )}
    </section>
  );
}
