import { describe, expect, it } from 'vitest';
import {
  FRAME_PADDING,
  frameView,
  MARKER_REACH,
  showsWhole,
  type MapGeometry,
} from './relay-map-view';

/** A flat world: one unit is one pixel at zoom 0, twice as many at each zoom up. */
type Spot = { x: number; y: number };
const flat = (size: Spot): MapGeometry<Spot> => ({
  size,
  minZoom: 0,
  maxZoom: 16,
  project: (spot, zoom) => ({ x: spot.x * 2 ** zoom, y: spot.y * 2 ** zoom }),
});

/** Where each spot falls in the map's box for a framed view. */
function inBox(spots: readonly Spot[], map: MapGeometry<Spot>) {
  return (view: ReturnType<typeof frameView<Spot>>) =>
    spots.map((spot) => {
      const world = map.project(spot, view.zoom);
      return {
        x: world.x - view.centre.x + map.size.x / 2,
        y: world.y - view.centre.y + map.size.y / 2,
      };
    });
}

describe('frameView', () => {
  const map = flat({ x: 348, y: 420 });

  it('frames the wanted points whole, padded, at the closest zoom that holds them', () => {
    const near = [
      { x: 100, y: 100 },
      { x: 100.5, y: 100.25 },
    ];
    const view = frameView(near, near, map);
    // 0.5 units wide: 2^9 = 256 px fits in 348 − 72, 2^10 = 512 px does not.
    expect(view.zoom).toBe(9);
    for (const spot of inBox(near, map)(view)) {
      expect(showsWhole(spot, map.size)).toBe(true);
      expect(spot.x).toBeGreaterThanOrEqual(FRAME_PADDING);
      expect(spot.x).toBeLessThanOrEqual(map.size.x - FRAME_PADDING);
    }
  });

  it('a single point opens at the closest zoom allowed, in the middle', () => {
    const view = frameView([{ x: 3, y: 4 }], [{ x: 3, y: 4 }], map);
    expect(view).toEqual({ zoom: 16, centre: { x: 3 * 2 ** 16, y: 4 * 2 ** 16 } });
  });

  it('frames too a point that the view would show cut at its edge', () => {
    const wanted = [
      { x: 100, y: 100 },
      { x: 100.5, y: 100 },
    ];
    // At zoom 9 the view spans 348 / 512 ≈ 0.68 units across: a point 0.01 beyond the right
    // edge of the wanted pair's view would show cut.
    const beside = { x: 100.25 + 174 / 512 + 0.01, y: 100 };
    const far = { x: 140, y: 100 };
    const all = [...wanted, beside, far];
    const view = frameView(all, wanted, map);
    expect(view.zoom).toBe(8);
    const [first, second, third, fourth] = inBox(all, map)(view);
    for (const spot of [first!, second!, third!]) expect(showsWhole(spot, map.size)).toBe(true);
    // The far point stays out of the box altogether.
    expect(fourth!.x).toBeGreaterThan(map.size.x + MARKER_REACH);
  });

  it('opens on every point when none is wanted', () => {
    const all = [
      { x: 10, y: 10 },
      { x: 10.2, y: 10.1 },
    ];
    const view = frameView(all, [], map);
    for (const spot of inBox(all, map)(view)) expect(showsWhole(spot, map.size)).toBe(true);
  });
});

describe('showsWhole', () => {
  it('is false for a marker closer to an edge than its reach', () => {
    const size = { x: 300, y: 200 };
    expect(showsWhole({ x: MARKER_REACH, y: 100 }, size)).toBe(true);
    expect(showsWhole({ x: MARKER_REACH - 1, y: 100 }, size)).toBe(false);
    expect(showsWhole({ x: 150, y: size.y - MARKER_REACH + 1 }, size)).toBe(false);
  });
});
