/**
 * Where the relay map's tiles come from (decision 0047): OpenStreetMap's standard tile server.
 * The Content-Security-Policy names it in `img-src`; nothing is asked from it before the visitor
 * allows the map.
 */
export const RELAY_TILE_ORIGIN = 'https://tile.openstreetmap.org';
