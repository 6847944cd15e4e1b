import type {
  CapacityUnit,
  CostType,
  CustomizationInputType,
  CustomizationType,
  ProductSubtype,
  ProductType,
  WineKind,
} from '@comptoir/domain/catalogue';
import { slugify } from '@comptoir/domain/slug';
import type { productFeatureType } from '../schema';

/*
 * The shop of site 92, Domaine des Trois Coteaux (Anjou, coteaux du Layon): the wines, boxes and
 * the cellar-visit ticket it sells, with their vintages, capacities, stocks, awards, technical
 * sheets, food pairings, quantity discounts, recommendations and customizations. Prices are TTC
 * in cents. The images are committed under apps/web/public/sites/92/ and drawn by
 * apps/api/scripts/generate-catalogue-images.ts from this file.
 */

export const CATALOGUE_IMAGE_BASE = '/sites/92/products';

export type FeatureType = (typeof productFeatureType.enumValues)[number];

export interface DeclinationSeed {
  year: number | null;
  capacity: number | null;
  capacityUnit: CapacityUnit | null;
  priceCents: number;
  fixedPriceCents?: number;
  discount?: { type: CostType; amount: number };
  stock: number;
  /** The spec's setQuantity; false for products whose stock is not counted. */
  isStockManaged?: boolean;
  sellByMultipleOf?: number;
  /** Names of values of site 92's variations ('Blanc', 'Fût de chêne'). */
  variations: string[];
}

export interface CustomizationSeed {
  type?: CustomizationType;
  inputType: CustomizationInputType;
  label: string;
  description?: string;
  isRequired?: boolean;
  maxLength?: number;
  /** DYNAMIC_FORM: the title of the form it asks (created with the catalogue). */
  formTitle?: string;
  values: {
    label: string;
    textNumberOfChar?: number;
    selectKey?: string;
    costType: CostType;
    amount: number;
  }[];
}

export interface ProductSeed {
  type: ProductType;
  subtype?: ProductSubtype;
  name: string;
  summary: string;
  description: string;
  kind?: WineKind;
  region?: string;
  appellation?: string;
  alcoholTenths?: number;
  tags: string[];
  isDematerialized?: boolean;
  isPublished?: boolean;
  declinations: DeclinationSeed[];
  awards?: { name: string; distinction: string; year: number; medal: MedalColour }[];
  features?: { type: FeatureType; value: string; percent?: number }[];
  mealIcons?: MealIconName[];
  decreasingDiscounts?: { minQuantity: number; type: CostType; amount: number }[];
  /** Names of the products recommended on this one's page, in order. */
  recommended?: string[];
  customizations?: CustomizationSeed[];
}

export type MedalColour = 'gold' | 'silver' | 'bronze';

export const medalImageUrl = (medal: MedalColour) => `/sites/92/awards/${medal}.svg`;

export const MEAL_ICONS = [
  { name: 'Poissons', file: 'poissons' },
  { name: 'Fruits de mer', file: 'fruits-de-mer' },
  { name: 'Volailles', file: 'volailles' },
  { name: 'Viandes rouges', file: 'viandes-rouges' },
  { name: 'Charcuterie', file: 'charcuterie' },
  { name: 'Fromages', file: 'fromages' },
  { name: 'Desserts', file: 'desserts' },
  { name: 'Cuisine épicée', file: 'cuisine-epicee' },
] as const;
export type MealIconName = (typeof MEAL_ICONS)[number]['name'];
export const mealIconUrl = (file: string) => `/sites/92/meal-icons/${file}.svg`;

export const CUSTOM_LABEL_FORM = {
  title: 'Votre étiquette personnalisée',
  description:
    "Dites-nous pour quelle occasion vous offrez ces bouteilles : nous composons l'étiquette avec votre photo et vous envoyons une épreuve avant la mise en bouteille.",
  submitLabel: 'Valider mon étiquette',
  successMessage: 'Merci, nous vous envoyons une épreuve de votre étiquette sous 48 heures.',
  fields: [
    { key: 'occasion', label: 'Occasion', type: 'TEXT' as const, required: true, maxLength: 60 },
    { key: 'eventDate', label: "Date de l'événement", type: 'DATE' as const, required: false },
    {
      key: 'labelText',
      label: "Texte de l'étiquette",
      type: 'TEXTAREA' as const,
      required: true,
      maxLength: 120,
    },
  ],
};

/** The image of a declination: magnums and half bottles have their own drawing. */
export function declinationImageUrl(product: ProductSeed, declination: DeclinationSeed): string {
  if (product.type !== 'WINE') return productImageUrl(product);
  const slug = slugify(product.name);
  const litres =
    declination.capacity === null
      ? null
      : declination.capacityUnit === 'CENTILITRE'
        ? declination.capacity / 100
        : declination.capacity;
  if (litres !== null && litres >= 1.5) return `${CATALOGUE_IMAGE_BASE}/${slug}-magnum.png`;
  if (litres !== null && litres < 0.75) return `${CATALOGUE_IMAGE_BASE}/${slug}-demi.png`;
  return productImageUrl(product);
}

export function productImageUrl(product: ProductSeed): string {
  return `${CATALOGUE_IMAGE_BASE}/${slugify(product.name)}.png`;
}

const bottle = (
  year: number | null,
  priceCents: number,
  stock: number,
  variations: string[],
  extra: Partial<DeclinationSeed> = {},
): DeclinationSeed => ({
  year,
  capacity: 75,
  capacityUnit: 'CENTILITRE',
  priceCents,
  stock,
  variations,
  ...extra,
});
const half = (
  year: number | null,
  priceCents: number,
  stock: number,
  variations: string[],
): DeclinationSeed => ({
  year,
  capacity: 37.5,
  capacityUnit: 'CENTILITRE',
  priceCents,
  stock,
  variations,
});
const magnum = (
  year: number | null,
  priceCents: number,
  stock: number,
  variations: string[],
): DeclinationSeed => ({
  year,
  capacity: 1.5,
  capacityUnit: 'LITER',
  priceCents,
  stock,
  variations,
});

const WHITE = ['Blanc', 'Cuve'];
const WHITE_OAK = ['Blanc', 'Fût de chêne'];
const RED = ['Rouge', 'Cuve'];
const RED_OAK = ['Rouge', 'Fût de chêne'];
const ROSE = ['Rosé', 'Cuve'];

const SERVE = (range: string) => ({ type: 'SERVING_TEMPERATURE' as const, value: range });
const AGEING = (text: string) => ({ type: 'AGEING' as const, value: text });
const KEEP = (text: string) => ({ type: 'KEEPING' as const, value: text });
const SOIL = (text: string) => ({ type: 'SOIL' as const, value: text });
const GRAPE = (value: string, percent?: number) => ({
  type: 'GRAPE_VARIETY' as const,
  value,
  ...(percent === undefined ? {} : { percent }),
});
const TASTING = (text: string) => ({ type: 'TASTING' as const, value: text });

const giftWrap: CustomizationSeed = {
  inputType: 'CHECKBOX',
  label: 'Emballage cadeau',
  description: 'Papier kraft, ruban bordeaux et carte manuscrite glissée sous le ruban.',
  values: [{ label: 'Emballage cadeau', costType: 'EURO', amount: 350 }],
};

export const site92Catalogue: ProductSeed[] = [
  // ——— Blancs secs ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Blanc Les Schistes',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 125,
    tags: ['coup-de-coeur', 'bio'],
    summary:
      'Un chenin sec et ciselé, né sur les schistes bleus du Layon : agrumes, poire fraîche et une finale saline.',
    description:
      '<p>Nos plus jeunes parcelles de chenin, sur les schistes bleus qui dominent le Layon. Vendangé à la main en deux tries, pressé doucement, fermenté avec ses levures indigènes.</p><p>Au nez, le citron confit et la poire ; en bouche, une acidité tendue et une finale saline qui appelle la table.</p>',
    declinations: [
      bottle(2023, 1250, 84, WHITE),
      bottle(2022, 1350, 12, WHITE),
      magnum(2022, 2900, 6, WHITE),
    ],
    awards: [
      {
        name: 'Concours Général Agricole de Paris',
        distinction: 'Médaille d’or',
        year: 2024,
        medal: 'gold',
      },
    ],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('8 mois sur lies fines en cuve inox'),
      SERVE('10 à 12 °C'),
      KEEP('3 à 6 ans'),
      SOIL('Schistes bleus'),
      TASTING('Citron confit, poire, finale saline'),
    ],
    mealIcons: ['Poissons', 'Fruits de mer', 'Fromages'],
    decreasingDiscounts: [
      { minQuantity: 6, type: 'PERCENT', amount: 500 },
      { minQuantity: 12, type: 'PERCENT', amount: 1000 },
    ],
    recommended: [
      'Savennières Clos des Genêts',
      'Crémant de Loire Brut',
      'Coteaux du Layon Tradition',
    ],
    customizations: [giftWrap],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Blanc Vieilles Vignes',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 130,
    tags: ['garde'],
    summary:
      'Le chenin de nos vignes de soixante ans, élevé douze mois en fûts : miel d’acacia, coing et noisette grillée.',
    description:
      '<p>Des ceps plantés par le grand-père en 1962, aux rendements naturellement faibles. La cuvée fermente et s’élève douze mois en fûts de 400 litres dont un quart neufs.</p><p>Un vin ample, au boisé fondu, qui gagne à être carafé une heure avant le service.</p>',
    declinations: [bottle(2022, 1890, 40, WHITE_OAK), bottle(2021, 1990, 18, WHITE_OAK)],
    awards: [
      { name: 'Guide Hachette des Vins', distinction: 'Une étoile', year: 2024, medal: 'silver' },
    ],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('12 mois en fûts de chêne de 400 litres'),
      SERVE('12 à 14 °C'),
      KEEP('8 à 12 ans'),
      SOIL('Schistes et grès'),
    ],
    mealIcons: ['Volailles', 'Poissons'],
    recommended: ['Anjou Blanc Les Schistes', 'Savennières Clos des Genêts'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Savennières Clos des Genêts',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Savennières',
    alcoholTenths: 135,
    tags: ['garde', 'bio'],
    summary:
      'Notre parcelle de la rive droite de la Loire : un chenin sec, minéral et profond, taillé pour la garde.',
    description:
      '<p>Un hectare et demi sur les rhyolites de Savennières, face à la Loire. Vendanges en trois tries successives, élevage de quinze mois en demi-muids.</p><p>Fermé dans sa jeunesse, il s’ouvre sur la cire d’abeille, la camomille et l’amande après quelques années.</p>',
    declinations: [bottle(2021, 2400, 30, WHITE_OAK), bottle(2020, 2600, 4, WHITE_OAK)],
    awards: [
      {
        name: 'Concours des Ligers',
        distinction: 'Médaille d’argent',
        year: 2023,
        medal: 'silver',
      },
    ],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('15 mois en demi-muids'),
      SERVE('12 à 14 °C'),
      KEEP('10 à 20 ans'),
      SOIL('Rhyolites et schistes'),
    ],
    mealIcons: ['Poissons', 'Volailles', 'Fromages'],
    recommended: ['Anjou Blanc Vieilles Vignes', 'Quarts de Chaume Grand Cru'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Chenin Jeunes Vignes',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Vin de France',
    alcoholTenths: 120,
    tags: ['petit-prix', 'apéritif'],
    summary: 'Un chenin croquant et désaltérant, pour l’apéritif et les soirs d’été.',
    description:
      '<p>Les jeunes vignes du domaine, vinifiées en cuve pour garder tout le fruit : pomme verte, fleurs blanches et une bouche vive.</p>',
    declinations: [bottle(2024, 850, 150, WHITE), bottle(2023, 850, 20, WHITE)],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('6 mois en cuve'),
      SERVE('8 à 10 °C'),
      KEEP('1 à 3 ans'),
    ],
    mealIcons: ['Fruits de mer', 'Cuisine épicée'],
    decreasingDiscounts: [{ minQuantity: 6, type: 'EURO', amount: 50 }],
    recommended: ['Rosé de Loire', 'Anjou Blanc Les Schistes'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Blanc Terres Noires',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 130,
    tags: ['garde'],
    summary:
      'Une sélection parcellaire sur les schistes carbonifères : tension, fumée et zeste d’orange amère.',
    description:
      '<p>Une seule parcelle de schistes noirs, vendangée en une journée et élevée dix mois en foudre. Le millésime 2022 est épuisé ; le 2023 arrive au printemps.</p>',
    declinations: [bottle(2022, 2200, 0, WHITE_OAK)],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('10 mois en foudre'),
      SERVE('12 °C'),
      SOIL('Schistes carbonifères'),
    ],
    mealIcons: ['Poissons', 'Volailles'],
  },
  // ——— Moelleux et liquoreux ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Coteaux du Layon Tradition',
    kind: 'SWEET',
    region: 'Val de Loire',
    appellation: 'Coteaux du Layon',
    alcoholTenths: 125,
    tags: ['coup-de-coeur'],
    summary:
      'Le moelleux du Layon par excellence : abricot sec, miel et une fraîcheur qui donne envie d’y revenir.',
    description:
      '<p>Des raisins passerillés et touchés par le botrytis, cueillis par tries successives en octobre. Quatre-vingts grammes de sucres résiduels, portés par l’acidité du chenin.</p><p>À l’apéritif, sur un foie gras ou un dessert aux fruits jaunes.</p>',
    declinations: [
      bottle(2022, 1490, 60, WHITE),
      half(2022, 890, 48, WHITE),
      bottle(2018, 1890, 9, WHITE),
    ],
    awards: [
      {
        name: 'Concours Général Agricole de Paris',
        distinction: 'Médaille d’argent',
        year: 2023,
        medal: 'silver',
      },
      { name: 'Concours des Ligers', distinction: 'Médaille d’or', year: 2023, medal: 'gold' },
    ],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('12 mois en cuve puis 6 mois en bouteille'),
      SERVE('8 à 10 °C'),
      KEEP('10 à 15 ans'),
      TASTING('Abricot sec, miel, coing'),
    ],
    mealIcons: ['Desserts', 'Fromages', 'Cuisine épicée'],
    decreasingDiscounts: [{ minQuantity: 6, type: 'PERCENT', amount: 800 }],
    recommended: [
      'Quarts de Chaume Grand Cru',
      'Bonnezeaux Sélection de Grains Nobles',
      'Coffret Découverte du Layon',
    ],
    customizations: [
      {
        inputType: 'SELECT',
        label: 'Présentation',
        description: 'Choisissez l’écrin de votre bouteille.',
        isRequired: true,
        values: [
          { label: 'Étui carton', selectKey: 'ETUI_CARTON', costType: 'NONE', amount: 0 },
          { label: 'Coffret bois', selectKey: 'COFFRET_BOIS', costType: 'EURO', amount: 650 },
          {
            label: 'Coffret bois gravé au nom du domaine',
            selectKey: 'COFFRET_GRAVE',
            costType: 'PERCENT',
            amount: 2500,
          },
        ],
      },
      giftWrap,
    ],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Coteaux du Layon Rochefort Les Grands Clos',
    kind: 'SWEET',
    region: 'Val de Loire',
    appellation: 'Coteaux du Layon Rochefort',
    alcoholTenths: 130,
    tags: ['garde'],
    summary: 'Un liquoreux de coteau, riche et salin, sur les pentes les plus raides de Rochefort.',
    description:
      '<p>Nos vignes de Rochefort-sur-Loire, exposées plein sud, donnent des raisins confits d’une grande concentration. Élevage d’un an en barriques.</p>',
    declinations: [bottle(2020, 2450, 22, WHITE_OAK), half(2020, 1390, 14, WHITE_OAK)],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('12 mois en barriques'),
      SERVE('8 à 10 °C'),
      KEEP('15 à 25 ans'),
    ],
    mealIcons: ['Desserts', 'Fromages'],
    recommended: ['Coteaux du Layon Tradition', 'Quarts de Chaume Grand Cru'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Quarts de Chaume Grand Cru',
    kind: 'SWEET',
    region: 'Val de Loire',
    appellation: 'Quarts de Chaume Grand Cru',
    alcoholTenths: 125,
    tags: ['garde', 'cadeau'],
    summary:
      'Le seul grand cru de Loire : un liquoreux d’exception, produit en quelques centaines de bouteilles.',
    description:
      '<p>Quarante ares sur le plateau de Chaume, vendangés grain par grain. Une liqueur de fruits confits, de safran et d’écorce d’orange, d’une longueur rare.</p>',
    declinations: [half(2019, 2900, 3, WHITE_OAK), bottle(2019, 5200, 5, WHITE_OAK)],
    awards: [
      {
        name: 'Decanter World Wine Awards',
        distinction: 'Médaille d’or',
        year: 2022,
        medal: 'gold',
      },
    ],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('18 mois en barriques'),
      SERVE('8 °C'),
      KEEP('20 à 40 ans'),
      SOIL('Schistes et grès du plateau de Chaume'),
    ],
    mealIcons: ['Desserts', 'Fromages'],
    recommended: [
      'Bonnezeaux Sélection de Grains Nobles',
      'Coteaux du Layon Rochefort Les Grands Clos',
    ],
    customizations: [giftWrap],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Bonnezeaux Sélection de Grains Nobles',
    kind: 'SWEET',
    region: 'Val de Loire',
    appellation: 'Bonnezeaux',
    alcoholTenths: 120,
    tags: ['garde'],
    summary: 'Une sélection de grains botrytisés : mangue, miel de fleurs et une pointe d’agrumes.',
    description:
      '<p>Les meilleurs grains, triés au sécateur sur nos coteaux de Bonnezeaux, pour un vin d’une grande douceur tenue par une belle acidité.</p>',
    declinations: [bottle(2020, 3600, 15, WHITE_OAK), half(2020, 1900, 20, WHITE_OAK)],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('18 mois en barriques'),
      SERVE('8 °C'),
      KEEP('20 ans et plus'),
    ],
    mealIcons: ['Desserts'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Coteaux de l’Aubance Les Pierres Blanches',
    kind: 'SWEET',
    region: 'Val de Loire',
    appellation: 'Coteaux de l’Aubance',
    alcoholTenths: 125,
    tags: ['petit-prix'],
    summary: 'Un moelleux léger et délicat, tout en fruits blancs, à servir bien frais.',
    description:
      '<p>Sur la rive gauche de la Loire, l’Aubance donne des moelleux plus aériens que le Layon. Idéal pour découvrir les vins doux de l’Anjou.</p>',
    declinations: [bottle(2023, 1190, 45, WHITE)],
    features: [
      GRAPE('Chenin blanc', 100),
      AGEING('10 mois en cuve'),
      SERVE('8 à 10 °C'),
      KEEP('5 à 10 ans'),
    ],
    mealIcons: ['Desserts', 'Cuisine épicée'],
  },
  // ——— Rouges ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Rouge Les Trois Coteaux',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 130,
    tags: ['coup-de-coeur', 'petit-prix'],
    summary:
      'Le rouge de tous les jours du domaine : cabernet franc gourmand, cerise et poivron grillé.',
    description:
      '<p>Du cabernet franc égrappé, cuvé trois semaines et élevé en cuve pour garder la fraîcheur du fruit. Un vin de copains et de table.</p>',
    declinations: [
      bottle(2023, 980, 200, RED),
      bottle(2022, 980, 36, RED),
      half(2023, 590, 60, RED),
      magnum(2022, 2200, 10, RED),
    ],
    features: [
      GRAPE('Cabernet franc', 90),
      GRAPE('Cabernet sauvignon', 10),
      AGEING('10 mois en cuve'),
      SERVE('15 à 16 °C'),
      KEEP('3 à 5 ans'),
    ],
    mealIcons: ['Viandes rouges', 'Charcuterie', 'Volailles'],
    decreasingDiscounts: [
      { minQuantity: 12, type: 'PERCENT', amount: 500 },
      { minQuantity: 24, type: 'PERCENT', amount: 1000 },
    ],
    recommended: ['Anjou Villages Clos des Mailles', 'Grolleau Noir', 'Rosé d’Anjou'],
    customizations: [
      {
        inputType: 'TEXT',
        label: 'Gravure sur la bouteille',
        description: 'Un prénom, une date, un message : gravé à la main sur le verre.',
        maxLength: 40,
        values: [
          { label: 'Jusqu’à 9 caractères', textNumberOfChar: 1, costType: 'NONE', amount: 0 },
          { label: 'De 10 à 19 caractères', textNumberOfChar: 10, costType: 'EURO', amount: 500 },
          { label: 'De 20 à 29 caractères', textNumberOfChar: 20, costType: 'EURO', amount: 800 },
          { label: '30 caractères et plus', textNumberOfChar: 30, costType: 'EURO', amount: 1200 },
        ],
      },
      giftWrap,
    ],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Villages Clos des Mailles',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou Villages',
    alcoholTenths: 135,
    tags: ['garde'],
    summary:
      'Un rouge de garde, dense et soyeux : cassis, violette et des tanins fins polis par l’élevage.',
    description:
      '<p>Notre clos ceint de murets de schiste, où le cabernet mûrit tôt. Quatorze mois en barriques de plusieurs vins.</p>',
    declinations: [
      bottle(2021, 1550, 48, RED_OAK),
      bottle(2020, 1650, 7, RED_OAK),
      magnum(2020, 3500, 4, RED_OAK),
    ],
    awards: [
      {
        name: 'Concours des Ligers',
        distinction: 'Médaille de bronze',
        year: 2023,
        medal: 'bronze',
      },
    ],
    features: [
      GRAPE('Cabernet franc', 70),
      GRAPE('Cabernet sauvignon', 30),
      AGEING('14 mois en barriques'),
      SERVE('16 à 17 °C'),
      KEEP('8 à 12 ans'),
      SOIL('Schistes'),
    ],
    mealIcons: ['Viandes rouges', 'Fromages'],
    recommended: ['Anjou Villages Brissac La Butte', 'Anjou Rouge Les Trois Coteaux'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Villages Brissac La Butte',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou Villages Brissac',
    alcoholTenths: 135,
    tags: ['garde', 'bio'],
    summary:
      'Le cru de Brissac : un cabernet sauvignon puissant, aux notes de mûre et de réglisse.',
    description:
      '<p>Sur la butte de Brissac, les graves et les schistes donnent des rouges structurés qui demandent quelques années de cave.</p>',
    declinations: [bottle(2020, 1790, 26, RED_OAK)],
    features: [
      GRAPE('Cabernet sauvignon', 60),
      GRAPE('Cabernet franc', 40),
      AGEING('16 mois en fûts'),
      SERVE('17 °C'),
      KEEP('10 à 15 ans'),
    ],
    mealIcons: ['Viandes rouges'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Grolleau Noir',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Vin de France',
    alcoholTenths: 115,
    tags: ['apéritif', 'nouveauté'],
    summary:
      'Un rouge léger, à boire frais : fraise des bois, poivre blanc et une bouche gouleyante.',
    description:
      '<p>Le grolleau, cépage historique de l’Anjou, vinifié en grappes entières et sans sulfites ajoutés.</p>',
    declinations: [bottle(2024, 1050, 72, RED)],
    features: [
      GRAPE('Grolleau noir', 100),
      AGEING('5 mois en cuve'),
      SERVE('13 à 14 °C'),
      KEEP('1 à 3 ans'),
    ],
    mealIcons: ['Charcuterie', 'Cuisine épicée'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Pineau d’Aunis Poivre Gris',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Vin de France',
    alcoholTenths: 120,
    tags: ['nouveauté'],
    summary: 'Un pineau d’Aunis au nez de poivre et de framboise, rare et surprenant.',
    description:
      '<p>Quelques rangs de pineau d’Aunis plantés en 2015, vinifiés en petite cuve : un rouge pâle et épicé.</p>',
    declinations: [bottle(2023, 1390, 2, RED)],
    features: [GRAPE('Pineau d’Aunis', 100), AGEING('8 mois en cuve'), SERVE('14 °C')],
    mealIcons: ['Volailles', 'Cuisine épicée'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Gamay Primeur',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou Gamay',
    alcoholTenths: 120,
    tags: ['petit-prix', 'apéritif'],
    summary: 'Le gamay de l’année, mis en bouteille en novembre : fruité, frais et sans façon.',
    description:
      '<p>Macération carbonique et mise précoce pour un vin de fête aux arômes de fruits rouges.</p>',
    declinations: [bottle(2025, 790, 120, RED, { discount: { type: 'EURO', amount: 100 } })],
    features: [
      GRAPE('Gamay', 100),
      AGEING('2 mois en cuve'),
      SERVE('13 °C'),
      KEEP('À boire dans l’année'),
    ],
    mealIcons: ['Charcuterie'],
  },
  // ——— Rosés ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Rosé d’Anjou',
    kind: 'ROSE',
    region: 'Val de Loire',
    appellation: 'Rosé d’Anjou',
    alcoholTenths: 110,
    tags: ['petit-prix', 'apéritif'],
    summary: 'Un rosé tendre et fruité, bonbon anglais et groseille, pour les beaux jours.',
    description:
      '<p>Grolleau et gamay pressés directement, fermentation arrêtée pour garder une pointe de douceur.</p>',
    declinations: [bottle(2024, 720, 180, ROSE), magnum(2024, 1650, 12, ROSE)],
    features: [GRAPE('Grolleau', 70), GRAPE('Gamay', 30), AGEING('4 mois en cuve'), SERVE('8 °C')],
    mealIcons: ['Cuisine épicée', 'Charcuterie'],
    decreasingDiscounts: [{ minQuantity: 6, type: 'EURO', amount: 50 }],
    recommended: ['Cabernet d’Anjou', 'Rosé de Loire'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Cabernet d’Anjou',
    kind: 'ROSE',
    region: 'Val de Loire',
    appellation: 'Cabernet d’Anjou',
    alcoholTenths: 115,
    tags: ['apéritif'],
    summary: 'Le rosé demi-sec de l’Anjou : fraise, framboise et une douceur gourmande.',
    description:
      '<p>Cabernet franc et cabernet sauvignon, une courte macération pour la couleur et le fruit.</p>',
    declinations: [bottle(2024, 790, 140, ROSE)],
    awards: [
      {
        name: 'Concours Général Agricole de Paris',
        distinction: 'Médaille de bronze',
        year: 2025,
        medal: 'bronze',
      },
    ],
    features: [
      GRAPE('Cabernet franc', 80),
      GRAPE('Cabernet sauvignon', 20),
      SERVE('8 °C'),
      KEEP('1 à 2 ans'),
    ],
    mealIcons: ['Cuisine épicée', 'Desserts'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Rosé de Loire',
    kind: 'ROSE',
    region: 'Val de Loire',
    appellation: 'Rosé de Loire',
    alcoholTenths: 120,
    tags: ['apéritif'],
    summary: 'Un rosé sec, pâle et ciselé : pamplemousse rose et pêche de vigne.',
    description:
      '<p>Assemblage de cabernets et de grolleau, pressurage direct et élevage sur lies fines.</p>',
    declinations: [bottle(2024, 890, 95, ROSE)],
    features: [GRAPE('Cabernet franc', 50), GRAPE('Grolleau', 50), SERVE('8 à 10 °C')],
    mealIcons: ['Poissons', 'Fruits de mer'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Gris de Grolleau',
    kind: 'ROSE',
    region: 'Val de Loire',
    appellation: 'Vin de France',
    alcoholTenths: 110,
    tags: ['nouveauté'],
    summary: 'Un rosé très pâle de grolleau gris, salin et désaltérant.',
    description:
      '<p>Une curiosité du domaine : le grolleau gris, pressé doucement, donne un vin presque blanc.</p>',
    declinations: [bottle(2024, 950, 3, ROSE)],
    features: [GRAPE('Grolleau gris', 100), SERVE('8 °C')],
    mealIcons: ['Fruits de mer'],
  },
  // ——— Effervescents ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Crémant de Loire Brut',
    kind: 'SPARKLING',
    region: 'Val de Loire',
    appellation: 'Crémant de Loire',
    alcoholTenths: 125,
    tags: ['apéritif', 'cadeau'],
    summary:
      'Des bulles fines de chenin et de chardonnay, dix-huit mois sur lattes : brioche et pomme.',
    description:
      '<p>Méthode traditionnelle, prise de mousse en bouteille et dix-huit mois de vieillissement sur lattes dans nos caves de tuffeau.</p>',
    declinations: [bottle(null, 1350, 110, WHITE), magnum(null, 2900, 15, WHITE)],
    awards: [
      {
        name: 'Concours des Crémants de France',
        distinction: 'Médaille d’or',
        year: 2024,
        medal: 'gold',
      },
    ],
    features: [
      GRAPE('Chenin blanc', 70),
      GRAPE('Chardonnay', 30),
      AGEING('18 mois sur lattes'),
      SERVE('6 à 8 °C'),
    ],
    mealIcons: ['Fruits de mer', 'Desserts'],
    recommended: ['Crémant de Loire Rosé', 'Bulles de Schiste'],
    customizations: [
      {
        inputType: 'TEXT',
        label: 'Gravure sur le magnum',
        description: 'Votre message gravé et doré à la feuille sur la bouteille.',
        maxLength: 30,
        values: [
          { label: 'De 1 à 14 caractères', textNumberOfChar: 1, costType: 'EURO', amount: 900 },
          { label: '15 caractères et plus', textNumberOfChar: 15, costType: 'EURO', amount: 1400 },
        ],
      },
      giftWrap,
    ],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Crémant de Loire Rosé',
    kind: 'SPARKLING',
    region: 'Val de Loire',
    appellation: 'Crémant de Loire',
    alcoholTenths: 125,
    tags: ['apéritif', 'cadeau'],
    summary: 'Un crémant rosé de cabernet franc, framboise et agrumes, pour trinquer.',
    description:
      '<p>Cabernet franc et grolleau en méthode traditionnelle, quinze mois sur lattes.</p>',
    declinations: [bottle(null, 1450, 70, ROSE)],
    features: [
      GRAPE('Cabernet franc', 80),
      GRAPE('Grolleau', 20),
      AGEING('15 mois sur lattes'),
      SERVE('6 à 8 °C'),
    ],
    mealIcons: ['Desserts'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Crémant de Loire Extra Brut Millésimé',
    kind: 'SPARKLING',
    region: 'Val de Loire',
    appellation: 'Crémant de Loire',
    alcoholTenths: 125,
    tags: ['garde', 'cadeau'],
    summary:
      'Trente-six mois sur lattes, très peu dosé : une bulle de gastronomie, tendue et crayeuse.',
    description: '<p>Un millésime exceptionnel, tiré en 2020 et dégorgé au fil des commandes.</p>',
    declinations: [bottle(2020, 2300, 24, WHITE)],
    features: [GRAPE('Chenin blanc', 100), AGEING('36 mois sur lattes'), SERVE('8 °C')],
    mealIcons: ['Poissons', 'Fruits de mer'],
  },
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Bulles de Schiste',
    kind: 'SPARKLING',
    region: 'Val de Loire',
    appellation: 'Vin de France',
    alcoholTenths: 115,
    tags: ['nouveauté', 'bio'],
    summary: 'Un pétillant naturel de chenin, trouble et joyeux, sans sulfites ajoutés.',
    description:
      '<p>Mis en bouteille en fin de fermentation, la bulle naît naturellement en bouteille.</p>',
    declinations: [bottle(2024, 1400, 1, WHITE)],
    features: [GRAPE('Chenin blanc', 100), SERVE('6 °C')],
    mealIcons: ['Charcuterie'],
  },
  // ——— Cuvée à étiquette personnalisée ———
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Cuvée Votre Étiquette',
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 130,
    tags: ['cadeau'],
    summary:
      'Notre Anjou rouge habillé de votre photo : une étiquette unique pour un mariage, un anniversaire ou vos clients.',
    description:
      '<p>Envoyez-nous une photo ou un logo, dites-nous l’occasion : nous composons l’étiquette, vous validez l’épreuve, nous habillons vos bouteilles. Vendue par six.</p>',
    declinations: [bottle(2023, 1290, 300, RED, { sellByMultipleOf: 6 })],
    features: [GRAPE('Cabernet franc', 100), SERVE('15 à 16 °C')],
    mealIcons: ['Viandes rouges', 'Charcuterie'],
    customizations: [
      {
        type: 'DYNAMIC_FORM',
        inputType: 'FILE',
        label: 'Votre photo ou votre logo',
        description: 'Une image JPEG, PNG ou WebP de bonne qualité (5 Mo au plus).',
        isRequired: true,
        formTitle: CUSTOM_LABEL_FORM.title,
        values: [{ label: 'Création de l’étiquette', costType: 'PERCENT', amount: 1500 }],
      },
      {
        inputType: 'SELECT',
        label: 'Finition de l’étiquette',
        isRequired: true,
        values: [
          { label: 'Papier mat', selectKey: 'MAT', costType: 'NONE', amount: 0 },
          { label: 'Papier vergé', selectKey: 'VERGE', costType: 'EURO', amount: 60 },
          { label: 'Dorure à chaud', selectKey: 'DORURE', costType: 'EURO', amount: 150 },
        ],
      },
    ],
  },
  // ——— Coffrets et cartons ———
  // Each is bought one at a time; its capacity is the whole box's, which names its format
  // (« Carton de 6 bouteilles ») and counts its bottles for delivery (decision 0085).
  {
    type: 'BOX',
    name: 'Coffret Découverte du Layon',
    tags: ['cadeau'],
    summary:
      'Trois bouteilles pour découvrir le domaine : Anjou blanc, Anjou rouge et Coteaux du Layon.',
    description:
      '<p>Un coffret en carton recyclé avec une bouteille d’Anjou Blanc Les Schistes, d’Anjou Rouge Les Trois Coteaux et de Coteaux du Layon Tradition, accompagné de nos fiches de dégustation.</p>',
    declinations: [
      {
        year: null,
        capacity: 2.25,
        capacityUnit: 'LITER',
        priceCents: 3500,
        fixedPriceCents: 3300,
        stock: 36,
        variations: [],
      },
    ],
    recommended: ['Caisse Bois Prestige', 'Anjou Blanc Les Schistes'],
    customizations: [giftWrap],
  },
  {
    type: 'BOX',
    name: 'Carton Panaché Rouge et Rosé',
    tags: ['petit-prix'],
    summary:
      'Six bouteilles pour l’été : trois Anjou Rouge, deux Rosé d’Anjou et un Cabernet d’Anjou.',
    description:
      '<p>Le carton que nos clients commandent pour les barbecues et les tablées d’amis.</p>',
    declinations: [
      {
        year: null,
        capacity: 4.5,
        capacityUnit: 'LITER',
        priceCents: 5200,
        stock: 60,
        variations: [],
      },
    ],
  },
  {
    type: 'BOX',
    name: 'Caisse Bois Prestige',
    tags: ['cadeau', 'garde'],
    summary:
      'Une caisse bois de six grands vins : Savennières, Anjou Villages et Quarts de Chaume.',
    description:
      '<p>Deux Savennières Clos des Genêts, deux Anjou Villages Clos des Mailles, une bouteille de Coteaux du Layon Rochefort et une de Quarts de Chaume Grand Cru, en caisse bois marquée au fer.</p>',
    declinations: [
      {
        year: null,
        capacity: 4.5,
        capacityUnit: 'LITER',
        priceCents: 16500,
        stock: 4,
        variations: [],
      },
    ],
    customizations: [
      {
        inputType: 'TEXT',
        label: 'Message gravé sur le couvercle',
        maxLength: 60,
        values: [
          { label: 'Jusqu’à 19 caractères', textNumberOfChar: 1, costType: 'EURO', amount: 1000 },
          { label: '20 caractères et plus', textNumberOfChar: 20, costType: 'EURO', amount: 1500 },
        ],
      },
    ],
  },
  // ——— Billetterie ———
  {
    type: 'OTHER',
    name: 'Visite de cave et dégustation commentée',
    tags: ['visite', 'cadeau'],
    isDematerialized: true,
    summary:
      'Une heure et demie dans nos caves de tuffeau avec le vigneron, puis la dégustation de six vins du domaine.',
    description:
      '<p>Le billet est envoyé par e-mail ; présentez-le au caveau le jour de votre choix, du mardi au samedi à 10 h 30 ou 15 h, sur réservation par téléphone. Valable un an.</p>',
    declinations: [
      {
        year: null,
        capacity: null,
        capacityUnit: null,
        priceCents: 1500,
        fixedPriceCents: 1500,
        stock: 40,
        variations: [],
      },
    ],
    recommended: ['Coffret Découverte du Layon'],
  },
  // A draft the shop does not show yet.
  {
    type: 'WINE',
    subtype: 'BOTTLE',
    name: 'Anjou Blanc Les Schistes 2024',
    kind: 'WHITE',
    region: 'Val de Loire',
    appellation: 'Anjou',
    tags: [],
    isPublished: false,
    summary: 'Le millésime 2024, en cours d’élevage.',
    description: '<p>Mise en bouteille prévue au printemps.</p>',
    declinations: [bottle(2024, 1290, 0, WHITE)],
  },
];
