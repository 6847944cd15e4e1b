import type { ImpactValue, NodeResult, Result } from 'axe-core';

/**
 * The publish check's findings in the owner's words (decision 0112): axe-core's serious and
 * critical violations on the draft preview, each with a short French explanation of what is
 * wrong and how to fix it in the block editor, and the elements concerned.
 */

/** One problem to show before the page goes live. */
export interface AccessibilityFinding {
  /** axe-core's rule id (or this check's own), to tell findings apart. */
  rule: string;
  impact: 'critical' | 'serious';
  /** What is wrong, in a short French sentence. */
  title: string;
  /** Why it matters and what to do in the editor. */
  advice: string;
  /** The elements concerned, described for the owner (at most MAX_ELEMENTS). */
  elements: string[];
  /** How many elements more than those listed. */
  more: number;
}

/** The elements listed per finding; the rest are counted. */
export const MAX_ELEMENTS = 5;

/** Our own rule: an image block whose description was left empty (decision 0112). */
export const EMPTY_ALT_RULE = 'image-sans-description';

/** French words for the rules an owner's content most often breaks. */
const RULE_TEXTS: Record<string, { title: string; advice: string }> = {
  'image-alt': {
    title: 'Image sans texte alternatif',
    advice:
      'Un lecteur d’écran ne peut pas dire ce qu’elle montre : décrivez-la, ou indiquez qu’elle est décorative.',
  },
  [EMPTY_ALT_RULE]: {
    title: 'Image sans texte alternatif',
    advice:
      'Sans description, les lecteurs d’écran passent cette image sous silence. Remplissez « Description de l’image » ; ne la laissez vide que pour une image purement décorative.',
  },
  'role-img-alt': {
    title: 'Image sans texte alternatif',
    advice: 'Donnez à cette image une description que les lecteurs d’écran puissent lire.',
  },
  'input-image-alt': {
    title: 'Bouton image sans texte alternatif',
    advice: 'Le bouton doit dire ce qu’il fait : ajoutez-lui un texte alternatif.',
  },
  'color-contrast': {
    title: 'Contraste insuffisant entre le texte et le fond',
    advice:
      'Le texte se lit mal, surtout en plein soleil ou avec une vue faible : foncez le texte ou éclaircissez le fond (couleurs du thème).',
  },
  'link-name': {
    title: 'Lien vide',
    advice:
      'Ce lien n’a aucun texte : un lecteur d’écran ne peut pas dire où il mène. Écrivez le texte du lien, ou retirez-le.',
  },
  'button-name': {
    title: 'Bouton sans nom',
    advice: 'Ce bouton n’a aucun texte : dites ce qu’il fait.',
  },
  'heading-order': {
    title: 'Niveaux de titres dans le désordre',
    advice:
      'Les titres doivent se suivre sans sauter de niveau (un titre <h2>, puis <h3>…) : c’est le plan de la page pour qui ne la voit pas.',
  },
  'empty-heading': {
    title: 'Titre vide',
    advice: 'Ce titre n’a aucun texte : écrivez-le ou retirez-le.',
  },
  'frame-title': {
    title: 'Contenu intégré sans titre',
    advice: 'Donnez un titre au bloc qui l’intègre (vidéo, carte…) : il annonce ce qu’il contient.',
  },
  label: {
    title: 'Champ de formulaire sans étiquette',
    advice: 'Chaque champ doit avoir un libellé qui dit ce qu’on y saisit.',
  },
  list: {
    title: 'Liste mal construite',
    advice: 'Une liste ne doit contenir que des éléments de liste <li>.',
  },
  listitem: {
    title: 'Élément de liste hors d’une liste',
    advice: 'Un élément <li> doit être placé dans une liste <ul> ou <ol>.',
  },
  'duplicate-id': {
    title: 'Identifiant en double',
    advice: 'Deux éléments portent le même identifiant (id) : changez l’un des deux.',
  },
  'video-caption': {
    title: 'Vidéo sans sous-titres',
    advice: 'Ajoutez des sous-titres à la vidéo pour les personnes sourdes ou malentendantes.',
  },
  'nested-interactive': {
    title: 'Élément cliquable dans un autre',
    advice: 'Un lien ou un bouton ne doit pas en contenir un autre.',
  },
  'link-in-text-block': {
    title: 'Lien qui ne se distingue pas du texte',
    advice: 'Un lien dans un paragraphe doit se voir autrement que par sa couleur (souligné).',
  },
};

function attribute(html: string, name: string): string | null {
  const match = html.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i'));
  return match ? match[1]! : null;
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** One element, as the owner would recognise it on the page. */
export function describeElement(html: string): string {
  const tag = html.match(/^<([a-z][a-z0-9-]*)/i)?.[1]?.toLowerCase();
  const text = shorten(textOf(html));
  switch (tag) {
    case 'img': {
      const src = attribute(html, 'src');
      return src ? `L’image ${shorten(src)}` : 'Une image';
    }
    case 'a': {
      const href = attribute(html, 'href');
      return text ? `Le lien « ${text} »` : href ? `Le lien vers ${shorten(href)}` : 'Un lien';
    }
    case 'button':
      return text ? `Le bouton « ${text} »` : 'Un bouton';
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return text ? `Le titre « ${text} » (${tag})` : `Un titre vide (${tag})`;
    case 'iframe': {
      const src = attribute(html, 'src');
      return src ? `Le contenu intégré ${shorten(src)}` : 'Un contenu intégré';
    }
    case 'input':
    case 'select':
    case 'textarea': {
      const name = attribute(html, 'name');
      return name ? `Le champ « ${name} »` : 'Un champ de formulaire';
    }
    default:
      return text ? `Le texte « ${text} »` : shorten(html, 120);
  }
}

function isBlocking(impact: ImpactValue | null | undefined): impact is 'critical' | 'serious' {
  return impact === 'critical' || impact === 'serious';
}

function elementsOf(
  nodes: Pick<NodeResult, 'html'>[],
): Pick<AccessibilityFinding, 'elements' | 'more'> {
  const described = [...new Set(nodes.map((node) => describeElement(node.html)))];
  return {
    elements: described.slice(0, MAX_ELEMENTS),
    more: Math.max(0, described.length - MAX_ELEMENTS),
  };
}

/** The violation as axe-core reports it: the fields this summary reads. */
export type AxeViolation = Pick<Result, 'id' | 'impact' | 'help'> & {
  nodes: Pick<NodeResult, 'html' | 'impact'>[];
};

/** axe-core's French help per rule (`rules[id].help` of its `fr` locale). */
export type FrenchHelp = Readonly<Record<string, string>>;

/** The help of each rule of axe-core's French locale file, or none from anything else. */
export function frenchHelpOf(locale: unknown): FrenchHelp {
  const rules = (locale as { rules?: unknown } | null)?.rules;
  if (!rules || typeof rules !== 'object') return {};
  return Object.fromEntries(
    Object.entries(rules as Record<string, { help?: unknown }>).flatMap(([id, rule]) =>
      typeof rule?.help === 'string' ? [[id, rule.help]] : [],
    ),
  );
}

/**
 * The serious and critical violations, critical first, in French: our words for the common
 * rules, axe-core's French help (its `fr` locale, `frenchHelp`) for the others, its own help
 * last. `emptyAltImages` are the outer HTML of the image blocks' images whose description is
 * empty.
 */
export function summarizeViolations(
  violations: readonly AxeViolation[],
  emptyAltImages: readonly string[] = [],
  frenchHelp: FrenchHelp = {},
): AccessibilityFinding[] {
  const findings: AccessibilityFinding[] = [];
  for (const violation of violations) {
    const nodes = violation.nodes.filter((node) => isBlocking(node.impact ?? violation.impact));
    if (nodes.length === 0 || !isBlocking(violation.impact)) continue;
    const texts = RULE_TEXTS[violation.id];
    findings.push({
      rule: violation.id,
      impact: violation.impact,
      title: texts?.title ?? frenchHelp[violation.id] ?? violation.help,
      advice:
        texts?.advice ?? 'Voyez l’élément concerné dans l’aperçu et corrigez-le dans son bloc.',
      ...elementsOf(nodes),
    });
  }
  if (emptyAltImages.length > 0) {
    findings.push({
      rule: EMPTY_ALT_RULE,
      impact: 'serious',
      ...RULE_TEXTS[EMPTY_ALT_RULE]!,
      ...elementsOf(emptyAltImages.map((html) => ({ html }))),
    });
  }
  const rank = { critical: 0, serious: 1 };
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank[a.finding.impact] - rank[b.finding.impact] || a.index - b.index)
    .map(({ finding }) => finding);
}
