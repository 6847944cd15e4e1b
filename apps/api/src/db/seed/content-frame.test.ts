import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INACTIVE_ACCOUNT_YEARS,
  fillLegalText,
  INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER,
  legalPlaceholdersIn,
  LEGAL_PLACEHOLDER_KEYS,
  yearsInWords,
} from '@comptoir/domain/legal-text';
import type { Database } from '../client';
import {
  elementLists,
  elements,
  externalAppConfigs,
  pages,
  popups,
  siteParameters,
} from '../schema';
import { createTestDatabase } from '../../test/test-app';
import { seedDatabase } from './seed';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

async function snapshot() {
  const db = database.db;
  return {
    lists: await db.select().from(elementLists).orderBy(asc(elementLists.id)),
    elements: await db.select().from(elements).orderBy(asc(elements.id)),
    popups: await db.select().from(popups).orderBy(asc(popups.id)),
    apps: await db.select().from(externalAppConfigs).orderBy(asc(externalAppConfigs.id)),
  };
}

async function parameter(siteId: number, type: string) {
  const [row] = await database.db
    .select({ value: siteParameters.value })
    .from(siteParameters)
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)));
  return row?.value ?? null;
}

describe('the content-frame seed', () => {
  it('writes nothing again on the next runs and does not bring back a deleted message', async () => {
    const [message] = await database.db
      .select()
      .from(elements)
      .where(eq(elements.siteId, 91))
      .orderBy(asc(elements.id))
      .limit(1);
    await database.db.delete(elements).where(eq(elements.id, message!.id));
    const before = await snapshot();
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await snapshot()).toEqual(before);
  });

  it("links site 91's home page, and no other page, to its welcome popup", async () => {
    const linked = await database.db
      .select({ siteId: pages.siteId, url: pages.url })
      .from(pages)
      .innerJoin(popups, and(eq(popups.siteId, pages.siteId), eq(popups.id, pages.idPopup)));
    expect(linked).toEqual([{ siteId: 91, url: '/' }]);
  });

  it('gives both sites legal texts whose placeholders are all company details', async () => {
    for (const siteId of [91, 92]) {
      for (const type of ['USE_TERMS', 'PRIVACY_POLICY', 'COOKIE_POLICY', 'LEGAL_NOTICE']) {
        const text = await parameter(siteId, type);
        expect(text, `${type} of ${siteId}`).toBeTruthy();
        for (const key of legalPlaceholdersIn(text!)) {
          // The company's details, and the inactive accounts' period (decision 0110).
          expect([...LEGAL_PLACEHOLDER_KEYS, INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER]).toContain(key);
        }
      }
    }
  });

  it('writes terms of sale for the wine shop only', async () => {
    expect(await parameter(91, 'SALE_TERMS')).toBe('');
    expect(await parameter(92, 'SALE_TERMS')).toContain('rétractation');
  });

  it('covers what the specification asks of the privacy policy and terms of use', async () => {
    const privacy = fillLegalText((await parameter(91, 'PRIVACY_POLICY'))!, {
      [INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER]: yearsInWords(DEFAULT_INACTIVE_ACCOUNT_YEARS),
    });
    expect(privacy).toContain('href="/use-terms"');
    expect(privacy).toContain('href="/mon-compte/desinscription"');
    expect(privacy).toContain('anonymisées après trois ans sans connexion ni commande');
    expect(privacy).toContain('dix jours ouvrés');
    expect(privacy).toContain('trente jours');
    expect(privacy).toContain('du lundi au vendredi, de 9 h à 17 h');
    const terms = (await parameter(91, 'USE_TERMS'))!;
    for (const topic of [
      'courrier électronique',
      'courrier postal',
      'formulaire de contact',
      'Propriété intellectuelle',
      'Responsabilité',
      'Liens hypertextes',
      'Cookies',
      'droit français',
      'treize mois',
    ]) {
      expect(terms, topic).toContain(topic);
    }
  });
});
