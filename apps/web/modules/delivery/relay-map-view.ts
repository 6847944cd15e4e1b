/**
 * Where the relay map looks (decision 0047), as plain geometry so that it is tested without a
 * browser: the map's pixel projection is passed in (Leaflet's `map.project` in the page).
 */

export interface PixelPoint {
  x: number;
  y: number;
}

export interface MapGeometry<P> {
  /** The map's box, in CSS pixels. */
  size: PixelPoint;
  /** The widest zoom the map may open on (whole numbers, as Leaflet snaps them). */
  minZoom: number;
  /** The closest zoom the map opens on, however near the points are to each other. */
  maxZoom: number;
  /** A point's position in the world's pixels at a zoom (Leaflet's `map.project`). */
  project: (point: P, zoom: number) => PixelPoint;
}

export interface FramedView {
  zoom: number;
  /** The view's centre, in the world's pixels at that zoom (Leaflet's `map.unproject` gives it back). */
  centre: PixelPoint;
}

/** Half a marker's box (40 px) and its focus ring (3 px and 2 px apart). */
export const MARKER_REACH = 25;
/** Room kept between the points the map frames and its edges: a marker's reach and a little air. */
export const FRAME_PADDING = 36;

/** True when a marker centred at this point of the map's box shows whole, focus ring included. */
export function showsWhole(point: PixelPoint, size: PixelPoint): boolean {
  return (
    point.x >= MARKER_REACH &&
    point.y >= MARKER_REACH &&
    point.x <= size.x - MARKER_REACH &&
    point.y <= size.y - MARKER_REACH
  );
}

/** True when some of a marker centred at this point of the map's box would show. */
function showsAtAll(point: PixelPoint, size: PixelPoint): boolean {
  return (
    point.x > -MARKER_REACH &&
    point.y > -MARKER_REACH &&
    point.x < size.x + MARKER_REACH &&
    point.y < size.y + MARKER_REACH
  );
}

/**
 * The view that shows the `wanted` points whole, at least FRAME_PADDING from the edges, as close
 * as maxZoom allows; and since a view is wider or taller than the points it frames, every other
 * point that would show in it, partly cut at an edge, is framed too (so the view zooms out until
 * no marker is cut). Leaflet's own `fitBounds` frames the wanted points only.
 */
export function frameView<P>(
  all: readonly P[],
  wanted: readonly P[],
  map: MapGeometry<P>,
): FramedView {
  const framed = new Set(wanted.length > 0 ? wanted : all);
  if (framed.size === 0)
    return { zoom: map.minZoom, centre: { x: map.size.x / 2, y: map.size.y / 2 } };
  for (;;) {
    const view = frameOnly([...framed], map);
    const corner = { x: view.centre.x - map.size.x / 2, y: view.centre.y - map.size.y / 2 };
    const cut = all.filter((point) => {
      if (framed.has(point)) return false;
      const world = map.project(point, view.zoom);
      return showsAtAll({ x: world.x - corner.x, y: world.y - corner.y }, map.size);
    });
    if (cut.length === 0) return view;
    for (const point of cut) framed.add(point);
  }
}

/** The closest whole zoom at which the points fit inside the padded box, and their centre. */
function frameOnly<P>(points: readonly P[], map: MapGeometry<P>): FramedView {
  const room = { x: map.size.x - 2 * FRAME_PADDING, y: map.size.y - 2 * FRAME_PADDING };
  let zoom = map.maxZoom;
  let extent = pixelExtent(points, map, zoom);
  while (zoom > map.minZoom && (extent.width > room.x || extent.height > room.y)) {
    zoom -= 1;
    extent = pixelExtent(points, map, zoom);
  }
  return { zoom, centre: extent.centre };
}

function pixelExtent<P>(points: readonly P[], map: MapGeometry<P>, zoom: number) {
  const projected = points.map((point) => map.project(point, zoom));
  const xs = projected.map((point) => point.x);
  const ys = projected.map((point) => point.y);
  const [left, right, top, bottom] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  return {
    width: right - left,
    height: bottom - top,
    centre: { x: (left + right) / 2, y: (top + bottom) / 2 },
  };
}
