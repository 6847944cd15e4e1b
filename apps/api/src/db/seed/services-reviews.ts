import { slugify } from '@comptoir/domain/slug';
import type { Db } from '../client';
import { componentConfs, reviews, services } from '../schema';
import type { SiteSeed } from './types';

/**
 * Services, Google reviews and storefront component configurations of the sample sites, written
 * when a site is created (like its pages), so that an administrator's deletions stay deleted.
 */

interface ServiceSeed {
  title: string;
  summary: string;
  content: string;
  priceCents: number | null;
  durationMinutes: number;
  tags: string[];
}

interface ReviewSeed {
  authorName: string;
  rating: number;
  text: string;
  publishedAt: string;
}

/** Site 91, L'Atelier de Clémence: hair salon and image consulting in Saint-Malo-du-Bois. */
const site91Services: ServiceSeed[] = [
  {
    title: 'Analyse de colorimétrie',
    summary:
      'Découvrez les couleurs qui illuminent votre teint : un test aux drapés pour trouver votre palette, repartir avec votre nuancier et savoir enfin quoi porter.',
    content: `<p>Certaines couleurs vous donnent bonne mine, d’autres vous fatiguent : la colorimétrie explique pourquoi. Face au miroir, à la lumière du jour, Clémence pose sous votre visage une centaine de drapés et observe avec vous l’effet de chaque teinte sur votre peau, vos yeux et vos cheveux.</p>
<h2>Déroulement de la séance</h2>
<ul>
<li>Un temps d’échange sur vos habitudes, vos goûts et vos envies ;</li>
<li>le test des drapés, saison par saison, pour trouver votre palette ;</li>
<li>les couleurs de maquillage et de coloration capillaire qui vous correspondent ;</li>
<li>la remise de votre nuancier personnel en tissu, à glisser dans votre sac pour vos achats.</li>
</ul>
<p>Venez sans maquillage si possible, et avec une ou deux pièces de votre garde-robe que vous aimez particulièrement.</p>`,
    priceCents: 12000,
    durationMinutes: 90,
    tags: ['particuliers'],
  },
  {
    title: 'Conseil morphologie et style',
    summary:
      'Comprendre votre silhouette pour choisir les coupes, les matières et les longueurs qui vous mettent en valeur, dans un style qui vous ressemble.',
    content: `<p>Il n’y a pas de « bonne » ou de « mauvaise » silhouette, seulement des proportions à connaître pour s’habiller avec plaisir. Ensemble, nous identifions votre morphologie et les lignes qui l’équilibrent, puis nous définissons votre style : vos mots, vos inspirations, votre quotidien.</p>
<h2>Vous repartez avec</h2>
<ul>
<li>un carnet de style illustré avec les coupes de vestes, pantalons, jupes et robes à privilégier ;</li>
<li>les encolures, imprimés et matières adaptés à votre silhouette ;</li>
<li>des idées de tenues pour le travail, le week-end et les grandes occasions.</li>
</ul>
<p>Cette séance se combine très bien avec l’analyse de colorimétrie pour un bilan complet.</p>`,
    priceCents: 14000,
    durationMinutes: 120,
    tags: ['particuliers'],
  },
  {
    title: 'Relooking complet',
    summary:
      'Colorimétrie, morphologie, coupe et mise en beauté réunies en une journée pour un changement en douceur, pensé avec vous et pour vous.',
    content: `<p>Le relooking complet rassemble en une journée tout ce que l’atelier peut vous apporter. Il convient aux moments de transition : nouveau poste, retour au travail après un congé, changement de vie ou simple envie de se retrouver.</p>
<h2>Au programme</h2>
<ol>
<li>Le matin : analyse de colorimétrie et étude de votre morphologie.</li>
<li>Le déjeuner, pris ensemble, pour faire le point sur vos envies.</li>
<li>L’après-midi : coupe et couleur au salon, puis leçon de maquillage adaptée à votre palette.</li>
</ol>
<p>Un compte rendu écrit vous est envoyé dans la semaine. Les produits de coloration sont d’origine végétale.</p>`,
    priceCents: 39000,
    durationMinutes: 360,
    tags: ['particuliers', 'coiffure'],
  },
  {
    title: 'Tri de garde-robe',
    summary:
      'À votre domicile, nous faisons le tri dans vos placards : ce qui vous va, ce qui se transforme, ce qui s’en va, et les tenues que vous n’aviez pas vues.',
    content: `<p>Des placards pleins et « rien à se mettre » ? Clémence vient chez vous, dans un rayon de 30 km autour de Saint-Malo-du-Bois, pour passer en revue vos vêtements avec bienveillance.</p>
<ul>
<li>Chaque pièce est essayée si besoin et classée : à garder, à retoucher, à donner ;</li>
<li>nous composons de nouvelles tenues avec ce que vous possédez déjà ;</li>
<li>vous recevez une liste d’achats courte et précise pour compléter votre garde-robe.</li>
</ul>
<p>Les vêtements à donner peuvent être déposés pour vous auprès d’une association locale.</p>`,
    priceCents: 18000,
    durationMinutes: 180,
    tags: ['particuliers'],
  },
  {
    title: 'Accompagnement shopping',
    summary:
      'Une séance d’achats accompagnée, à La Roche-sur-Yon ou à Cholet, pour trouver les pièces qui vous manquent sans vous perdre dans les rayons.',
    content: `<p>Nous préparons ensemble une liste à partir de votre palette, de votre silhouette et de votre budget, puis nous partons à la découverte des boutiques, des grandes enseignes aux créateurs et dépôts-ventes de la région.</p>
<p>L’objectif n’est pas d’acheter beaucoup mais d’acheter juste : des pièces qui se combinent avec votre garde-robe et que vous porterez longtemps.</p>
<p>Pour une première fois, cette séance est idéalement précédée d’une analyse de colorimétrie ou d’un conseil morphologie et style.</p>`,
    priceCents: 16000,
    durationMinutes: 150,
    tags: ['particuliers'],
  },
  {
    title: 'Coupe et conseil visagisme',
    summary:
      'Une coupe choisie d’après la forme de votre visage, la nature de vos cheveux et votre rythme de vie, avec les gestes pour la coiffer chez vous.',
    content: `<p>Avant de couper, nous prenons le temps de regarder : l’ovale du visage, le front, la nuque, l’implantation et l’épaisseur des cheveux. Clémence vous propose la coupe qui met en valeur vos traits et qui reste facile à coiffer au quotidien.</p>
<ul>
<li>Diagnostic et échange sur vos envies ;</li>
<li>shampoing et soin adaptés à votre cuir chevelu ;</li>
<li>coupe, coiffage et démonstration des gestes à refaire chez vous.</li>
</ul>
<p>Coupe homme et enfant également sur rendez-vous, à tarif adapté.</p>`,
    priceCents: 6500,
    durationMinutes: 75,
    tags: ['coiffure', 'particuliers'],
  },
  {
    title: 'Formation conseillère en image — module 1',
    summary:
      'Le premier module de la formation au métier de conseiller ou conseillère en image : les bases de la colorimétrie, en petit groupe de quatre personnes.',
    content: `<p>Ce premier module de trois jours pose les fondations du métier. En petit groupe, au salon, vous apprenez à mener une analyse de colorimétrie du premier accueil à la remise du nuancier.</p>
<h2>Contenu</h2>
<ul>
<li>Théorie de la couleur : valeur, intensité, température ;</li>
<li>les familles de teints et la méthode des drapés ;</li>
<li>mises en situation sur modèles et retours personnalisés ;</li>
<li>la relation client et la posture de conseil.</li>
</ul>
<p>Le tarif dépend de votre situation (financement personnel, par l’employeur ou par un organisme) : nous établissons un devis après un premier entretien téléphonique.</p>`,
    priceCents: null,
    durationMinutes: 1260,
    tags: ['formation', 'professionnels'],
  },
  {
    title: 'Atelier image professionnelle',
    summary:
      'Pour les équipes en contact avec la clientèle : un atelier de groupe sur l’image professionnelle, la tenue et les codes couleur de votre entreprise.',
    content: `<p>Commerces, agences, cabinets : l’image de vos équipes est la première chose que voient vos clients. Cet atelier de groupe, dans vos locaux ou au salon, donne à chacun des repères simples pour une allure soignée qui reste personnelle.</p>
<ul>
<li>Les fondamentaux de la colorimétrie et de la morphologie, en version collective ;</li>
<li>l’accord entre la tenue, le métier et l’identité de l’entreprise ;</li>
<li>des conseils individuels rapides pour chaque participant.</li>
</ul>
<p>Le contenu et le tarif sont adaptés au nombre de participants et à vos objectifs : contactez-nous pour un devis.</p>`,
    priceCents: null,
    durationMinutes: 180,
    tags: ['professionnels'],
  },
];

/**
 * Sample reviews, marked with `seed-` external ids so they can be told from fetched ones: the
 * real reviews come from Google Places through the review fetcher (modules/review) once
 * GOOGLE_PLACES_API_KEY and the site's place id are configured.
 */
const site91Reviews: ReviewSeed[] = [
  {
    authorName: 'Sophie L.',
    rating: 5,
    text: 'Analyse de colorimétrie passionnante ! Clémence prend vraiment le temps d’expliquer. Je ne m’habille plus du tout de la même façon et on me dit que j’ai meilleure mine.',
    publishedAt: '2026-10-14T16:20:00+02:00',
  },
  {
    authorName: 'Nathalie R.',
    rating: 5,
    text: 'Une coupe enfin adaptée à mes cheveux épais, et des conseils pour les coiffer moi-même le matin. Salon calme et chaleureux, je recommande.',
    publishedAt: '2026-09-27T11:05:00+02:00',
  },
  {
    authorName: 'Camille B.',
    rating: 4,
    text: 'Tri de garde-robe très efficace, j’ai redécouvert des vêtements oubliés. Il faut prévoir un peu plus de temps qu’annoncé si on a beaucoup d’affaires !',
    publishedAt: '2026-08-30T18:42:00+02:00',
  },
  {
    authorName: 'Marc D.',
    rating: 5,
    text: 'J’ai offert un bon cadeau pour un relooking complet à ma femme : elle est revenue ravie et pleine d’idées. Merci pour l’accueil.',
    publishedAt: '2026-07-12T09:30:00+02:00',
  },
  {
    authorName: 'Élodie G.',
    rating: 3,
    text: 'Bon accompagnement shopping, des conseils justes, mais les boutiques choisies ne correspondaient pas toutes à mon budget.',
    publishedAt: '2026-05-23T15:10:00+02:00',
  },
  {
    authorName: 'Isabelle M.',
    rating: 5,
    text: 'Module 1 de la formation suivi en mars : petit groupe, beaucoup de pratique et une formatrice passionnée. Vivement le module 2.',
    publishedAt: '2026-04-02T17:45:00+02:00',
  },
  {
    authorName: 'Aurélie P.',
    rating: 4,
    text: 'Couleur végétale réussie et très naturelle. Le salon est joliment décoré et on s’y sent bien.',
    publishedAt: '2026-02-11T10:15:00+01:00',
  },
];

const servicesBySite: Record<number, ServiceSeed[]> = { 91: site91Services };
const reviewsBySite: Record<number, ReviewSeed[]> = { 91: site91Reviews };

/** Configurations the storefront reads: see packages/contract/src/component-conf.ts. */
const componentConfsBySite: Record<number, { slug: string; config: Record<string, unknown> }[]> = {
  91: [
    {
      slug: 'services-page',
      config: { showPrices: true, ctaLabel: 'Prendre rendez-vous', ctaHref: '/nous-contacter' },
    },
    // The reviews blocks show the warmest reviews; the average shown beside them counts them all.
    { slug: 'reviews', config: { minRating: 4 } },
  ],
};

export async function insertServicesAndReviews(
  db: Db,
  seeds: readonly SiteSeed[],
): Promise<number> {
  const siteIds = seeds.map((seed) => seed.site.id);
  const serviceRows = siteIds.flatMap((siteId) =>
    (servicesBySite[siteId] ?? []).map((service, index) => {
      const slug = slugify(service.title);
      return {
        siteId,
        ...service,
        slug,
        imageUrl: `/samples/services/${slug}.svg`,
        position: index + 1,
      };
    }),
  );
  const reviewRows = siteIds.flatMap((siteId) =>
    (reviewsBySite[siteId] ?? []).map((review, index) => ({
      siteId,
      source: 'GOOGLE',
      externalId: `seed-${siteId}-${index + 1}`,
      authorName: review.authorName,
      authorPhotoUrl: null,
      rating: review.rating,
      text: review.text,
      publishedAt: new Date(review.publishedAt),
      // Dated like their publication, not "fetched just now": a site that configures Google
      // Places gets its first real fetch at once instead of a day later.
      fetchedAt: new Date(review.publishedAt),
    })),
  );
  const confRows = siteIds.flatMap((siteId) =>
    (componentConfsBySite[siteId] ?? []).map((conf) => ({ siteId, ...conf })),
  );

  let inserted = 0;
  if (serviceRows.length > 0) {
    inserted += (
      await db
        .insert(services)
        .values(serviceRows)
        .onConflictDoNothing({ target: [services.siteId, services.slug] })
        .returning({ id: services.id })
    ).length;
  }
  if (reviewRows.length > 0) {
    inserted += (
      await db
        .insert(reviews)
        .values(reviewRows)
        .onConflictDoNothing({ target: [reviews.siteId, reviews.source, reviews.externalId] })
        .returning({ id: reviews.id })
    ).length;
  }
  if (confRows.length > 0) {
    inserted += (
      await db
        .insert(componentConfs)
        .values(confRows)
        .onConflictDoNothing({ target: [componentConfs.siteId, componentConfs.slug] })
        .returning({ id: componentConfs.id })
    ).length;
  }
  return inserted;
}
