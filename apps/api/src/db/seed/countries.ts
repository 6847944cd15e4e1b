import { createRequire } from 'node:module';
import isoCountries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
isoCountries.registerLocale(require('i18n-iso-countries/langs/fr.json'));

export interface CountrySeed {
  id: number;
  alphaTwo: string;
  alphaThree: string;
  numCode: string;
  name: string;
  sortOrder: number;
}

const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * Every ISO 3166-1 country with its French name. The id is the numeric code, so a country keeps
 * the same id on every installation; sortOrder is the rank of the name in French order.
 */
export function buildCountrySeeds(): CountrySeed[] {
  const names = isoCountries.getNames('fr', { select: 'official' });
  return Object.entries(names)
    .map(([alphaTwo, name]) => {
      const numCode = isoCountries.alpha2ToNumeric(alphaTwo);
      const alphaThree = isoCountries.alpha2ToAlpha3(alphaTwo);
      if (!numCode || !alphaThree) throw new Error(`Incomplete ISO codes for country ${alphaTwo}`);
      return { alphaTwo, alphaThree, numCode, name };
    })
    .sort((first, second) => frenchOrder.compare(first.name, second.name))
    .map((country, index) => ({ ...country, id: Number(country.numCode), sortOrder: index + 1 }));
}
