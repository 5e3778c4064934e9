/** The CMS API: articles and categories (management), published articles, reading and preview links; types from the generated paths. */
import { api } from './client';
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

export const browsePublished = (q: PublishedQuery) => api.page('/api/cms/published', { query: q });
export const readArticle = (id: string, opts?: RequestOptions) => api.get('/api/cms/articles/{id}/read', { ...opts, path: { id } });
export const previewArticle = (token: string, opts?: RequestOptions) => api.get('/api/cms/preview/{token}', { ...opts, path: { token } });
export const takeDownArticle = (id: string) => api.post('/api/cms/articles/{id}/take-down', undefined, { path: { id } });
export const previewLink = (id: string) => api.post('/api/cms/articles/{id}/preview-link', undefined, { path: { id } });
