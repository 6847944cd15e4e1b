import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { pageBlockSchema, type PageBlock } from '@comptoir/contract/page-blocks';
import type { Db } from '../client';
import { albums, blogFolders, elementLists, forms, pages, services } from '../schema';
import type { SiteSeed } from './types';

/*
 * The content of the sample sites' pages: the blocks of the page builder, written on the pages
 * the site seed created. Blocks that show another feature's data name it by its natural key (an
 * album's slug, a form's title, a blog folder's slug, a service tag, an element list's route);
 * the seed resolves each to the row the other seeds wrote, and leaves the block out when there is
 * none, rather than storing an id that leads nowhere. It therefore runs after every other seed.
 */

type BlockInput = z.input<typeof pageBlockSchema>;
type Referenced = 'gallery' | 'form' | 'blogFeed';

/** A block as the seed writes it: the blocks that point at other rows name them by natural key. */
export type SeedBlock =
  | Exclude<BlockInput, { type: Referenced }>
  | { type: 'gallery'; title?: string; albumSlug: string }
  | { type: 'form'; title?: string; formTitle: string }
  | { type: 'blogFeed'; title?: string; folderSlug: string | null; nbItem?: number };

/** What the other seeds wrote for one site, by natural key. */
export interface SiteReferences {
  albumIds: ReadonlyMap<string, number>;
  formIds: ReadonlyMap<string, number>;
  blogFolderIds: ReadonlyMap<string, number>;
  /** Tags carried by at least one published service. */
  serviceTags: ReadonlySet<string>;
  elementListRoutes: ReadonlySet<string>;
}

/**
 * The stored blocks of one page: references replaced by ids, blocks whose target does not exist
 * left out, each checked against the contract (a sample block that does not match is a bug).
 */
export function resolveSeedBlocks(
  blocks: readonly SeedBlock[],
  references: SiteReferences,
): PageBlock[] {
  return blocks.flatMap((block): PageBlock[] => {
    const resolved = resolveBlock(block, references);
    return resolved ? [pageBlockSchema.parse(resolved)] : [];
  });
}

function resolveBlock(block: SeedBlock, references: SiteReferences): BlockInput | null {
  switch (block.type) {
    case 'gallery': {
      const albumId = references.albumIds.get(block.albumSlug);
      return albumId === undefined ? null : { type: 'gallery', title: block.title, albumId };
    }
    case 'form': {
      const formId = references.formIds.get(block.formTitle);
      return formId === undefined ? null : { type: 'form', title: block.title, formId };
    }
    case 'blogFeed': {
      if (block.folderSlug === null) {
        return { type: 'blogFeed', title: block.title, folderId: null, nbItem: block.nbItem };
      }
      const folderId = references.blogFolderIds.get(block.folderSlug);
      return folderId === undefined
        ? null
        : { type: 'blogFeed', title: block.title, folderId, nbItem: block.nbItem };
    }
    case 'services': {
      // A list of services that no service carries would stand empty on the page.
      const tags = block.tags ?? [];
      return tags.length === 0 || tags.some((tag) => references.serviceTags.has(tag))
        ? block
        : null;
    }
    case 'elementList':
      return references.elementListRoutes.has(block.route) ? block : null;
    default:
      return block;
  }
}

/** Writes the blocks of the created sample sites' pages; returns the number of pages written. */
export async function insertPageContent(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let written = 0;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    const content = samplePageContent[siteId];
    if (!content) continue;
    const references = await loadReferences(db, siteId);
    for (const [url, blocks] of Object.entries(content)) {
      written += (
        await db
          .update(pages)
          .set({ blocks: resolveSeedBlocks(blocks, references) })
          .where(and(eq(pages.siteId, siteId), eq(pages.url, url)))
          .returning({ id: pages.id })
      ).length;
    }
  }
  return written;
}

async function loadReferences(db: Db, siteId: number): Promise<SiteReferences> {
  // One after the other: inside the seed's transaction they share one connection.
  const albumRows = await db
    .select({ id: albums.id, slug: albums.slug })
    .from(albums)
    .where(eq(albums.siteId, siteId));
  const formRows = await db
    .select({ id: forms.id, title: forms.title })
    .from(forms)
    .where(eq(forms.siteId, siteId))
    .orderBy(forms.id);
  const folderRows = await db
    .select({ id: blogFolders.id, slug: blogFolders.slug })
    .from(blogFolders)
    .where(eq(blogFolders.siteId, siteId));
  const serviceRows = await db
    .select({ tags: services.tags })
    .from(services)
    .where(and(eq(services.siteId, siteId), eq(services.isPublished, true)));
  const listRows = await db
    .select({ route: elementLists.route })
    .from(elementLists)
    .where(eq(elementLists.siteId, siteId));
  const formIds = new Map<string, number>();
  // Two forms with one title: the first one created is the one the content means.
  for (const row of formRows) if (!formIds.has(row.title)) formIds.set(row.title, row.id);
  return {
    albumIds: new Map(albumRows.map((row) => [row.slug, row.id])),
    formIds,
    blogFolderIds: new Map(folderRows.map((row) => [row.slug, row.id])),
    serviceTags: new Set(serviceRows.flatMap((row) => row.tags)),
    elementListRoutes: new Set(listRows.map((row) => row.route)),
  };
}

const CONTACT_URL = '/nous-contacter';
const SALON_PHONE = '02 51 64 23 18';
const SALON_MAP_EMBED =
  '<iframe src="https://www.google.com/maps?q=12%20rue%20du%20Bocage%2C%2085590%20Saint-Malo-du-Bois&amp;output=embed" width="960" height="540" allowfullscreen></iframe>';

/** Site 91, L'Atelier de Clémence: a hair salon and image consultancy in Saint-Malo-du-Bois. */
const atelierClemence: Record<string, SeedBlock[]> = {
  '/': [
    {
      type: 'richText',
      title: "Bienvenue à l'Atelier",
      html: `<p>Poussez la porte de l'Atelier : ici, on prend le temps. Chaque rendez-vous commence par un échange autour d'un café ou d'une infusion, pour comprendre votre quotidien, vos envies et ce que vous ne voulez plus voir dans le miroir.</p>
<p>Coupe, couleur végétale, soin profond ou bilan d'image complet : Clémence adapte chaque prestation à votre nature de cheveux, à votre visage et à votre rythme de vie, pour une allure qui vous ressemble et qui tient dans le temps.</p>`,
    },
    { type: 'services', title: 'Nos prestations', tags: ['particuliers'] },
    {
      type: 'gallery',
      title: 'Avant, après : quelques transformations',
      albumSlug: 'transformations',
    },
    { type: 'reviews', title: 'Ils nous ont fait confiance', nbItem: 6 },
    { type: 'newsFeed', title: "Les nouvelles de l'Atelier", nbItem: 3 },
    {
      type: 'callToAction',
      title: 'Envie de changement ?',
      text: `Le salon reçoit sur rendez-vous du mardi au samedi. Appelez-nous au ${SALON_PHONE} ou écrivez-nous : nous trouverons ensemble le créneau qui vous convient.`,
      label: 'Prendre rendez-vous',
      href: CONTACT_URL,
    },
    {
      type: 'newsletter',
      title: "La lettre de l'Atelier",
      text: 'Une lettre par saison : les nouveautés du salon, les dates des prochains ateliers et un conseil de style à essayer chez vous.',
    },
  ],

  '/qui-sommes-nous': [
    {
      type: 'richText',
      title: "L'histoire de Clémence",
      html: `<p>Clémence Garnier a grandi à Saint-Malo-du-Bois. Après un CAP puis un brevet professionnel de coiffure, elle a passé dix ans dans des salons de Nantes et de La Roche-sur-Yon, où elle s'est spécialisée dans la couleur et les coupes sur cheveux bouclés.</p>
<p>Au fil des rendez-vous, une question revenait sans cesse : « Et avec cette couleur, qu'est-ce que je porte ? » Pour y répondre sérieusement, Clémence s'est formée au conseil en image : colorimétrie, morphologie, style vestimentaire et maquillage de mise en valeur.</p>
<p>En 2019, elle revient au pays et ouvre l'Atelier dans une ancienne mercerie de la rue du Bocage. Un lieu unique pour prendre soin de ses cheveux et de son image, sans chichis et sans jugement.</p>`,
    },
    {
      type: 'image',
      url: '/samples/page-blocks/atelier-clemence.svg',
      alt: "L'intérieur de l'Atelier : un fauteuil de coiffure devant un grand miroir, une étagère de soins et des plantes",
      caption: "L'ancienne mercerie de la rue du Bocage, devenue l'Atelier en 2019.",
    },
    {
      type: 'richText',
      title: 'Ce qui nous tient à cœur',
      html: `<ul>
<li><strong>L'écoute avant les ciseaux.</strong> Nous ne touchons pas à vos cheveux avant d'avoir compris ce que vous attendez, et ce que votre quotidien permet.</li>
<li><strong>Des couleurs végétales.</strong> Nos colorations sont à base de plantes, sans ammoniaque ni oxydant, pour des reflets naturels et un cuir chevelu respecté.</li>
<li><strong>Un salon éco-responsable.</strong> Économies d'eau au bac, produits rechargeables, cheveux coupés collectés et recyclés par une association.</li>
<li><strong>Des conseils que vous pourrez suivre.</strong> Pas de tendance imposée : des repères simples, adaptés à votre budget et à votre garde-robe.</li>
</ul>`,
    },
    {
      type: 'gallery',
      title: 'En atelier de conseil en image',
      albumSlug: 'ateliers-conseil-en-image',
    },
    {
      type: 'callToAction',
      title: 'Faisons connaissance',
      text: 'Une question sur une prestation ou sur le conseil en image ? Clémence vous répond volontiers.',
      label: 'Nous contacter',
      href: CONTACT_URL,
    },
  ],

  '/salon-coiffure-saint-malo-du-bois': [
    {
      type: 'richText',
      title: 'Un salon à taille humaine',
      html: `<p>Deux fauteuils, un bac massant et une seule coiffeuse : à l'Atelier, vous n'attendez pas et vous n'êtes jamais pressé·e. Le salon reçoit les femmes, les hommes et les enfants, uniquement sur rendez-vous, pour vous consacrer tout le temps nécessaire.</p>
<p>Coupes sur cheveux lisses, ondulés ou bouclés, couleurs végétales, balayages lumineux, soins profonds et coiffures de cérémonie : chaque prestation commence par un diagnostic de votre cheveu et se termine par des conseils d'entretien à la maison.</p>`,
    },
    { type: 'services', title: 'Les prestations coiffure', tags: ['coiffure'] },
    { type: 'gallery', title: 'Le salon en images', albumSlug: 'le-salon' },
    { type: 'contact', title: 'Venir au salon', showHours: true, showMapLink: true },
    { type: 'htmlEmbed', title: "Plan d'accès au salon", html: SALON_MAP_EMBED },
  ],

  '/conseil-en-image': [
    {
      type: 'richText',
      html: `<p>Le conseil en image n'a rien d'un relooking spectaculaire. C'est un accompagnement pour mieux vous connaître : les couleurs qui illuminent votre teint, les coupes et les formes qui équilibrent votre silhouette, les associations qui vous font gagner du temps le matin.</p>
<p>Que vous souhaitiez retrouver confiance après un changement de vie, préparer un nouveau poste ou simplement arrêter d'acheter des vêtements que vous ne portez jamais, Clémence vous accompagne à votre rythme. Et si le métier vous attire, l'Atelier forme aussi de futurs conseillers et conseillères en image.</p>`,
    },
  ],

  '/conseil-en-image/notre-approche': [
    {
      type: 'richText',
      title: 'Une démarche en quatre temps',
      html: `<ol>
<li><strong>L'écoute.</strong> Un premier entretien pour parler de vous : votre quotidien, votre métier, ce que vous aimez porter et ce qui vous met mal à l'aise.</li>
<li><strong>L'analyse.</strong> À la lumière du jour, nous étudions vos couleurs (teint, yeux, cheveux) avec les étoffes de colorimétrie, puis les lignes de votre visage et de votre silhouette.</li>
<li><strong>Les conseils.</strong> Vous repartez avec votre nuancier personnel et un carnet de style : les couleurs, les matières, les coupes et les accessoires qui vous mettent en valeur.</li>
<li><strong>La mise en pratique.</strong> Tri de la garde-robe chez vous ou séance de shopping accompagnée : nous composons ensemble des tenues avec ce que vous avez déjà.</li>
</ol>`,
    },
    {
      type: 'richText',
      title: 'Nos engagements',
      html: `<p>Pas de jugement, pas de règle absolue, pas d'obligation d'achat. Nos conseils tiennent compte de votre budget et de vos convictions : seconde main, vêtements que vous aimez déjà, marques locales. L'objectif est que vous vous sentiez vous-même, en mieux.</p>`,
    },
    {
      type: 'elementList',
      title: 'Les prochains ateliers collectifs',
      route: 'ateliers',
      nbItem: 6,
    },
    {
      type: 'callToAction',
      title: 'Prêt·e à vous lancer ?',
      text: "Découvrez nos formules de conseil en image pour les particuliers, du bilan colorimétrique à l'accompagnement complet.",
      label: 'Voir les formules',
      href: '/conseil-en-image/pour-les-particuliers',
    },
  ],

  '/conseil-en-image/pour-les-particuliers': [
    {
      type: 'richText',
      title: 'Des formules à la carte',
      html: `<p>Chaque formule peut être suivie seule ou combinée aux autres. Les séances ont lieu à l'Atelier, à la lumière du jour, sauf le tri de garde-robe qui se fait chez vous, dans un rayon de 40 km autour de Saint-Malo-du-Bois.</p>
<p>Vous hésitez ? Décrivez-nous votre projet avec le formulaire ci-dessous : nous vous rappelons pour vous conseiller la formule la plus adaptée, sans engagement.</p>`,
    },
    { type: 'services', title: 'Nos formules', tags: ['particuliers'] },
    {
      type: 'form',
      title: 'Demander un rendez-vous',
      formTitle: 'Demande de rendez-vous conseil en image',
    },
  ],

  '/conseil-en-image/formation-conseil-en-image': [
    {
      type: 'richText',
      title: 'Le programme',
      html: `<p>Une formation de dix jours (70 heures) en petit groupe de quatre stagiaires au plus, à l'Atelier, pour acquérir les bases solides du métier de conseiller ou conseillère en image.</p>
<h3>Les modules</h3>
<ul>
<li><strong>Colorimétrie</strong> (3 jours) : les saisons et leurs sous-tons, le test des étoffes, la construction d'un nuancier personnel.</li>
<li><strong>Morphologie du visage et de la silhouette</strong> (3 jours) : lire les lignes et les proportions, conseiller coupes, encolures et coiffures, pour les femmes comme pour les hommes.</li>
<li><strong>Style et garde-robe</strong> (2 jours) : les styles de personnalité, le tri de garde-robe, le shopping accompagné.</li>
<li><strong>Maquillage de mise en valeur</strong> (1 jour) : un maquillage naturel et rapide, adapté à la colorimétrie de chacun.</li>
<li><strong>Relation client et installation</strong> (1 jour) : mener l'entretien, fixer ses tarifs, présenter ses prestations.</li>
</ul>
<h3>Informations pratiques</h3>
<p>Aucun diplôme n'est demandé : un entretien préalable nous permet de vérifier que la formation répond à votre projet. Le matériel (étoffes de colorimétrie, supports de cours) est fourni. Nous vous remettons un programme détaillé et un devis à présenter à votre financeur si vous souhaitez une prise en charge.</p>`,
    },
    { type: 'services', title: 'Les sessions', tags: ['formation'] },
    {
      type: 'form',
      title: 'Se pré-inscrire',
      formTitle: 'Inscription à la formation conseil en image',
    },
  ],

  '/blog-beaute-conseils': [
    {
      type: 'richText',
      html: `<p>Comment espacer les colorations, choisir une coupe qui tient sans brushing, reconnaître les couleurs qui vous vont ? Clémence partage ici ses conseils de coiffeuse et de conseillère en image, les gestes du salon à refaire chez vous et les questions qu'on lui pose le plus souvent.</p>`,
    },
    { type: 'blogFeed', title: 'Les derniers articles', folderSlug: null, nbItem: 6 },
    { type: 'blogFeed', title: 'Conseils coiffure', folderSlug: 'conseils-coiffure', nbItem: 3 },
  ],

  '/offrir-un-bon-cadeau': [
    {
      type: 'richText',
      title: 'Comment ça marche ?',
      html: `<p>Le bon cadeau de l'Atelier fait plaisir à coup sûr : la personne qui le reçoit choisit elle-même sa prestation, coiffure ou conseil en image, et prend rendez-vous quand elle le souhaite.</p>
<ol>
<li>Vous choisissez un montant ou une prestation précise.</li>
<li>Nous préparons une carte cadeau nominative, glissée dans une enveloppe, avec un mot de votre part si vous le souhaitez.</li>
<li>Vous la retirez au salon ou nous l'envoyons par la poste à l'adresse de votre choix.</li>
</ol>`,
    },
    {
      type: 'image',
      url: '/samples/page-blocks/bon-cadeau.svg',
      alt: "Une carte cadeau de L'Atelier de Clémence dans son enveloppe, nouée d'un ruban",
    },
    {
      type: 'richText',
      title: 'Montants et validité',
      html: `<ul>
<li>Un montant libre à partir de 20 €, ou l'une de nos cartes de 30 €, 50 €, 80 € et 120 €.</li>
<li>Ou une prestation précise : une coupe et un soin, une couleur végétale, un bilan colorimétrique…</li>
<li>Le bon est valable <strong>12 mois</strong> à compter de sa date d'achat, sur toutes les prestations du salon et du conseil en image.</li>
<li>Il peut être utilisé en une ou plusieurs fois ; il n'est ni remboursable ni échangeable contre des espèces.</li>
</ul>`,
    },
    {
      type: 'richText',
      title: 'Commander votre bon cadeau',
      html: `<p>Nous ne vendons pas en ligne : pour commander, trois possibilités.</p>
<ul>
<li><strong>Par téléphone</strong> au <a href="tel:0251642318">${SALON_PHONE}</a>, aux heures d'ouverture du salon ; le règlement se fait par carte bancaire à distance ou par virement.</li>
<li><strong>Au salon</strong>, 12 rue du Bocage à Saint-Malo-du-Bois, du mardi au samedi : par carte, chèque ou espèces.</li>
<li><strong>Par le <a href="${CONTACT_URL}">formulaire de contact</a></strong> : indiquez le montant ou la prestation, le nom du ou de la bénéficiaire et le mode de remise ; nous vous rappelons pour finaliser.</li>
</ul>`,
    },
    {
      type: 'callToAction',
      title: 'Un cadeau qui fait du bien',
      text: 'Anniversaire, fête des mères, Noël ou simple envie de faire plaisir : commandez votre bon cadeau en quelques minutes.',
      label: 'Commander un bon cadeau',
      href: CONTACT_URL,
    },
  ],
};

const CAVEAU_PHONE = '02 41 78 45 12';
const VISITS_URL = '/visites-et-degustations';

/** Site 92, Domaine des Trois Coteaux: a winemaker in Anjou. */
const troisCoteaux: Record<string, SeedBlock[]> = {
  '/': [
    {
      type: 'richText',
      title: 'Bienvenue au domaine',
      html: `<p>Sur les coteaux du Layon, nous cultivons vingt-deux hectares de vignes en famille depuis trois générations. Chenin, cabernet franc et grolleau poussent ici sur les schistes de l'Anjou noir, vendangés à la main et vinifiés sans hâte dans nos caves de tuffeau.</p>
<p>Commandez nos vins en ligne pour une livraison chez vous, ou passez au caveau : nous serons heureux de vous les faire goûter.</p>`,
    },
    {
      type: 'richText',
      title: 'Nos vins, de l’apéritif au dessert',
      html: `<ul>
<li><strong><a href="/nos-vins?categorie=blanc">Les blancs secs</a></strong> : des chenins tendus et salins, de l'Anjou blanc Les Schistes au Savennières Clos des Genêts.</li>
<li><strong><a href="/nos-vins?categorie=moelleux">Les moelleux</a></strong> : coteaux-du-layon, bonnezeaux et quarts-de-chaume, nés des tries de raisins botrytisés.</li>
<li><strong><a href="/nos-vins?categorie=rouge">Les rouges</a></strong> : cabernet franc, grolleau et pineau d'Aunis, du vin de copains au vin de garde.</li>
<li><strong><a href="/nos-vins?categorie=effervescent">Les bulles</a></strong> et <strong><a href="/nos-vins?categorie=rose">les rosés</a></strong> : crémants de Loire et rosés d'Anjou pour les beaux jours.</li>
</ul>
<p>Livraison offerte dès 12 bouteilles, ou retrait gratuit au caveau.</p>`,
    },
    { type: 'newsFeed', title: 'Les nouvelles du domaine', nbItem: 3 },
    {
      type: 'callToAction',
      title: 'Venez nous voir au caveau',
      text: 'Visites de cave et dégustations commentées avec le vigneron, sur réservation, du lundi au samedi.',
      label: 'Réserver une visite',
      href: VISITS_URL,
    },
    {
      type: 'newsletter',
      title: 'La lettre du domaine',
      text: 'Quatre lettres par an : les nouveaux millésimes, les dates des portes ouvertes et une recette à marier avec nos vins.',
    },
  ],

  '/le-domaine': [
    {
      type: 'richText',
      title: 'Trois générations sur les coteaux du Layon',
      html: `<p>Tout a commencé en 1962, quand Marcel Mercier reprend quatre hectares de chenin accrochés aux pentes qui dominent le Layon. Il vend alors son vin en vrac aux négociants d'Angers. Son fils Jean agrandit le vignoble, construit le chai et met le domaine en bouteille dans les années 1990.</p>
<p>Depuis 2012, Antoine Mercier conduit les vingt-deux hectares du domaine avec sa sœur Claire, qui tient le caveau et la boutique. Le nom du domaine vient des trois coteaux que la famille cultive : celui du Layon, plein sud sur les schistes, celui de l'Aubance, plus frais, et la butte de Brissac, où poussent nos rouges.</p>`,
    },
    {
      type: 'image',
      url: '/samples/page-blocks/coteaux-du-layon.svg',
      alt: 'Les rangs de vigne descendent le coteau vers le Layon, sous le soleil, avec la maison du domaine au milieu des vignes',
      caption: 'Le coteau du Layon, exposé plein sud sur les schistes de l’Anjou noir.',
    },
    {
      type: 'richText',
      title: 'À la vigne',
      html: `<p>Nos vignes sont enherbées un rang sur deux et labourées sous le rang : pas de désherbant, des sols vivants qui obligent les racines à descendre chercher la fraîcheur dans la roche. La taille se fait à la main tout l'hiver, en guyot simple, pour des rendements modestes.</p>
<p>Toutes nos vendanges sont manuelles. Pour les moelleux, nous passons plusieurs fois dans les mêmes parcelles, en « tries » successives, pour ne cueillir que les grappes gagnées par la pourriture noble, parfois jusqu'à la mi-novembre.</p>`,
    },
    {
      type: 'richText',
      title: 'Au chai',
      html: `<p>Les raisins arrivent en petites caisses et sont pressés doucement, en grappes entières pour les blancs. Les fermentations partent seules, avec les levures indigènes du domaine, et prennent le temps qu'il faut : quelques semaines pour un anjou blanc, plusieurs mois pour un quarts-de-chaume.</p>
<p>Les vins s'élèvent ensuite dans nos caves creusées dans le tuffeau, à douze degrés toute l'année : en cuve pour garder le fruit des vins de l'année, en fûts de chêne de plusieurs vins pour nos cuvées de garde.</p>`,
    },
    {
      type: 'image',
      url: '/samples/page-blocks/caves-tuffeau.svg',
      alt: 'Une galerie voûtée creusée dans le tuffeau, éclairée par une lampe, avec trois fûts de chêne alignés',
      caption: 'Nos caves de tuffeau, où les vins s’élèvent à température constante.',
    },
    {
      type: 'richText',
      title: 'Nos cépages',
      html: `<ul>
<li><strong>Le chenin</strong> (quatorze hectares) : le cépage roi de l'Anjou, sec, demi-sec ou liquoreux selon la parcelle et la date de vendange.</li>
<li><strong>Le cabernet franc</strong> (six hectares) : nos anjou rouges et anjou-villages-brissac, des rouges frais aux tanins fins.</li>
<li><strong>Le grolleau et ses voisins</strong> (deux hectares) : de vieux grolleaux noirs et gris pour un rouge léger et poivré et nos rosés, avec un peu de gamay, de pineau d'Aunis, de cabernet sauvignon et de chardonnay.</li>
</ul>`,
    },
    {
      type: 'callToAction',
      title: 'Goûtez le domaine',
      text: 'Blancs secs, moelleux, rouges, rosés et crémants : toutes nos cuvées sont en vente en ligne et au caveau.',
      label: 'Découvrir nos vins',
      href: '/nos-vins',
    },
  ],

  [VISITS_URL]: [
    {
      type: 'richText',
      title: 'Le caveau vous accueille',
      html: `<p>Au 4 chemin des Coteaux, à Bellevigne-en-Layon, le caveau est ouvert du lundi après-midi au samedi. La dégustation y est libre et gratuite : Claire ou Antoine vous font goûter les vins du moment et vous conseillent pour vos repas et votre cave.</p>
<p>Vous pouvez aussi retirer au caveau les commandes passées sur notre boutique en ligne, sans frais de livraison.</p>`,
    },
    {
      type: 'image',
      url: '/samples/page-blocks/caves-tuffeau.svg',
      alt: 'Une galerie voûtée creusée dans le tuffeau, éclairée par une lampe, avec trois fûts de chêne alignés',
    },
    {
      type: 'richText',
      title: 'Nos visites',
      html: `<ul>
<li><strong>Visite de cave et dégustation commentée</strong> : une heure et demie avec le vigneron, de la vigne aux caves de tuffeau, puis la dégustation de six vins du domaine. Du mardi au samedi, à 10 h 30 ou à 15 h, sur réservation. 15 € par personne, gratuit pour les moins de 18 ans (sans dégustation).</li>
<li><strong>Accords mets et vins</strong> : le premier samedi du mois, trois vins et trois assiettes de producteurs voisins (fromages de chèvre, rillauds, tarte aux pommes). 35 € par personne, sur réservation.</li>
<li><strong>Groupes et comités d'entreprise</strong> : à partir de dix personnes, nous composons une visite sur mesure, en français ou en anglais. Écrivez-nous pour recevoir un devis.</li>
</ul>
<p><a href="/reserver">Réservez en ligne</a>, par téléphone au <a href="tel:0241784512">${CAVEAU_PHONE}</a> ou avec le <a href="/nous-contacter">formulaire de contact</a>, au moins la veille. Les caves restent à douze degrés toute l'année : prévoyez une petite laine, même en été.</p>`,
    },
    { type: 'contact', title: 'Venir au domaine', showHours: true, showMapLink: true },
    {
      type: 'callToAction',
      title: 'Offrir une visite',
      text: 'La visite de cave et dégustation commentée existe en billet cadeau, valable un an : un joli présent pour les amateurs de vin.',
      label: 'Voir le billet cadeau',
      href: '/nos-vins?categorie=experience',
    },
  ],

  '/actualites': [
    {
      type: 'richText',
      html: `<p>La taille, la floraison, les vendanges et les mises en bouteille : suivez ici la vie du domaine au fil des saisons, et notez les dates de nos portes ouvertes, salons et soirées au caveau.</p>`,
    },
  ],
};

/** The blocks of each sample site's pages, by site id and page URL. */
export const samplePageContent: Readonly<Record<number, Record<string, SeedBlock[]>>> = {
  91: atelierClemence,
  92: troisCoteaux,
};
