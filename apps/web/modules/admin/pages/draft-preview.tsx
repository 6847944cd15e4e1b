import 'server-only';
import { z } from 'zod';
import { pageBlockSchema } from '@comptoir/contract/page-blocks';
import { loadAdminAccess } from '../frame/admin-session.server';
import { PageBlocks } from '../../page-blocks/page-blocks';
import { PageHero } from '../../pages/page-hero';
import { decodeDraft } from './draft-encoding';

const draftSchema = z.object({
  title: z.string().max(200),
  intro: z.string().max(300).nullable(),
  blocks: z.array(z.unknown()).max(100),
});

/**
 * A page's content as the storefront renders it, from the block editor's unsaved blocks: the same
 * hero and block components as the public page, drawn on the server (the blocks read their own
 * data: albums, news, forms…) inside the storefront's layout (app/[site]/apercu-brouillon). Only
 * an administrator of the site gets it; blocks that do not match their schema yet are left out,
 * and said so.
 */
export async function DraftPreview({
  siteId,
  encoded,
}: {
  siteId: number;
  encoded: string | null;
}) {
  const access = await loadAdminAccess(siteId);
  if (access.status !== 'admin') {
    return <p className="container">Cet aperçu est réservé aux administrateurs du site.</p>;
  }
  const draft = draftSchema.safeParse(encoded ? await decodeDraft(encoded) : null);
  if (!draft.success) {
    return (
      <p className="container">L&apos;aperçu de l&apos;éditeur de pages s&apos;affiche ici.</p>
    );
  }
  const { title, intro, blocks } = draft.data;
  const valid = blocks.flatMap((block) => {
    const parsed = pageBlockSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
  const invalid = blocks.length - valid.length;
  return (
    <>
      <PageHero title={title} intro={intro} />
      {invalid > 0 && (
        <p className="container" role="note">
          {invalid} bloc{invalid > 1 ? 's' : ''} à corriger dans l&apos;éditeur ne s&apos;affiche
          {invalid > 1 ? 'nt' : ''} pas encore.
        </p>
      )}
      <PageBlocks blocks={valid} siteId={siteId} />
    </>
  );
}
