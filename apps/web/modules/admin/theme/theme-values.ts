import {
  CODE_PARAMETERS,
  MONEY_PARAMETERS,
  type AdminParameter,
} from '@comptoir/contract/admin-theme';
import type { ParameterValue } from '@comptoir/domain/site-parameters';

/** What a form field holds: the checkbox's state, or the text typed. */
export type FormValue = string | boolean;
export type ThemeFormValues = Record<string, FormValue>;

export interface ThemeSection {
  id: string;
  title: string;
  description?: string;
  includes: (parameter: AdminParameter) => boolean;
}

/** The screen's sections, in order; every parameter of the catalogue falls in exactly one. */
export const THEME_SECTIONS: readonly ThemeSection[] = [
  {
    id: 'couleurs',
    title: 'Couleurs',
    description:
      'Les couleurs du site. Un avertissement signale un texte trop peu contrasté sur son fond (règle WCAG AA).',
    includes: (parameter) => parameter.group === 'colours',
  },
  {
    id: 'tailles',
    title: 'Tailles de la mise en page',
    description: 'En pixels, sauf mention contraire.',
    includes: (parameter) => parameter.group === 'layout' && parameter.kind === 'NUMBER',
  },
  {
    id: 'menu',
    title: 'Menu et en-tête',
    includes: (parameter) => parameter.group === 'layout' && parameter.kind !== 'NUMBER',
  },
  {
    id: 'entreprise',
    title: "Identité de l'entreprise",
    includes: (parameter) => parameter.group === 'company',
  },
  {
    id: 'horaires',
    title: "Horaires d'ouverture",
    description: 'Tels qu’ils s’affichent, par exemple « 9 h – 12 h, 14 h – 19 h » ou « Fermé ».',
    includes: (parameter) => parameter.group === 'hours',
  },
  {
    id: 'reseaux',
    title: 'Réseaux sociaux',
    includes: (parameter) => parameter.group === 'social',
  },
  {
    id: 'textes',
    title: 'Textes légaux et présentation',
    includes: (parameter) => parameter.group === 'texts' && !CODE_PARAMETERS.has(parameter.type),
  },
  {
    id: 'fonctionnalites',
    title: "Fonctionnalités et lettre d'information",
    includes: (parameter) => parameter.group === 'features',
  },
  {
    id: 'boutique',
    title: 'Boutique',
    description: 'Les montants se saisissent en euros (par exemple 49,90).',
    includes: (parameter) => parameter.group === 'shop',
  },
  {
    id: 'referencement',
    title: 'Référencement',
    includes: (parameter) => parameter.group === 'seo',
  },
  { id: 'icones', title: 'Icônes', includes: (parameter) => parameter.group === 'icons' },
  {
    id: 'code',
    title: 'CSS et scripts personnalisés',
    includes: (parameter) => CODE_PARAMETERS.has(parameter.type),
  },
];

/** The field's starting content: money in euros with a decimal comma, unset texts empty. */
export function toFormValue(parameter: AdminParameter): FormValue {
  const { value } = parameter;
  if (parameter.kind === 'BOOLEAN') return value === true;
  if (value === null) return '';
  if (parameter.kind === 'NUMBER' && typeof value === 'number') {
    return MONEY_PARAMETERS.has(parameter.type)
      ? value.toFixed(2).replace('.', ',')
      : String(value).replace('.', ',');
  }
  return String(value);
}

/**
 * The value to send for what the field holds. An empty field unsets the parameter (it then reads
 * as its default); a number that does not read stays text, which the contract's check refuses
 * with its message.
 */
export function toWireValue(parameter: AdminParameter, field: FormValue): ParameterValue {
  if (parameter.kind === 'BOOLEAN') return field === true;
  const text = typeof field === 'string' ? field : '';
  if (parameter.kind === 'NUMBER') {
    const written = text.trim().replace(/\s/g, '').replace(',', '.');
    if (written === '') return null;
    const number = Number(written);
    return /^-?\d+(\.\d+)?$/.test(written) && Number.isFinite(number) ? number : text;
  }
  if (parameter.kind === 'TEXT') return text === '' ? null : text;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The parameters whose field differs from where it started, as the batch to send. */
export function changedValues(
  parameters: readonly AdminParameter[],
  values: ThemeFormValues,
): Record<string, ParameterValue> {
  const batch: Record<string, ParameterValue> = {};
  for (const parameter of parameters) {
    const field = values[parameter.type];
    if (field === undefined || field === toFormValue(parameter)) continue;
    batch[parameter.type] = toWireValue(parameter, field);
  }
  return batch;
}
