import type { Parameter } from '@comptoir/contract/parameter';
import { findParameterDefinition, type ParameterValue } from '@comptoir/domain/site-parameters';

/** Typed access to a site's parameters; an unset value falls back to the catalogue default. */
export interface ParameterReader {
  /** The raw list, for the theme builder. */
  readonly all: readonly Parameter[];
  /** A non-blank text, or null. */
  text(type: string): string | null;
  flag(type: string): boolean;
  number(type: string): number | null;
}

export function readParameters(parameters: readonly Parameter[]): ParameterReader {
  const byType = new Map(parameters.map((parameter) => [parameter.type, parameter.value]));
  const valueOf = (type: string): ParameterValue => {
    const value = byType.get(type);
    return value ?? findParameterDefinition(type)?.defaultValue ?? null;
  };
  return {
    all: parameters,
    text(type) {
      const value = valueOf(type);
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    },
    flag(type) {
      return valueOf(type) === true;
    },
    number(type) {
      const value = valueOf(type);
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    },
  };
}
