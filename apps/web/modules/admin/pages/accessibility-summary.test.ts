import { describe, expect, it } from 'vitest';
import {
  EMPTY_ALT_RULE,
  MAX_ELEMENTS,
  describeElement,
  frenchHelpOf,
  summarizeViolations,
  type AxeViolation,
} from './accessibility-summary';

const imageAlt: AxeViolation = {
  id: 'image-alt',
  impact: 'critical',
  help: 'Les images doivent avoir une alternative textuelle',
  nodes: [{ html: '<img src="/photos/cave.jpg" class="x">', impact: 'critical' }],
};

const contrast: AxeViolation = {
  id: 'color-contrast',
  impact: 'serious',
  help: 'Les éléments doivent avoir un contraste de couleurs suffisant',
  nodes: [
    { html: '<p class="pale">Dégustation <strong>samedi</strong></p>', impact: 'serious' },
    { html: '<a href="/vins">Nos vins</a>', impact: 'serious' },
  ],
};

describe('the French summary of the publish check', () => {
  it('lists serious and critical violations, critical first, in French with their elements', () => {
    const findings = summarizeViolations([contrast, imageAlt]);
    expect(findings.map((finding) => [finding.rule, finding.impact])).toEqual([
      ['image-alt', 'critical'],
      ['color-contrast', 'serious'],
    ]);
    expect(findings[0]).toMatchObject({
      title: 'Image sans texte alternatif',
      elements: ['L’image /photos/cave.jpg'],
      more: 0,
    });
    expect(findings[1]!.title).toBe('Contraste insuffisant entre le texte et le fond');
    expect(findings[1]!.advice).toMatch(/foncez le texte/);
    expect(findings[1]!.elements).toEqual([
      'Le texte « Dégustation samedi »',
      'Le lien « Nos vins »',
    ]);
  });

  it('leaves out moderate and minor violations, and the moderate elements of a serious rule', () => {
    const findings = summarizeViolations([
      {
        id: 'heading-order',
        impact: 'moderate',
        help: 'Les niveaux de titre doivent s’incrémenter d’un seul niveau à la fois',
        nodes: [{ html: '<h4>Horaires</h4>', impact: 'moderate' }],
      },
      { id: 'region', impact: 'minor', help: '…', nodes: [{ html: '<div>', impact: 'minor' }] },
      {
        id: 'link-name',
        impact: 'serious',
        help: 'Les liens doivent avoir un texte perceptible',
        nodes: [
          { html: '<a href="/contact"></a>', impact: 'serious' },
          { html: '<a href="/ailleurs"><span></span></a>', impact: 'minor' },
        ],
      },
    ]);
    expect(findings).toEqual([
      {
        rule: 'link-name',
        impact: 'serious',
        title: 'Lien vide',
        advice: expect.stringMatching(/aucun texte/),
        elements: ['Le lien vers /contact'],
        more: 0,
      },
    ]);
  });

  it('names a rule without words of its own by axe-core’s French help', () => {
    const violation: AxeViolation = {
      id: 'aria-required-children',
      impact: 'critical',
      help: 'Certain ARIA roles must contain particular children',
      nodes: [{ html: '<ul role="menu"><li>Un</li></ul>', impact: 'critical' }],
    };
    const frenchHelp = frenchHelpOf({
      lang: 'fr',
      rules: {
        'aria-required-children': {
          description: '…',
          help: 'Certains rôles ARIA doivent contenir des enfants spécifiques',
        },
      },
    });
    const [finding] = summarizeViolations([violation], [], frenchHelp);
    expect(finding!.title).toBe('Certains rôles ARIA doivent contenir des enfants spécifiques');
    expect(finding!.advice).toMatch(/corrigez-le dans son bloc/);
    // Without the French texts (their file did not load), axe-core's own words rather than none.
    expect(summarizeViolations([violation], [], frenchHelpOf(null))[0]!.title).toBe(
      'Certain ARIA roles must contain particular children',
    );
  });

  it('asks about image blocks left without a description', () => {
    const findings = summarizeViolations([], ['<img src="/img/vendanges.jpg" alt="">']);
    expect(findings).toEqual([
      {
        rule: EMPTY_ALT_RULE,
        impact: 'serious',
        title: 'Image sans texte alternatif',
        advice: expect.stringMatching(/Description de l’image/),
        elements: ['L’image /img/vendanges.jpg'],
        more: 0,
      },
    ]);
  });

  it('lists a few elements and counts the others, each once', () => {
    const nodes = Array.from({ length: MAX_ELEMENTS + 3 }, (_, index) => ({
      html: `<a href="/p${index}"></a>`,
      impact: 'serious' as const,
    }));
    const [finding] = summarizeViolations([
      { id: 'link-name', impact: 'serious', help: '', nodes: [...nodes, nodes[0]!] },
    ]);
    expect(finding!.elements).toHaveLength(MAX_ELEMENTS);
    expect(finding!.more).toBe(3);
  });

  it('describes elements as the owner sees them', () => {
    expect(describeElement('<button class="b"></button>')).toBe('Un bouton');
    expect(describeElement('<h3 id="x">Nos  cuvées</h3>')).toBe('Le titre « Nos cuvées » (h3)');
    expect(describeElement('<iframe src="https://www.youtube-nocookie.com/embed/a">')).toBe(
      'Le contenu intégré https://www.youtube-nocookie.com/embed/a',
    );
    expect(describeElement('<input name="email" type="email">')).toBe('Le champ « email »');
    expect(describeElement(`<p>${'a'.repeat(200)}</p>`)).toMatch(/^Le texte « a{79}… »$/);
  });
});
