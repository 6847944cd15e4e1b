import type { ParameterKey } from './site-parameters';

export interface ParameterChoice {
  value: string;
  /** What the owner reads in the back office's list. */
  label: string;
}

/**
 * The values a STRING parameter may take when the storefront knows only a few (decision 0101).
 * The back office offers them in a list; the API refuses any other (null keeps the default,
 * always the first choice).
 */
export const PARAMETER_CHOICES = {
  PRODUCT_DISPLAY: [
    { value: 'GRID', label: 'Grille de vignettes' },
    { value: 'LIST', label: 'Liste, une ligne par produit' },
  ],
  PRODUCT_ORDER: [
    { value: 'PRICE_ASC', label: 'Par prix croissant' },
    { value: 'PRICE_DESC', label: 'Par prix décroissant' },
    { value: 'NAME', label: 'Par nom, de A à Z' },
    { value: 'POSITION', label: 'Votre ordre (celui du catalogue)' },
  ],
  PRODUCT_ASPECT_RATIO: [
    { value: 'PORTRAIT', label: 'Portrait (3 × 4), pour les bouteilles' },
    { value: 'SQUARE', label: 'Carré (1 × 1)' },
    { value: 'LANDSCAPE', label: 'Paysage (4 × 3)' },
  ],
  PRODUCT_PAGE_STYLE: [
    { value: 'PICTURE_LEFT', label: 'Photo à gauche, achat à droite' },
    { value: 'PICTURE_RIGHT', label: 'Achat à gauche, photo à droite' },
    { value: 'STACKED', label: 'Photo au-dessus, achat en dessous' },
  ],
  FEATURES_STYLE: [
    { value: 'TABLE', label: 'Tableau (un intitulé, une valeur par ligne)' },
    { value: 'CARDS', label: 'Vignettes côte à côte' },
  ],
} as const satisfies Partial<Record<ParameterKey, readonly ParameterChoice[]>>;

type Choices = typeof PARAMETER_CHOICES;
export type ChoiceParameter = keyof Choices;
export type ChoiceOf<Key extends ChoiceParameter> = Choices[Key][number]['value'];

/** The choices of a parameter, or null when it takes free text. */
export function parameterChoices(type: string): readonly ParameterChoice[] | null {
  return (PARAMETER_CHOICES as Partial<Record<string, readonly ParameterChoice[]>>)[type] ?? null;
}

/** A parameter's value when it is one of its choices (case aside), else its first choice. */
export function chosenValue<Key extends ChoiceParameter>(
  type: Key,
  value: string | null,
): ChoiceOf<Key> {
  const choices: readonly ParameterChoice[] = PARAMETER_CHOICES[type];
  const upper = value?.trim().toUpperCase();
  const found = choices.find((choice) => choice.value === upper) ?? choices[0]!;
  return found.value as ChoiceOf<Key>;
}
