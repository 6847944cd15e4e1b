import type { Metadata } from 'next';
import { IntentLink } from '../../ui/intent-link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import {
  DEFAULT_BLOG_PAGE_SIZE,
  type BlogArianeEntry,
  type BlogArticle,
  type BlogFolder,
  type BlogFolderList,
} from '@comptoir/contract/blog';
import { findPageByUrl, menuLabel } from '@comptoir/domain/page-tree';
import {
  findBlogArticleBySlug,
  findBlogFolderBySlug,
  getBlogArticleAriane,
  getBlogFolderAriane,
  getBlogFolders,
  getBlogList,
} from '../../lib/data/blog.server';
import { loadSiteShell, type SiteShell } from '../../lib/data/site-shell.server';
import { pageMetadata } from '../../lib/page-metadata';
import { sanitizeArticleHtml } from '@comptoir/domain/rich-text';
import { parseSiteId } from '../../lib/site-id';
import { Icon } from '../../ui/icon';
import { PageHero } from '../pages/page-hero';
import { ArticleCards } from './article-cards';
import { BlogBreadcrumb, type BlogCrumb } from './blog-breadcrumb';
import {
  arianeMatches,
  arianePaths,
  BLOG_HOME_PATH,
  blogFolderPath,
  blogPathOf,
  listPagePath,
  parseBlogSegments,
} from './blog-paths';
import styles from './blog.module.css';
import { FolderCards } from './folder-cards';
import { isDisplayableImage } from './images';
import { ListPagination } from './list-pagination';
import { formatPublicationDate } from './publication-date';

/** The `[site]` and, under /blog, the catch-all segments of a blog URL. */
export type BlogRouteParams = Promise<{ site: string; path?: string[] }>;

interface BlogContext {
  siteId: number;
  shell: SiteShell;
  /** What the breadcrumb and the home's title call the blog (its page in the tree, if any). */
  blogTitle: string;
  blogIntro: string | null;
  folders: BlogFolder[];
}

type BlogView = BlogContext &
  (
    | { kind: 'home'; page: number; list: BlogFolderList }
    | {
        kind: 'folder';
        page: number;
        folder: BlogFolder;
        ariane: BlogArianeEntry[];
        list: BlogFolderList;
      }
    | { kind: 'article'; article: BlogArticle; ariane: BlogArianeEntry[] }
  );

function pageCountOf(list: BlogFolderList): number {
  return Math.max(1, Math.ceil(list.total / DEFAULT_BLOG_PAGE_SIZE));
}

/**
 * What a URL under /blog shows, or the not-found page: a site without a blog
 * (IS_BLOG_ACTIVATED off), a slug no folder or article has, a path that is not the one the
 * breadcrumb spells (an article under another folder's slug), a list page past the last one.
 * Everything it reads is cached per site, so the page and its metadata share the calls.
 */
async function resolveBlogView(params: BlogRouteParams): Promise<BlogView> {
  const { site, path } = await params;
  const siteId = parseSiteId(site);
  if (siteId === null) notFound();
  const request = parseBlogSegments(path);
  if (!request) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.parameters.flag('IS_BLOG_ACTIVATED')) notFound();
  const folders = await getBlogFolders(siteId);
  if (!folders) notFound();
  const blogPage = findPageByUrl(shell.pages, BLOG_HOME_PATH);
  const context: BlogContext = {
    siteId,
    shell,
    blogTitle: blogPage ? menuLabel(blogPage) : 'Blog',
    blogIntro: blogPage?.metaDescription ?? null,
    folders,
  };
  const { slugs, page } = request;

  if (slugs.length === 0) {
    const list = await getBlogList(siteId, { folderId: null, page, includeSubFolders: true });
    if (!list || page > pageCountOf(list)) notFound();
    return { ...context, kind: 'home', page, list };
  }

  const slug = slugs.at(-1)!;
  // A list page (/page/n) is always a folder's; otherwise a folder's slug wins over an article's.
  const [folder, article] = await Promise.all([
    findBlogFolderBySlug(siteId, slug),
    page === 1 ? findBlogArticleBySlug(siteId, slug) : null,
  ]);
  if (folder) {
    const ariane = await getBlogFolderAriane(siteId, folder.id);
    if (ariane && arianeMatches(ariane, slugs)) {
      const list = await getBlogList(siteId, { folderId: folder.id, page });
      if (!list || page > pageCountOf(list)) notFound();
      return { ...context, kind: 'folder', page, folder, ariane, list };
    }
  }
  if (article) {
    const ariane = await getBlogArticleAriane(siteId, article.id);
    if (ariane && arianeMatches(ariane, slugs)) {
      return { ...context, kind: 'article', article, ariane };
    }
  }
  notFound();
}

/** Blog › folders › (this page): the ariane entries as links, the last one the current page. */
function crumbsOf(view: BlogView): BlogCrumb[] {
  const blog = { label: view.blogTitle, href: BLOG_HOME_PATH };
  if (view.kind === 'home') return [blog];
  const paths = arianePaths(view.ariane);
  return [
    blog,
    ...view.ariane.map((entry, index) => ({ label: entry.title, href: paths[index]! })),
  ];
}

function pageSuffix(page: number): string {
  return page > 1 ? ` – page ${page}` : '';
}

export async function blogRouteMetadata(params: BlogRouteParams): Promise<Metadata> {
  const view = await resolveBlogView(params);
  switch (view.kind) {
    case 'home':
      return pageMetadata(view.shell, {
        title: `${view.blogTitle}${pageSuffix(view.page)}`,
        description: view.blogIntro,
        path: listPagePath(BLOG_HOME_PATH, view.page),
      });
    case 'folder':
      return pageMetadata(view.shell, {
        title: `${view.folder.title}${pageSuffix(view.page)}`,
        description: view.folder.description ?? view.blogIntro,
        path: listPagePath(blogPathOf(view.ariane.map((entry) => entry.slug)), view.page),
        imageUrl: isDisplayableImage(view.folder.imageUrl) ? view.folder.imageUrl : null,
      });
    case 'article':
      return pageMetadata(view.shell, {
        title: view.article.title,
        description: view.article.summary ?? view.blogIntro,
        path: blogPathOf(view.ariane.map((entry) => entry.slug)),
        imageUrl: isDisplayableImage(view.article.imageUrl) ? view.article.imageUrl : null,
        type: 'article',
      });
  }
}

/** Any page under /blog: the blog's home, a folder, or an article. */
export async function BlogRoute({ params }: { params: BlogRouteParams }) {
  const view = await resolveBlogView(params);
  const breadcrumb = <BlogBreadcrumb crumbs={crumbsOf(view)} />;
  switch (view.kind) {
    case 'home':
      return <BlogHome view={view} breadcrumb={breadcrumb} />;
    case 'folder':
      return <BlogFolderPage view={view} breadcrumb={breadcrumb} />;
    case 'article':
      return <BlogArticlePage view={view} breadcrumb={breadcrumb} />;
  }
}

type ViewOf<K extends BlogView['kind']> = Extract<BlogView, { kind: K }>;

function BlogHome({ view, breadcrumb }: { view: ViewOf<'home'>; breadcrumb: ReactNode }) {
  const { list, page, folders } = view;
  return (
    <>
      <PageHero
        title={`${view.blogTitle}${pageSuffix(page)}`}
        intro={page === 1 ? view.blogIntro : null}
        before={breadcrumb}
      />
      {page === 1 && list.folders.length > 0 && (
        <section aria-labelledby="blog-folders" className={`container ${styles.section}`}>
          <h2 id="blog-folders" className={styles.heading}>
            Les dossiers
          </h2>
          <FolderCards folders={list.folders} tree={folders} />
        </section>
      )}
      <section aria-labelledby="blog-latest" className={`container ${styles.section}`}>
        <h2 id="blog-latest" className={styles.heading}>
          {page === 1 ? 'Derniers articles' : 'Articles'}
        </h2>
        {list.blogs.length > 0 ? (
          <ArticleCards articles={list.blogs} folders={folders} />
        ) : (
          <p className={styles.empty}>Aucun article n’est encore publié. Revenez bientôt !</p>
        )}
        <ListPagination listPath={BLOG_HOME_PATH} page={page} pageCount={pageCountOf(list)} />
      </section>
    </>
  );
}

function BlogFolderPage({ view, breadcrumb }: { view: ViewOf<'folder'>; breadcrumb: ReactNode }) {
  const { folder, list, page, folders } = view;
  const hasContent = list.blogs.length > 0 || list.folders.length > 0;
  return (
    <>
      <PageHero
        title={`${folder.title}${pageSuffix(page)}`}
        intro={page === 1 ? folder.description : null}
        before={breadcrumb}
      />
      {page === 1 && list.folders.length > 0 && (
        <section aria-labelledby="blog-subfolders" className={`container ${styles.section}`}>
          <h2 id="blog-subfolders" className={styles.heading}>
            Dans ce dossier
          </h2>
          <FolderCards folders={list.folders} tree={folders} />
        </section>
      )}
      {(list.blogs.length > 0 || !hasContent) && (
        <section aria-labelledby="blog-articles" className={`container ${styles.section}`}>
          <h2 id="blog-articles" className={styles.heading}>
            Articles
          </h2>
          {list.blogs.length > 0 ? (
            <ArticleCards articles={list.blogs} folders={folders} />
          ) : (
            <p className={styles.empty}>Aucun article n’est encore publié dans ce dossier.</p>
          )}
          <ListPagination
            listPath={blogFolderPath(folders, folder.id)}
            page={page}
            pageCount={pageCountOf(list)}
          />
        </section>
      )}
    </>
  );
}

async function BlogArticlePage({
  view,
  breadcrumb,
}: {
  view: ViewOf<'article'>;
  breadcrumb: ReactNode;
}) {
  const { article, folders, siteId } = view;
  const content = sanitizeArticleHtml(article.content);
  const folder = folders.find((candidate) => candidate.id === article.folderId) ?? null;
  const siblings = await getBlogList(siteId, { folderId: article.folderId, nbItem: 4 });
  const related = (siblings?.blogs ?? []).filter((other) => other.id !== article.id).slice(0, 3);
  const backHref = blogFolderPath(folders, article.folderId);

  return (
    <>
      <article className={styles.article}>
        <PageHero
          title={article.title}
          intro={article.summary}
          before={breadcrumb}
          actions={
            <p className={styles.articleMeta}>
              Publié le{' '}
              <time dateTime={article.publishedAt}>
                {formatPublicationDate(article.publishedAt)}
              </time>
              {article.author && <> par {article.author}</>}
            </p>
          }
        />
        <div className={`container ${styles.articleBody}`}>
          {isDisplayableImage(article.imageUrl) && (
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img className={styles.cover} src={article.imageUrl} alt="" width={1200} height={675} />
          )}
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: content }} />
          <p className={styles.back}>
            <IntentLink href={backHref}>
              <Icon name="arrow-right" size={18} className={styles.backIcon} />
              {folder ? `Tous les articles « ${folder.title} »` : 'Tous les articles du blog'}
            </IntentLink>
          </p>
        </div>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="blog-related" className={`container ${styles.section}`}>
          <h2 id="blog-related" className={styles.heading}>
            À lire aussi
          </h2>
          <ArticleCards articles={related} folders={folders} />
        </section>
      )}
    </>
  );
}
