/** Help documents: the tree, one document, the page's search (signed in); writes for content managers. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { pickLang } from '../../core/i18n';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import { ACCESS } from '../../core/access';
import type { ModuleContext } from '../services';
import { DocumentTexts, DocumentView, SearchHit, TreeItem } from './schemas';
import { DOC_LIMITS, DOC_LOCALES, type DocLocale, localeOfLang } from './service';

const Locale = Type.Union(DOC_LOCALES.map((l) => Type.Literal(l)));
const LocaleQuery = Type.Object({ locale: Type.Optional(Locale) });

// lengths are checked by the service so each answers INVALID_PARAM on its field
const TextBody = Type.Object({ title: Type.String({ maxLength: DOC_LIMITS.TITLE * 2 }), body: Type.String({ maxLength: DOC_LIMITS.BODY * 2 }) });
const Sort = Type.Integer({ minimum: -DOC_LIMITS.SORT, maximum: DOC_LIMITS.SORT });
const ParentId = Type.Optional(Nullable(Type.String({ maxLength: 200 })));
const Slug = Type.String({ maxLength: DOC_LIMITS.SLUG * 2 });

export async function docRoutes({ app, db, search, docs }: ModuleContext) {
  for (const s of [TreeItem, DocumentView, DocumentTexts, SearchHit]) app.addSchema(s);
  const tags = ['docs'];
  const texts = Ok(Type.Ref('HelpDocumentTexts'));
  const localeOf = (req: FastifyRequest): DocLocale => (req.query as { locale?: DocLocale }).locale ?? localeOfLang(pickLang(req.headers['accept-language']));

  app.get('/api/docs/tree', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'every section and page in reading order, titled in the asked language (else en-US, else any)',
      querystring: LocaleQuery,
      response: { 200: Ok(Type.Array(Type.Ref('HelpTreeItem'))) },
    },
    handler: async (req) => ok(await docs.tree(localeOf(req))),
  });

  // before /:id so "search" is never read as an id
  app.get('/api/docs/search', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'documents holding every word of the keyword, title matches first, with a snippet',
      querystring: Type.Object({ keyword: Type.String({ maxLength: DOC_LIMITS.KEYWORD }), locale: Type.Optional(Locale) }),
      response: { 200: Ok(Type.Array(Type.Ref('HelpSearchHit'))) },
    },
    handler: async (req) => ok(await docs.searchDocs(req.query.keyword, localeOf(req))),
  });

  app.get('/api/docs/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a document (by id or slug) with the sections above it and its neighbours',
      params: IdParam,
      querystring: LocaleQuery,
      response: { 200: Ok(Type.Ref('HelpDocumentView')) },
    },
    handler: async (req) => ok(await docs.read(req.params.id, localeOf(req))),
  });

  app.get('/api/docs/:id/texts', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: "every language's text of a document, for editing", params: IdParam, response: { 200: texts } },
    handler: async (req) => ok(await docs.texts(req.params.id)),
  });

  app.post('/api/docs', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags,
      summary: 'a new section or page (a section is a document with pages under it)',
      body: Type.Object({
        parent_id: ParentId,
        slug: Slug,
        sort: Type.Optional(Sort),
        texts: Type.Array(Type.Composite([TextBody, Type.Object({ locale: Locale })]), { maxItems: DOC_LOCALES.length }),
      }),
      response: { 200: texts },
    },
    handler: async (req) => ok(await docs.create(req.auth!.uid, req.body)),
  });

  app.put('/api/docs/:id', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags,
      summary: 'moves a document (parent, sort) or renames its slug',
      params: IdParam,
      body: Type.Object({ parent_id: ParentId, slug: Type.Optional(Slug), sort: Type.Optional(Sort) }),
      response: { 200: texts },
    },
    handler: async (req) => ok(await docs.move(req.params.id, req.body)),
  });

  const TextParams = Type.Object({ id: IdParam.properties.id, locale: Locale });
  app.put('/api/docs/:id/texts/:locale', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: "writes one language's title and markdown", params: TextParams, body: TextBody, response: { 200: texts } },
    handler: async (req) => ok(await docs.saveText(req.auth!.uid, req.params.id, { locale: req.params.locale, ...req.body })),
  });

  app.delete('/api/docs/:id/texts/:locale', {
    config: { access: ACCESS.manageContent },
    schema: { tags, summary: "removes one language's text (not the last one)", params: TextParams, response: { 200: texts } },
    handler: async (req) => ok(await docs.removeText(req.params.id, req.params.locale)),
  });

  app.delete('/api/docs/:id', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags,
      summary: 'deletes a document; one with pages under it only with cascade=true (then all of them)',
      params: IdParam,
      querystring: Type.Object({ cascade: Type.Optional(Type.Boolean()) }),
      response: { 200: Ok(Type.Object({ deleted: Type.Integer() })) },
    },
    handler: async (req) => ok({ deleted: await docs.remove(req.params.id, req.query.cascade === true) }),
  });
}
