export interface LanguageSeed {
  code: string;
  label: string;
  deeplCode: string;
  /** ISO 3166 numeric code, which is also the country's id. */
  countryId: number;
}

export const languageSeeds: readonly LanguageSeed[] = [
  { code: 'fr_FR', label: 'Français', deeplCode: 'FR', countryId: 250 },
  { code: 'en_GB', label: 'English', deeplCode: 'EN-GB', countryId: 826 },
];
