import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminBlog, getAdminBlogArticle } from '@comptoir/contract/admin-blog';
import { ApiError } from '@comptoir/contract/client';
import { rowIdSchema } from '@comptoir/contract/ids';
import { parseSiteId } from '../../../../../../lib/site-id';
import { ArticleForm } from '../../../../../../modules/admin/blog/article-form';
import { adminApi } from '../../../../../../modules/admin/frame/admin-session.server';

export const instant = false;

/** The segment of a new article's screen, /admin/blog/articles/nouveau. */
const NEW_ARTICLE = 'nouveau';

interface ArticlePageProps {
  params: Promise<{ site: string; id: string }>;
}

async function loadArticle({ params }: ArticlePageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const articleId = rowIdSchema.safeParse(id);
  if (siteId === null || (id !== NEW_ARTICLE && !articleId.success)) notFound();
  const api = await adminApi(siteId);
  const { folders } = await api.call(getAdminBlog);
  if (!articleId.success) return { siteId, folders, article: null };
  try {
    const article = await api.call(getAdminBlogArticle, { params: { id: articleId.data } });
    return { siteId, folders, article };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export async function generateMetadata(props: ArticlePageProps): Promise<Metadata> {
  const { article } = await loadArticle(props);
  return { title: article ? `Article « ${article.title} »` : 'Nouvel article' };
}

export default async function ArticlePage(props: ArticlePageProps) {
  const { siteId, folders, article } = await loadArticle(props);
  return (
    <>
      <h1>{article ? `Article « ${article.title} »` : 'Nouvel article'}</h1>
      <ArticleForm
        key={article?.id ?? NEW_ARTICLE}
        siteId={siteId}
        article={article}
        folders={folders}
      />
    </>
  );
}
