'use server';

import type { ReactNode } from 'react';
import { z } from 'zod';
import { pageBlockSchema } from '@comptoir/contract/page-blocks';
import { loadAdminAccess } from '../frame/admin-session.server';
import { PageBlocks } from '../../page-blocks/page-blocks';
import { PageHero } from '../../pages/page-hero';

const draftSchema = z.object({
  siteId: z.number().int().positive(),
  title: z.string().max(200),
  intro: z.string().max(300).nullable(),
  blocks: z.array(z.unknown()).max(100),
});

/**
 * A page's content as the storefront renders it, from the block editor's unsaved blocks: the same
 * hero and block components as the public page, drawn on the server (the blocks read their own
 * data: albums, news, forms…) inside the storefront's layout (app/[site]/apercu-brouillon). Only
 * an administrator of the site gets it; blocks that do not match their schema yet are left out,
 * and counted so the editor can say so.
 */
export async function renderDraftPreview(
  input: z.infer<typeof draftSchema>,
): Promise<{ preview: ReactNode; invalid: number } | { error: string }> {
  const draft = draftSchema.safeParse(input);
  if (!draft.success) return { error: "L'aperçu n'a pas pu être préparé." };
  const { siteId, title, intro, blocks } = draft.data;
  const access = await loadAdminAccess(siteId);
  if (access.status === 'anonymous') return { error: 'Votre session a expiré : reconnectez-vous.' };
  if (access.status === 'forbidden') return { error: 'Accès réservé aux administrateurs du site.' };
  const valid = blocks.flatMap((block) => {
    const parsed = pageBlockSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    invalid: blocks.length - valid.length,
    preview: (
      <>
        <PageHero title={title} intro={intro} />
        <PageBlocks blocks={valid} siteId={siteId} />
      </>
    ),
  };
}
