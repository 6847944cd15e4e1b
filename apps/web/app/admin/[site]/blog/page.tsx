import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminBlog } from '@comptoir/contract/admin-blog';
import { parseSiteId } from '../../../../lib/site-id';
import { BlogManager } from '../../../../modules/admin/blog/blog-manager';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';

export const instant = false;

export const metadata: Metadata = { title: 'Blog' };

/** The blog's articles and folders, unpublished ones included. */
export default async function BlogPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const blog = await (await adminApi(siteId)).call(getAdminBlog);
  return (
    <>
      <h1>Blog</h1>
      <p>
        Écrivez vos articles, rangez-les dans des dossiers et publiez-les quand vous voulez. Un
        article publié s&apos;affiche sur le site dès qu&apos;il est enregistré.
      </p>
      <BlogManager siteId={siteId} blog={blog} />
    </>
  );
}
