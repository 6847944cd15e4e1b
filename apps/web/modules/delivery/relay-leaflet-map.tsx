'use client';

import { useEffect, useRef, useState } from 'react';
import { control, divIcon, latLngBounds, map as leafletMap, marker, tileLayer } from 'leaflet';
import type { Map as LeafletMap, Marker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { AccessPoint } from '@comptoir/contract/relay';
import { RELAY_TILE_ORIGIN } from './relay-tiles';
import styles from './delivery.module.css';

const TILE_URL = `${RELAY_TILE_ORIGIN}/{z}/{x}/{y}.png`;
/** OpenStreetMap's attribution, required on every map that shows its tiles. */
const ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" hreflang="en">OpenStreetMap</a>';

/** What a marker says: its number in the list, the point's name and address. */
export function markerLabel(point: AccessPoint, index: number): string {
  return `${index + 1}. ${point.name}, ${point.addLine1}, ${point.zipCode} ${point.city}`;
}

/** Within this distance of the address, points open the map; farther ones are panned to. */
const NEARBY_METRES = 5000;

/**
 * The points the map opens on: those near the address (the nearest at least), so that the
 * commune's own points are told apart rather than squeezed together with the next towns'.
 */
export function nearbyPoints(points: readonly AccessPoint[]): readonly AccessPoint[] {
  const near = points.filter((point) => point.distance <= NEARBY_METRES);
  return near.length > 0 ? near : points;
}

function numberedIcon(number: number) {
  return divIcon({
    className: styles.marker,
    html: `<span aria-hidden="true">${number}</span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
  });
}

interface RelayLeafletMapProps {
  points: readonly AccessPoint[];
  chosenId: string | null;
  onChoose: (point: AccessPoint) => void;
}

/**
 * The Leaflet map (decision 0047): OpenStreetMap's tiles, one numbered marker per point (a button
 * named by the point, pressed when it is the chosen one); choosing a marker chooses the point in
 * the list, and a point chosen in the list is highlighted here. The map itself takes no keyboard
 * focus (the list is the keyboard's way); the markers and the zoom buttons do.
 */
export function RelayLeafletMap({ points, chosenId, onChoose }: RelayLeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [markers, setMarkers] = useState<ReadonlyMap<string, Marker>>(new Map());
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  }, [onChoose]);

  useEffect(() => {
    const created = leafletMap(container.current!, {
      keyboard: false,
      scrollWheelZoom: false,
      zoomControl: false,
    });
    created.attributionControl.setPrefix(false);
    control.zoom({ zoomInTitle: 'Zoom avant', zoomOutTitle: 'Zoom arrière' }).addTo(created);
    tileLayer(TILE_URL, {
      maxZoom: 19,
      attribution: ATTRIBUTION,
      // OpenStreetMap's tile policy asks for the referring site.
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(created);
    // The map's box gets its size with the page's layout (lazy chunk, container query): Leaflet
    // measures it once, so it is told every change, or it centres on a stale size.
    const resized = new ResizeObserver(() => created.invalidateSize());
    resized.observe(container.current!);
    // A marker reached with Tab outside the view makes the browser scroll the map's box to show
    // it, shifting every layer away from where Leaflet draws them: the box never scrolls, and
    // the focus handler below pans the map instead.
    const box = container.current!;
    const keepInPlace = () => {
      if (box.scrollTop !== 0) box.scrollTop = 0;
      if (box.scrollLeft !== 0) box.scrollLeft = 0;
    };
    box.addEventListener('scroll', keepInPlace);
    setMap(created);
    return () => {
      box.removeEventListener('scroll', keepInPlace);
      resized.disconnect();
      created.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    map.invalidateSize();
    // The view first: Leaflet creates a marker's element only once the map has one.
    map.fitBounds(
      latLngBounds(
        nearbyPoints(points).map((point) => [point.position.latitude, point.position.longitude]),
      ),
      { padding: [36, 36], maxZoom: 16 },
    );
    const placed = new Map<string, Marker>();
    points.forEach((point, index) => {
      const position: [number, number] = [point.position.latitude, point.position.longitude];
      const pin = marker(position, {
        icon: numberedIcon(index + 1),
        title: point.name,
        keyboard: true,
        riseOnHover: true,
      })
        .on('click', () => choose.current(point))
        .addTo(map);
      const element = pin.getElement();
      if (element) {
        element.setAttribute('aria-label', markerLabel(point, index));
        element.setAttribute('aria-pressed', 'false');
        // A marker reached with Tab outside the view: the map pans to it (its box never scrolls).
        element.addEventListener('focus', () => {
          if (!map.getBounds().contains(pin.getLatLng())) map.panTo(pin.getLatLng());
        });
        // Leaflet's markers are buttons that only a pointer presses: Enter and Space too.
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          choose.current(point);
        });
      }
      placed.set(point.id, pin);
    });
    setMarkers(placed);
    return () => {
      for (const pin of placed.values()) pin.remove();
    };
  }, [map, points]);

  useEffect(() => {
    map?.invalidateSize();
    for (const [id, pin] of markers) {
      const chosen = id === chosenId;
      const element = pin.getElement();
      element?.classList.toggle(styles.markerChosen!, chosen);
      element?.setAttribute('aria-pressed', String(chosen));
      pin.setZIndexOffset(chosen ? 1000 : 0);
      if (chosen && map && !map.getBounds().contains(pin.getLatLng())) map.panTo(pin.getLatLng());
    }
  }, [map, markers, chosenId]);

  return <div ref={container} className={styles.mapCanvas} />;
}
