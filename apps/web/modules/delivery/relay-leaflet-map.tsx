'use client';

import { useEffect, useRef, useState } from 'react';
import { control, divIcon, map as leafletMap, marker, point as pixel, tileLayer } from 'leaflet';
import type { Map as LeafletMap, Marker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { AccessPoint } from '@comptoir/contract/relay';
import { frameView, showsWhole } from './relay-map-view';
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

/** A marker's box: room for the chosen point's larger disc, so that nothing it draws leaves it. */
const MARKER_BOX = 40;

function numberedIcon(number: number) {
  return divIcon({
    className: styles.marker,
    html: `<span aria-hidden="true">${number}</span>`,
    iconSize: [MARKER_BOX, MARKER_BOX],
    iconAnchor: [MARKER_BOX / 2, MARKER_BOX / 2],
  });
}

/** The closest zoom the map opens on (street level), however near the points are. */
const MAX_FRAMED_ZOOM = 16;

const latLngOf = (point: AccessPoint): [number, number] => [
  point.position.latitude,
  point.position.longitude,
];

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
 *
 * The map frames the points near the address and the chosen one (and a marker reached with Tab),
 * whole, with every other marker that would show cut at an edge (`frameView`); it frames again
 * when one of them would not show whole, and when its box changes size.
 */
export function RelayLeafletMap({ points, chosenId, onChoose }: RelayLeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [markers, setMarkers] = useState<ReadonlyMap<string, Marker>>(new Map());
  const choose = useRef(onChoose);
  const shown = useRef({ points, chosenId });
  useEffect(() => {
    choose.current = onChoose;
    shown.current = { points, chosenId };
  }, [onChoose, points, chosenId]);

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
    // The map's box gets its size with the page's layout (lazy chunk, container query): once the
    // first view is set, Leaflet is told every change, and the points are framed again if the new
    // size cuts one.
    const resized = new ResizeObserver(() => {
      created.invalidateSize({ pan: false });
      frame(created, shown.current.points, shown.current.chosenId);
    });
    const box = container.current!;
    created.whenReady(() => resized.observe(box));
    setMap(created);
    return () => {
      resized.disconnect();
      created.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    // The view first: Leaflet creates a marker's element only once the map has one.
    frame(map, points, shown.current.chosenId, { always: true });
    const placed = new Map<string, Marker>();
    points.forEach((point, index) => {
      const pin = marker(latLngOf(point), {
        icon: numberedIcon(index + 1),
        title: point.name,
        keyboard: true,
        riseOnHover: true,
        // Leaflet's own pan on focus brings a marker just inside an edge, the others out of
        // view: the focus handler below frames it with the address's points instead.
        autoPanOnFocus: false,
      })
        .on('click', () => choose.current(point))
        .addTo(map);
      const element = pin.getElement();
      if (element) {
        element.setAttribute('aria-label', markerLabel(point, index));
        element.setAttribute('aria-pressed', 'false');
        element.addEventListener('focus', () =>
          frame(map, shown.current.points, shown.current.chosenId, { also: point }),
        );
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
    for (const [id, pin] of markers) {
      const chosen = id === chosenId;
      const element = pin.getElement();
      element?.classList.toggle(styles.markerChosen!, chosen);
      element?.setAttribute('aria-pressed', String(chosen));
      pin.setZIndexOffset(chosen ? 1000 : 0);
    }
    if (map && markers.size > 0) frame(map, points, chosenId);
  }, [map, markers, points, chosenId]);

  return <div ref={container} className={styles.mapCanvas} />;
}

/**
 * Frames the points near the address, the chosen one and `also` (a focused marker), unless they
 * all show whole already (`always`: the first view): the visitor's own zoom is kept as long as
 * it shows them.
 */
function frame(
  map: LeafletMap,
  points: readonly AccessPoint[],
  chosenId: string | null,
  options: { always?: boolean; also?: AccessPoint } = {},
) {
  const size = map.getSize();
  if (size.x === 0 || size.y === 0) return;
  const chosen = points.find((point) => point.id === chosenId);
  const wanted = [
    ...new Set([
      ...nearbyPoints(points),
      ...(chosen ? [chosen] : []),
      ...(options.also ? [options.also] : []),
    ]),
  ];
  if (
    !options.always &&
    wanted.every((point) => showsWhole(map.latLngToContainerPoint(latLngOf(point)), size))
  ) {
    return;
  }
  const view = frameView(points, wanted, {
    size,
    minZoom: 0,
    maxZoom: MAX_FRAMED_ZOOM,
    project: (point, zoom) => map.project(latLngOf(point), zoom),
  });
  map.setView(map.unproject(pixel(view.centre.x, view.centre.y), view.zoom), view.zoom, {
    animate: false,
  });
}
