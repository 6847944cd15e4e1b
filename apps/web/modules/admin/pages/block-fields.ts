import type { PageBlock, PageBlockType } from '@comptoir/contract/page-blocks';

/** How one field of a block is edited. */
export type BlockFieldKind =
  'text' | 'html' | 'longText' | 'number' | 'optionalNumber' | 'boolean' | 'tags';

export interface BlockField {
  key: string;
  label: string;
  kind: BlockFieldKind;
  /** Left empty, the field is absent from the block (the schema's default or nothing). */
  optional?: boolean;
  hint?: string;
}

export interface BlockKind {
  type: PageBlockType;
  label: string;
  fields: BlockField[];
  /** A new block of this type, as the editor adds it. */
  create: () => PageBlock;
}

const title: BlockField = { key: 'title', label: 'Titre du bloc', kind: 'text', optional: true };

/** Every block type of the contract (page-blocks.ts), named and described for the owner. */
export const BLOCK_KINDS: readonly BlockKind[] = [
  {
    type: 'richText',
    label: 'Texte',
    fields: [
      title,
      {
        key: 'html',
        label: 'Texte (HTML)',
        kind: 'html',
        hint: 'Paragraphes <p>, titres <h2>, listes, liens <a href="…">, gras <strong>.',
      },
    ],
    create: () => ({ type: 'richText', html: '<p>Votre texte ici.</p>' }),
  },
  {
    type: 'image',
    label: 'Image',
    fields: [
      {
        key: 'url',
        label: "Adresse de l'image",
        kind: 'text',
        hint: 'Un chemin du site (/…) ou une adresse https://',
      },
      {
        key: 'alt',
        label: "Description de l'image (texte alternatif)",
        kind: 'text',
        hint: 'Laissez vide pour une image décorative.',
      },
      { key: 'caption', label: 'Légende', kind: 'text', optional: true },
      { key: 'linkUrl', label: "Lien au clic sur l'image", kind: 'text', optional: true },
    ],
    create: () => ({ type: 'image', url: '/', alt: '' }),
  },
  {
    type: 'gallery',
    label: 'Album photo',
    fields: [title, { key: 'albumId', label: "Numéro de l'album", kind: 'number' }],
    create: () => ({ type: 'gallery', albumId: 1 }),
  },
  {
    type: 'elementList',
    label: "Liste d'éléments",
    fields: [
      title,
      {
        key: 'route',
        label: 'Nom de la liste',
        kind: 'text',
        hint: 'Par exemple ateliers ou evenements.',
      },
      { key: 'nbItem', label: "Nombre d'éléments affichés", kind: 'number' },
    ],
    create: () => ({ type: 'elementList', route: 'ateliers', nbItem: 24 }),
  },
  {
    type: 'form',
    label: 'Formulaire',
    fields: [title, { key: 'formId', label: 'Numéro du formulaire', kind: 'number' }],
    create: () => ({ type: 'form', formId: 1 }),
  },
  {
    type: 'newsFeed',
    label: 'Actualités',
    fields: [title, { key: 'nbItem', label: "Nombre d'actualités (10 au plus)", kind: 'number' }],
    create: () => ({ type: 'newsFeed', nbItem: 10 }),
  },
  {
    type: 'blogFeed',
    label: 'Articles du blog',
    fields: [
      title,
      {
        key: 'folderId',
        label: 'Numéro du dossier du blog',
        kind: 'optionalNumber',
        optional: true,
        hint: 'Laissez vide pour tout le blog.',
      },
      { key: 'nbItem', label: "Nombre d'articles (12 au plus)", kind: 'number' },
    ],
    create: () => ({ type: 'blogFeed', folderId: null, nbItem: 12 }),
  },
  {
    type: 'services',
    label: 'Prestations',
    fields: [
      title,
      {
        key: 'tags',
        label: 'Étiquettes',
        kind: 'tags',
        optional: true,
        hint: 'Séparées par des virgules ; vide : toutes les prestations.',
      },
    ],
    create: () => ({ type: 'services', tags: [] }),
  },
  {
    type: 'reviews',
    label: 'Avis clients',
    fields: [title, { key: 'nbItem', label: "Nombre d'avis (20 au plus)", kind: 'number' }],
    create: () => ({ type: 'reviews', nbItem: 6 }),
  },
  {
    type: 'contact',
    label: 'Coordonnées',
    fields: [
      title,
      { key: 'showHours', label: "Afficher les horaires d'ouverture", kind: 'boolean' },
      { key: 'showMapLink', label: 'Afficher le lien vers le plan', kind: 'boolean' },
    ],
    create: () => ({ type: 'contact', showHours: true, showMapLink: true }),
  },
  {
    type: 'callToAction',
    label: "Appel à l'action",
    fields: [
      { key: 'title', label: 'Titre', kind: 'text' },
      { key: 'text', label: 'Texte', kind: 'longText', optional: true },
      { key: 'label', label: 'Texte du bouton', kind: 'text' },
      {
        key: 'href',
        label: 'Lien du bouton',
        kind: 'text',
        hint: 'Un chemin du site (/…) ou une adresse https://, mailto: ou tel:',
      },
    ],
    create: () => ({
      type: 'callToAction',
      title: 'Prenez rendez-vous',
      label: 'Nous contacter',
      href: '/nous-contacter',
    }),
  },
  {
    type: 'htmlEmbed',
    label: 'Contenu intégré (vidéo, widget)',
    fields: [
      { key: 'title', label: 'Titre (lu par les lecteurs d’écran)', kind: 'text' },
      { key: 'html', label: 'Code HTML à intégrer', kind: 'html' },
    ],
    create: () => ({ type: 'htmlEmbed', title: 'Vidéo', html: '' }),
  },
  {
    type: 'newsletter',
    label: "Inscription à la lettre d'information",
    fields: [title, { key: 'text', label: 'Texte', kind: 'longText', optional: true }],
    create: () => ({ type: 'newsletter' }),
  },
];

export function blockKind(type: PageBlockType): BlockKind {
  return BLOCK_KINDS.find((kind) => kind.type === type)!;
}

/** The value an input gives back, as the block's schema expects it. */
export function fieldValue(field: BlockField, raw: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return raw === '' || raw === undefined ? undefined : Number(raw);
    case 'optionalNumber':
      return raw === '' || raw === undefined || raw === null ? null : Number(raw);
    case 'boolean':
      return Boolean(raw);
    case 'tags':
      return typeof raw === 'string'
        ? raw
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean)
        : raw;
    default:
      return field.optional && raw === '' ? undefined : raw;
  }
}
