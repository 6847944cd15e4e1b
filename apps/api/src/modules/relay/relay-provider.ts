import { eq, like, or } from 'drizzle-orm';
import type { AccessPoint } from '@comptoir/contract/relay';
import type { Db } from '../../db/client';
import { relayPoints } from '../../db/schema';

/** What a relay search knows of the customer's address (docs/requirements/relay.md). */
export interface RelaySearch {
  /** The site searching: its settings choose the provider (decision 0108). */
  siteId: number;
  postalCode: string;
  city: string | null;
  /** ISO 3166 alpha-3. */
  country: string;
  address: string | null;
  /** The customer's own position, when the storefront has one. */
  position: { latitude: number; longitude: number } | null;
  limit: number;
}

/**
 * A source of relay points. The built-in one serves the seeded points (the demo provider); a
 * carrier's relay API (its "find the nearest points" web service, Mondial Relay's in
 * mondial-relay.ts) plugs in by implementing this (decisions 0044, 0108). Tests may pass one to
 * buildApp as `relayProvider`, which then answers for every site.
 */
export interface RelayProvider {
  findAccessPoints(search: RelaySearch): Promise<AccessPoint[]>;
}

const EARTH_RADIUS_METRES = 6_371_000;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(a));
}

/** A French postal code's department: its first two digits (Corsica's 20xxx is one area here). */
const departmentOf = (postalCode: string) => postalCode.trim().slice(0, 2);

type RelayRow = typeof relayPoints.$inferSelect;

function centreOf(rows: readonly RelayRow[]) {
  return {
    latitude: rows.reduce((sum, row) => sum + row.latitude, 0) / rows.length,
    longitude: rows.reduce((sum, row) => sum + row.longitude, 0) / rows.length,
  };
}

/**
 * The built-in provider: the seeded points of France. Without the customer's position, the
 * address is placed at the centre of the points of its postal code, or else of its department
 * (the provider has no geocoder), and the points of that department come nearest first. An
 * address far from every seeded point gets none rather than a point 300 km away.
 */
export function createBuiltInRelayProvider(db: Db): RelayProvider {
  return {
    async findAccessPoints(search) {
      if (search.country !== 'FRA') return [];
      const postalCode = search.postalCode.trim();
      const department = departmentOf(postalCode);
      const nearby = await db
        .select()
        .from(relayPoints)
        .where(
          or(eq(relayPoints.zipCode, postalCode), like(relayPoints.zipCode, `${department}%`)),
        );
      const sameCode = nearby.filter((row) => row.zipCode === postalCode);
      const reference =
        search.position ??
        (sameCode.length > 0 ? centreOf(sameCode) : nearby.length > 0 ? centreOf(nearby) : null);
      if (reference === null) return [];
      return nearby
        .map((row) => ({ row, distance: Math.round(distanceMetres(reference, row)) }))
        .sort((a, b) => a.distance - b.distance || a.row.id.localeCompare(b.row.id))
        .slice(0, search.limit)
        .map(({ row, distance }) => ({
          id: row.id,
          name: row.name,
          addLine1: row.addLine1,
          zipCode: row.zipCode,
          city: row.city,
          country: row.country,
          position: { latitude: row.latitude, longitude: row.longitude },
          icon: row.icon,
          distance,
        }));
    },
  };
}
