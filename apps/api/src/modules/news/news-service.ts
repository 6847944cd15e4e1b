import { DEFAULT_NEWS_PAGE_SIZE, type News, type NewsList } from '@comptoir/contract/news';
import { HttpError } from '../../http/http-error';
import { pagingOf, parseFilters } from '../../lib/list-query';
import { newsFilterColumns, type NewsRecord, type NewsRepository } from './news-repository';

function newsOf(record: NewsRecord): News {
  return { ...record, publishedAt: record.publishedAt.toISOString() };
}

export function createNewsService(repository: NewsRepository) {
  return {
    /** A page of published news, newest first, and the site's latest promoted news apart. */
    async list(
      siteId: number,
      query: Record<string, unknown> & { page?: number; nbItem?: number },
    ): Promise<NewsList> {
      const [{ rows, total }, promoted] = await Promise.all([
        repository.listPublished(
          siteId,
          parseFilters(query, newsFilterColumns),
          pagingOf(query, DEFAULT_NEWS_PAGE_SIZE),
        ),
        repository.findLatestPromoted(siteId),
      ]);
      return { promoted: promoted ? newsOf(promoted) : null, list: rows.map(newsOf), total };
    },

    /** One published news item; another site's id is not found. */
    async get(siteId: number, id: number): Promise<News> {
      const item = await repository.findPublished(siteId, id);
      if (!item) throw new HttpError(404, `News ${id} not found.`);
      return newsOf(item);
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
