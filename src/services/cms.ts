/** The CMS API: articles and categories (management), published articles, reading and preview links; types from the generated paths. */
import { request } from '@umijs/max';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';
import { defineResource, type Body, type Data, type ItemOf, type Query } from './resource';

export const articleResource = defineResource({ name: 'cms-articles', base: '/api/cms/articles', idField: 'id', rowName: (r) => r.title });
export const categoryResource = defineResource({ name: 'cms-categories', base: '/api/cms/categories', idField: 'id', rowName: (r) => r.name });

export type ArticleRow = Data<'/api/cms/articles', 'get'>[number];
export type Article = ItemOf<typeof articleResource>;
export type ArticleBody = Body<'/api/cms/articles', 'post'>;
export type CategoryRow = Data<'/api/cms/categories', 'get'>[number];
export type PublishedArticle = Data<'/api/cms/published', 'get'>[number];
export type ReadArticle = Data<'/api/cms/articles/{id}/read', 'get'>;
export type PublishedQuery = Query<'/api/cms/published'>;
export type CoverMode = 'none' | 'one' | 'three';
export const COVER_MODES: CoverMode[] = ['none', 'one', 'three'];
/** the images each cover mode shows (the server's rule) */
export const COVER_IMAGES: Record<CoverMode, number> = { none: 0, one: 1, three: 3 };
export const ARTICLE_STATUSES = [0, 1] as const;
export const ARTICLE_LIMITS = { TITLE: 200, EXCERPT: 500, NAME: 64, DESCRIPTION: 500 } as const;

interface Ok<T> {
  success: true;
  data: T;
}
const call = <T>(url: string, opts: RequestOptions & { method: string; data?: unknown }) => request<Ok<T>>(url, opts).then((r) => r.data);

export const browsePublished = (q: PublishedQuery) =>
  request<{ success: true; data: PublishedArticle[]; total: number }>(withQuery('/api/cms/published', q as Record<string, string | number | undefined>), { method: 'GET' });
export const readArticle = (id: string, opts?: RequestOptions) => call<ReadArticle>(`${articleResource.url(id)}/read`, { method: 'GET', ...opts });
export const previewArticle = (token: string, opts?: RequestOptions) => call<ReadArticle>(`/api/cms/preview/${encodeURIComponent(token)}`, { method: 'GET', ...opts });
export const takeDownArticle = (id: string) => call<Article>(`${articleResource.url(id)}/take-down`, { method: 'POST' });
export const previewLink = (id: string) => call<{ token: string; expires_at: string }>(`${articleResource.url(id)}/preview-link`, { method: 'POST' });
