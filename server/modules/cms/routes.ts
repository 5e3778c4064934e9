/**
 * The CMS API: categories and articles for content managers (manage content), published
 * articles for every signed-in reader, and preview links. Thin: rules in service.ts.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam, registerResource } from '../../core/resource';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { Article, ArticleRow, CategoryRow, PublishedArticle, ReadArticle } from './schemas';
import { articleList, categoryList, CMS_LIMITS, COVER_MODES } from './service';

const ArticleBody = Type.Object({
  title: Type.String({ maxLength: CMS_LIMITS.TITLE }),
  /** HTML; stored after the allow-list (sanitize.ts) */
  content: Type.Optional(Type.String({ maxLength: CMS_LIMITS.CONTENT })),
  excerpt: Type.Optional(Nullable(Type.String({ maxLength: CMS_LIMITS.EXCERPT }))),
  category_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  article_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  cover_mode: Type.Optional(Type.Union(COVER_MODES.map((m) => Type.Literal(m)))),
  thumbnail: Type.Optional(Type.Array(Type.String({ maxLength: CMS_LIMITS.URL }), { maxItems: 3 })),
  is_sticky: Type.Optional(Type.Boolean()),
  is_essence: Type.Optional(Type.Boolean()),
  comment_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

const CategoryBody = {
  name: Type.String({ maxLength: CMS_LIMITS.NAME }),
  description: Type.Optional(Nullable(Type.String({ maxLength: CMS_LIMITS.DESCRIPTION }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: CMS_LIMITS.ICON }))),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

export async function cmsRoutes({ app, db, config, search, cms }: ModuleContext) {
  for (const s of [CategoryRow, ArticleRow, Article, PublishedArticle, ReadArticle]) app.addSchema(s);
  const manage = { read: ACCESS.manageContent, create: ACCESS.manageContent, update: ACCESS.manageContent, delete: ACCESS.manageContent };

  registerResource(app, {
    base: '/api/cms/categories',
    tags: ['cms: categories'],
    spec: categoryList,
    row: Type.Ref('CmsCategoryRow'),
    db,
    access: manage,
    get: (id) => cms.getCategory(id),
    create: { body: Type.Object(CategoryBody), run: (b) => cms.createCategory(b) },
    update: { body: Type.Partial(Type.Object(CategoryBody)), run: (id, b) => cms.updateCategory(id, b) },
    deleteMany: (ids) => cms.deleteCategories(ids),
  });

  const tags = ['cms: articles'];
  registerListRoutes(app, {
    base: '/api/cms/articles',
    tags,
    summary: 'every article, drafts too: keyword (title, excerpt), status, category, sticky, essence, publish date',
    spec: articleList,
    row: Type.Ref('CmsArticleRow'),
    db,
    access: manage,
    deleteMany: (ids) => cms.deleteArticles(ids),
  });
  const one = Ok(Type.Ref('CmsArticle'));

  app.get('/api/cms/articles/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: 'one article with its content', params: IdParam, response: { 200: one } },
    handler: async (req) => ok(await cms.getArticle(req.params.id)),
  });

  app.post('/api/cms/articles', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: 'a new article: a draft (article_status 0) or published (1)', body: ArticleBody, response: { 200: one } },
    handler: async (req) => ok(await cms.createArticle(req.auth!.uid, req.ip, req.body)),
  });

  app.put('/api/cms/articles/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: 'edit; article_status 1 publishes a draft', params: IdParam, body: Type.Partial(ArticleBody), response: { 200: one } },
    handler: async (req) => ok(await cms.updateArticle(req.params.id, req.ip, req.body)),
  });

  app.delete('/api/cms/articles/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags, params: IdParam, response: { 200: Ok(Type.Object({ deleted: Type.Integer() })) } },
    handler: async (req) => {
      const deleted = await cms.deleteArticles([req.params.id]);
      if (!deleted) throw new AppError('NOT_FOUND');
      return ok({ deleted });
    },
  });

  app.post('/api/cms/articles/:id/take-down', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: 'a published article back to draft (out of the reader and the search)', params: IdParam, response: { 200: one } },
    handler: async (req) => ok(await cms.takeDown(req.params.id, req.ip)),
  });

  app.post('/api/cms/articles/:id/preview-link', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags,
      summary: 'a signed token that opens the article (a draft too) for 2 hours',
      params: IdParam,
      response: { 200: Ok(Type.Object({ token: Type.String(), expires_at: Type.String({ format: 'date-time' }) })) },
    },
    handler: async (req) => ok(await cms.previewLink(req.params.id)),
  });

  const readerTags = ['cms: reading'];
  app.get('/api/cms/published', {
    config: { access: 'signedIn' },
    schema: {
      tags: readerTags,
      summary: 'published articles, sticky first then newest: keyword (title, excerpt), category, paging',
      querystring: Type.Object({
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
        category_id: Type.Optional(Type.String({ maxLength: 64 })),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: CMS_LIMITS.PAGE })),
      }),
      response: { 200: List(Type.Ref('CmsPublishedArticle')) },
    },
    handler: async (req) => ({ success: true as const, ...(await cms.browse(req.query)) }),
  });

  app.get('/api/cms/articles/:id/read', {
    config: { access: 'signedIn' },
    schema: {
      tags: readerTags,
      summary: 'a published article with its content; counts a view',
      params: IdParam,
      response: { 200: Ok(Type.Ref('CmsReadArticle')) },
    },
    handler: async (req) => ok(await cms.read(req.params.id)),
  });

  app.get('/api/cms/preview/:token', {
    config: { access: 'signedIn' },
    schema: {
      tags: readerTags,
      summary: 'the article a preview link opens, draft or not, while the link lasts',
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Ok(Type.Ref('CmsReadArticle')) },
    },
    handler: async (req) => ok(await cms.preview(req.params.token)),
  });
}
