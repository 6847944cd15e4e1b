import { and, eq } from 'drizzle-orm';
import type { CarrierGrid, CartonSize, ShippingZone } from '@comptoir/domain/delivery';
import type { Db } from '../client';
import {
  carrierRates,
  carriers,
  companyAddresses,
  pickupCalendars,
  pickupClosures,
  relayPoints,
} from '../schema';
import type { SiteSeed } from './types';

/*
 * Shop II's sample data: site 92's carriers with their price grids (cents, by zone and carton
 * size), its click-and-collect calendar, and the built-in relay provider's points around real
 * French towns (platform data, shared by every site).
 */

interface CarrierSeed {
  name: string;
  serviceCode: string;
  deliveryType: 'DELIVERY' | 'PICKUP';
  description: string;
  grid: CarrierGrid;
}

const site92Carriers: CarrierSeed[] = [
  {
    name: 'Transvin Domicile',
    serviceCode: 'TRANSVIN_HOME',
    deliveryType: 'DELIVERY',
    description: 'Livraison à domicile contre signature en 3 à 5 jours ouvrés.',
    grid: {
      FRANCE_METRO: { 1: 1090, 2: 1390, 3: 1590, 6: 1990, 12: 2890 },
      CORSICA: { 1: 1790, 2: 2190, 3: 2490, 6: 3390, 12: 4790 },
      EUROPE: { 1: 2490, 2: 2990, 3: 3490, 6: 4990, 12: 7490 },
      WORLD: { 1: 4990, 6: 9990, 12: 15990 },
    },
  },
  {
    name: 'Transvin Express 24 h',
    serviceCode: 'TRANSVIN_EXPRESS',
    deliveryType: 'DELIVERY',
    description: 'Livraison express le lendemain avant 13 h (commande passée avant 12 h).',
    grid: {
      FRANCE_METRO: { 1: 1890, 2: 2290, 3: 2590, 6: 3290, 12: 4590 },
      CORSICA: { 1: 2890, 6: 4990, 12: 6990 },
    },
  },
  {
    name: 'Relais Vignes',
    serviceCode: 'RELAIS_VIGNES',
    deliveryType: 'PICKUP',
    description:
      'Retrait en point relais en 3 à 6 jours ouvrés, sur présentation d’une pièce d’identité.',
    grid: {
      FRANCE_METRO: { 1: 690, 2: 890, 3: 990, 6: 1390, 12: 2190 },
      CORSICA: { 1: 990, 2: 1190, 3: 1390, 6: 1890, 12: 2990 },
    },
  },
];

const carriersBySite: Readonly<Record<number, readonly CarrierSeed[]>> = { 92: site92Carriers };

/** The click-and-collect address of each site, by its label, with its slots. */
const pickupBySite: Readonly<
  Record<number, { label: string; slotMinutes: number; slotCapacity: number }>
> = {
  92: { label: 'Domaine des Trois Coteaux', slotMinutes: 30, slotCapacity: 4 },
};

type RelayPointSeed = typeof relayPoints.$inferInsert;

const RELAY_ICON = '/icons/relay-point.svg';

/** Three points per town, a few hundred metres around its centre. */
function townPoints(
  town: string,
  zipCode: string,
  centre: [number, number],
  shops: [string, string][],
): RelayPointSeed[] {
  const offsets: [number, number][] = [
    [0.0021, -0.0034],
    [-0.0046, 0.0018],
    [0.0063, 0.0057],
  ];
  return shops.map(([name, addLine1], index) => ({
    id: `RV-${zipCode}-${index + 1}`,
    network: 'RELAIS_VIGNES',
    name,
    addLine1,
    zipCode,
    city: town,
    country: 'FRA',
    latitude: Number((centre[0] + offsets[index % offsets.length]![0]).toFixed(6)),
    longitude: Number((centre[1] + offsets[index % offsets.length]![1]).toFixed(6)),
    icon: RELAY_ICON,
  }));
}

export const relayPointSeeds: RelayPointSeed[] = [
  ...townPoints(
    'Angers',
    '49000',
    [47.4784, -0.5632],
    [
      ['Tabac Presse du Ralliement', '2 place du Ralliement'],
      ['Librairie des Halles', '14 rue Plantagenêt'],
      ['Pressing Saint-Serge', '31 avenue Montaigne'],
    ],
  ),
  ...townPoints(
    'Saumur',
    '49400',
    [47.26, -0.0769],
    [
      ['Maison de la Presse Saumur', '8 rue Franklin Roosevelt'],
      ['Épicerie du Château', '3 place Saint-Pierre'],
      ['Cordonnerie de la Loire', '22 quai Mayaud'],
    ],
  ),
  ...townPoints(
    'Cholet',
    '49300',
    [47.06, -0.8793],
    [
      ['Bar Tabac Le Travot', '5 place Travot'],
      ['Fleuriste des Mauges', '17 rue Nationale'],
      ['Papeterie du Mail', '40 boulevard Gustave Richard'],
    ],
  ),
  ...townPoints(
    'Bellevigne-en-Layon',
    '49380',
    [47.2663, -0.5031],
    [
      ['Épicerie de Thouarcé', '6 place du Champ de Foire'],
      ['Boulangerie du Layon', '12 rue d’Anjou'],
      ['Tabac Presse de Faye', '1 rue de la Mairie'],
    ],
  ),
  ...townPoints(
    'Nantes',
    '44000',
    [47.2184, -1.5536],
    [
      ['Presse Commerce', '4 passage Pommeraye'],
      ['Tabac du Bouffay', '9 place du Bouffay'],
      ['Librairie Graslin', '2 place Graslin'],
    ],
  ),
  ...townPoints(
    'Tours',
    '37000',
    [47.3941, 0.6848],
    [
      ['Maison de la Presse Plumereau', '11 place Plumereau'],
      ['Tabac de la Gare', '24 boulevard Heurteloup'],
      ['Épicerie des Halles', '7 place Gaston Paillhou'],
    ],
  ),
  ...townPoints(
    'Rennes',
    '35000',
    [48.1173, -1.6778],
    [
      ['Tabac des Lices', '3 place des Lices'],
      ['Relais Sainte-Anne', '15 place Sainte-Anne'],
      ['Pressing Colombier', '8 rue du Puits Mauger'],
    ],
  ),
  ...townPoints(
    'Paris',
    '75011',
    [48.8589, 2.3795],
    [
      ['Tabac Oberkampf', '101 rue Oberkampf'],
      ['Librairie Voltaire', '45 boulevard Voltaire'],
      ['Cave et Presse Roquette', '62 rue de la Roquette'],
    ],
  ),
  ...townPoints(
    'Lyon',
    '69002',
    [45.7597, 4.8291],
    [
      ['Tabac Bellecour', '18 place Bellecour'],
      ['Presse des Jacobins', '6 rue Mercière'],
      ['Épicerie Saint-Nizier', '4 rue de Brest'],
    ],
  ),
  ...townPoints(
    'Bordeaux',
    '33000',
    [44.8378, -0.5792],
    [
      ['Tabac des Quinconces', '2 allées de Tourny'],
      ['Librairie Sainte-Catherine', '80 rue Sainte-Catherine'],
      ['Relais Chartrons', '27 quai des Chartrons'],
    ],
  ),
  ...townPoints(
    'Marseille',
    '13001',
    [43.2965, 5.3698],
    [
      ['Tabac du Vieux-Port', '12 quai du Port'],
      ['Presse Canebière', '55 la Canebière'],
      ['Épicerie Noailles', '9 rue Longue des Capucins'],
    ],
  ),
  ...townPoints(
    'Lille',
    '59000',
    [50.6292, 3.0573],
    [
      ['Tabac Grand Place', '1 place du Général de Gaulle'],
      ['Librairie du Vieux-Lille', '21 rue de la Monnaie'],
      ['Pressing Wazemmes', '36 rue des Sarrazins'],
    ],
  ),
  ...townPoints(
    'Ajaccio',
    '20000',
    [41.9192, 8.7386],
    [
      ['Tabac du Diamant', '4 place du Général de Gaulle'],
      ['Presse Fesch', '28 rue Cardinal Fesch'],
      ['Épicerie du Port', '2 quai Napoléon'],
    ],
  ),
];

/**
 * The delivery sample data, written like the catalogue: into new sites and into an existing site
 * that has none yet (a database created before Shop II), never over an administrator's changes.
 */
export async function insertDelivery(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = (
    await db
      .insert(relayPoints)
      .values(relayPointSeeds)
      .onConflictDoNothing()
      .returning({ id: relayPoints.id })
  ).length;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    const siteCarriers = carriersBySite[siteId];
    if (siteCarriers) {
      const [existing] = await db
        .select({ id: carriers.id })
        .from(carriers)
        .where(eq(carriers.siteId, siteId))
        .limit(1);
      if (!existing) inserted += await insertCarriers(db, siteId, siteCarriers);
    }
    const pickup = pickupBySite[siteId];
    if (pickup) inserted += await insertPickupCalendar(db, siteId, pickup);
  }
  return inserted;
}

async function insertCarriers(
  db: Db,
  siteId: number,
  seeds: readonly CarrierSeed[],
): Promise<number> {
  let inserted = 0;
  for (const [index, seed] of seeds.entries()) {
    const [carrier] = await db
      .insert(carriers)
      .values({
        siteId,
        name: seed.name,
        serviceCode: seed.serviceCode,
        deliveryType: seed.deliveryType,
        description: seed.description,
        position: index + 1,
      })
      .returning({ id: carriers.id });
    const rates = Object.entries(seed.grid).flatMap(([zone, prices]) =>
      Object.entries(prices).map(([size, priceCents]) => ({
        siteId,
        carrierId: carrier!.id,
        zone: zone as ShippingZone,
        cartonSize: Number(size) as CartonSize,
        priceCents,
      })),
    );
    await db.insert(carrierRates).values(rates);
    inserted += 1 + rates.length;
  }
  return inserted;
}

async function insertPickupCalendar(
  db: Db,
  siteId: number,
  pickup: { label: string; slotMinutes: number; slotCapacity: number },
): Promise<number> {
  const [address] = await db
    .select({ id: companyAddresses.id })
    .from(companyAddresses)
    .where(and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.label, pickup.label)));
  if (!address) return 0;
  const created = await db
    .insert(pickupCalendars)
    .values({
      siteId,
      companyAddressId: address.id,
      slotMinutes: pickup.slotMinutes,
      slotCapacity: pickup.slotCapacity,
    })
    .onConflictDoNothing()
    .returning({ id: pickupCalendars.companyAddressId });
  if (created.length === 0) return 0;
  // The end-of-year closure of the year the shop opens online, and of the next one.
  const year = new Date().getUTCFullYear();
  await db.insert(pickupClosures).values(
    [year, year + 1].map((closureYear) => ({
      siteId,
      companyAddressId: address.id,
      startsOn: `${closureYear}-12-24`,
      endsOn: `${closureYear + 1}-01-02`,
      reason: 'Fermeture de fin d’année',
    })),
  );
  return created.length + 2;
}
