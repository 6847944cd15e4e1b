import { asc, eq } from 'drizzle-orm';
import type { Language } from '@comptoir/contract/country';
import type { Db } from '../../db/client';
import { countries, languages } from '../../db/schema';

/** Languages are platform reference data shared by every site: no site filter here. */
export function createLanguageRepository(db: Db) {
  return {
    async list(): Promise<Language[]> {
      const rows = await db
        .select({
          id: languages.id,
          code: languages.code,
          label: languages.label,
          deeplCode: languages.deeplCode,
          isValid: languages.isValid,
          countryId: countries.id,
          alphaTwo: countries.alphaTwo,
          alphaThree: countries.alphaThree,
          numCode: countries.numCode,
          countryName: countries.name,
        })
        .from(languages)
        .leftJoin(countries, eq(countries.id, languages.countryId))
        .orderBy(asc(languages.id));
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        label: row.label,
        deeplCode: row.deeplCode,
        country:
          row.countryId === null
            ? null
            : {
                id: row.countryId,
                alphaTwo: row.alphaTwo!,
                alphaThree: row.alphaThree!,
                numCode: row.numCode!,
                name: row.countryName!,
              },
        isValid: row.isValid,
      }));
    },
  };
}

export type LanguageRepository = ReturnType<typeof createLanguageRepository>;
