import type { Db } from '../client';
import { albumMedia, albums } from '../schema';
import type { SiteSeed } from './types';

interface AlbumMediaSeed {
  type?: 'IMAGE' | 'VIDEO';
  url: string;
  posterUrl?: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
}

interface AlbumSeed {
  slug: string;
  title: string;
  description: string;
  media: AlbumMediaSeed[];
}

/** The illustrations are 1200 × 900 SVG files of the storefront's public folder. */
const picture = (folder: string, name: string, alt: string, caption?: string): AlbumMediaSeed => ({
  url: `/samples/albums/${folder}/${name}.svg`,
  alt,
  ...(caption ? { caption } : {}),
  width: 1200,
  height: 900,
});

/**
 * Site 91's albums. Pages show them through gallery blocks, which name an album by its id: the
 * page seed finds the id from the slug ('transformations', 'ateliers-conseil-en-image',
 * 'le-salon'), so this seed must run before it.
 */
const site91Albums: AlbumSeed[] = [
  {
    slug: 'transformations',
    title: 'Transformations coiffure',
    description:
      'Avant, après : quelques métamorphoses réalisées au salon, de la coupe courte au balayage lumineux, toujours pensées pour la personne et son quotidien.',
    media: [
      picture(
        'transformations',
        'carre-plongeant-cuivre',
        'Carré plongeant châtain aux reflets cuivrés, coupé juste au-dessus des épaules',
        'Un carré plongeant qui se coiffe en cinq minutes le matin.',
      ),
      picture(
        'transformations',
        'balayage-miel',
        'Balayage blond miel sur de longs cheveux ondulés, raie au milieu',
        'Balayage à main levée, pour une repousse tout en douceur.',
      ),
      picture(
        'transformations',
        'pixie-brun',
        'Coupe courte pixie brun profond, pointes effilées sur le front',
      ),
      picture(
        'transformations',
        'boucles-acajou',
        'Boucles naturelles bien définies, coloration végétale acajou',
        'Coloration 100 % végétale et coupe adaptée aux boucles.',
      ),
      picture(
        'transformations',
        'chignon-mariee',
        'Chignon bas de mariée, orné de petites fleurs blanches sur le côté',
      ),
      picture(
        'transformations',
        'frange-rideau-blond-polaire',
        'Dégradé mi-long blond polaire avec une frange rideau ouverte au milieu',
      ),
      picture(
        'transformations',
        'degrade-homme',
        'Coupe homme dégradée sur les côtés, mèche travaillée sur le dessus',
      ),
      picture(
        'transformations',
        'tie-and-dye-rose',
        'Tie and dye rose poudré sur un carré court, racines blond foncé',
      ),
    ],
  },
  {
    slug: 'ateliers-conseil-en-image',
    title: 'Ateliers conseil en image',
    description:
      'Colorimétrie, morphologie, tri de garde-robe et maquillage naturel : des ateliers en petit groupe pour apprendre à se mettre en valeur.',
    media: [
      picture(
        'ateliers-conseil-en-image',
        'nuancier-colorimetrie',
        'Nuancier de couleurs ouvert en éventail sur la table de l’atelier de colorimétrie',
        'Le nuancier de l’atelier colorimétrie : douze familles de teintes à essayer près du visage.',
      ),
      picture(
        'ateliers-conseil-en-image',
        'palette-automne',
        'Palette de couleurs d’automne peinte sur papier : terracotta, moutarde, olive, brique, camel et bronze',
      ),
      picture(
        'ateliers-conseil-en-image',
        'silhouettes-morphologie',
        'Les silhouettes en A, en V, en H et en X dessinées à la craie sur le tableau de l’atelier morphologie',
      ),
      picture(
        'ateliers-conseil-en-image',
        'tri-garde-robe',
        'Tri de garde-robe : vêtements rangés par couleur sur un portant, du bleu marine au rose',
      ),
      picture(
        'ateliers-conseil-en-image',
        'atelier-maquillage',
        'Atelier maquillage naturel : pinceaux, poudres et rouge à lèvres posés sur la coiffeuse',
      ),
    ],
  },
  {
    slug: 'le-salon',
    title: 'Le salon',
    description:
      'Un salon lumineux au cœur de Saint-Malo-du-Bois : l’espace coiffage, le bac à shampoing massant et le coin dédié au conseil en image.',
    media: [
      picture(
        'le-salon',
        'devanture',
        'La devanture du salon, vitrine vert sauge, store rayé et enseigne dorée L’Atelier de Clémence',
      ),
      picture(
        'le-salon',
        'espace-coiffage',
        'L’espace coiffage : trois fauteuils prune face à de grands miroirs ronds cerclés de doré',
      ),
      picture(
        'le-salon',
        'bac-a-shampoing',
        'Le bac à shampoing massant, sous une suspension en rotin, avec des serviettes roulées sur l’étagère',
      ),
      picture(
        'le-salon',
        'coin-conseil-en-image',
        'Le coin conseil en image : un grand miroir en pied, un portant de vêtements et un fauteuil en velours',
      ),
      picture(
        'le-salon',
        'soins-accueil',
        'À l’accueil, les soins et les colorations végétales en vente sur des étagères en bois clair',
      ),
      {
        type: 'VIDEO',
        url: '/samples/albums/le-salon/visite-du-salon.webm',
        posterUrl: '/samples/albums/le-salon/visite-du-salon-affiche.svg',
        alt: 'Visite du salon en vidéo, sans son : la devanture, l’accueil, l’espace coiffage, le bac à shampoing puis le coin conseil en image',
        caption: 'Une courte visite du salon, de la devanture au coin conseil en image.',
        width: 640,
        height: 360,
      },
    ],
  },
];

const albumsBySite: Readonly<Record<number, AlbumSeed[]>> = { 91: site91Albums };

/** Writes the sample albums of newly created sites; returns the rows inserted. */
export async function insertAlbums(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    const siteAlbums = albumsBySite[siteId] ?? [];
    for (const [albumIndex, album] of siteAlbums.entries()) {
      const [created] = await db
        .insert(albums)
        .values({
          siteId,
          slug: album.slug,
          title: album.title,
          description: album.description,
          position: albumIndex + 1,
        })
        .onConflictDoNothing({ target: [albums.siteId, albums.slug] })
        .returning({ id: albums.id });
      // An album that already exists keeps the pictures an administrator gave it.
      if (!created) continue;
      inserted += 1;
      inserted += (
        await db
          .insert(albumMedia)
          .values(
            album.media.map((media, index) => ({
              siteId,
              albumId: created.id,
              type: media.type ?? 'IMAGE',
              url: media.url,
              posterUrl: media.posterUrl ?? null,
              alt: media.alt,
              caption: media.caption ?? null,
              width: media.width,
              height: media.height,
              position: index + 1,
            })),
          )
          .returning({ id: albumMedia.id })
      ).length;
    }
  }
  return inserted;
}
