/*
 * Postal code formats by country (ISO 3166 alpha-3), from the national postal services'
 * published formats: a code that cannot exist in the country is refused before any carrier is
 * asked. France is checked further, against the list of its communes' codes (API, cities).
 */

const FORMATS: Readonly<Record<string, RegExp>> = {
  AND: /^AD\d{3}$/,
  AUS: /^\d{4}$/,
  AUT: /^\d{4}$/,
  BEL: /^\d{4}$/,
  BGR: /^\d{4}$/,
  BRA: /^\d{5}-?\d{3}$/,
  CAN: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/,
  CHE: /^\d{4}$/,
  CHN: /^\d{6}$/,
  CYP: /^\d{4}$/,
  CZE: /^\d{3} ?\d{2}$/,
  DEU: /^\d{5}$/,
  DNK: /^\d{4}$/,
  ESP: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  EST: /^\d{5}$/,
  FIN: /^\d{5}$/,
  FRA: /^\d{5}$/,
  GBR: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  GRC: /^\d{3} ?\d{2}$/,
  HRV: /^\d{5}$/,
  HUN: /^\d{4}$/,
  IRL: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  ISL: /^\d{3}$/,
  ITA: /^\d{5}$/,
  JPN: /^\d{3}-?\d{4}$/,
  LIE: /^94(?:8[5-9]|9[0-8])$/,
  LTU: /^(?:LT-?)?\d{5}$/,
  LUX: /^(?:L-?)?\d{4}$/,
  LVA: /^(?:LV-?)?\d{4}$/,
  MCO: /^980\d{2}$/,
  MLT: /^[A-Z]{3} ?\d{4}$/,
  NLD: /^\d{4} ?[A-Z]{2}$/,
  NOR: /^\d{4}$/,
  POL: /^\d{2}-?\d{3}$/,
  PRT: /^\d{4}-?\d{3}$/,
  ROU: /^\d{6}$/,
  SMR: /^4789\d$/,
  SVK: /^\d{3} ?\d{2}$/,
  SVN: /^(?:SI-?)?\d{4}$/,
  SWE: /^\d{3} ?\d{2}$/,
  USA: /^\d{5}(?:-\d{4})?$/,
  VAT: /^00120$/,
};

/** Any other country: letters, digits, spaces and hyphens, 2 to 10 of them. */
const GENERIC = /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/;

/** Whether a postal code can exist in a country, by the country's format (case ignored). */
export function isPostalCodeFormatOf(countryAlpha3: string, postalCode: string): boolean {
  const code = postalCode.trim().toUpperCase();
  return (FORMATS[countryAlpha3] ?? GENERIC).test(code);
}
