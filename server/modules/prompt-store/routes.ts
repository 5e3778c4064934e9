/**
 * The prompt store API: browsing, favourites and copies for everyone signed in; the caller's
 * submissions; and the curation routes (manage content). Thin: rules in service.ts.
 */
import { Type } from '@sinclair/typebox';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import { LIST } from '../../config';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { StorePrompt, StorePromptAdminRow, StoreSubmission } from './schemas';
import { BROWSE_SORTS, STORE_LIMITS, storeCurationList } from './service';
import { callerOf } from '../../core/auth';

const Facet = Type.Object({ name: Type.String(), count: Type.Integer() });

const Tags = Type.Array(Type.String({ maxLength: STORE_LIMITS.TAG }), { maxItems: STORE_LIMITS.TAGS });
const EditBody = {
  title: Type.String({ maxLength: STORE_LIMITS.TITLE }),
  description: Type.Optional(Nullable(Type.String({ maxLength: STORE_LIMITS.DESCRIPTION }))),
  body: Type.String({ maxLength: STORE_LIMITS.BODY }),
  category: Type.Optional(Nullable(Type.String({ maxLength: STORE_LIMITS.CATEGORY }))),
  tags: Type.Optional(Tags),
  model_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  featured: Type.Optional(Type.Boolean()),
};
const Reason = Type.Object({ reason: Type.String({ maxLength: STORE_LIMITS.REASON }) });
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: LIST.MAX_PAGE_SIZE });

export async function promptStoreRoutes({ app, db, aiModels, search, storePrompts: store, prompts }: ModuleContext) {
  for (const s of [StorePrompt, StorePromptAdminRow, StoreSubmission]) app.addSchema(s);
  const tags = ['prompt store'];
  const curationTags = ['prompt store: curation'];
  const adminRow = Ok(Type.Ref('StorePromptAdminRow'));

  app.get('/api/prompt-store', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'approved store prompts: keyword (title, description, body, tags), category, tag, sort, featured first, paging',
      querystring: Type.Object({
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
        category: Type.Optional(Type.String({ maxLength: STORE_LIMITS.CATEGORY })),
        tag: Type.Optional(Type.String({ maxLength: STORE_LIMITS.TAG })),
        sort: Type.Optional(Type.Union(BROWSE_SORTS.map((s) => Type.Literal(s)))),
        featured_first: Type.Optional(Type.Boolean()),
        featured: Type.Optional(Type.Boolean()),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_LIMITS.PAGE })),
      }),
      response: { 200: List(Type.Ref('StorePrompt')) },
    },
    handler: async (req) => ({ success: true as const, ...(await store.browse(req.auth!.uid, req.query)) }),
  });

  app.get('/api/prompt-store/facets', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'the categories and tags in use, most common first',
      response: { 200: Ok(Type.Object({ categories: Type.Array(Facet), tags: Type.Array(Facet) })) },
    },
    handler: async () => ok(await store.facets()),
  });

  app.get('/api/prompt-store/submissions', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's own templates submitted to the store: status and the reviewer's reason",
      response: { 200: Ok(Type.Array(Type.Ref('StoreSubmission'))) },
    },
    handler: async (req) => ok(await store.submissions(req.auth!.uid)),
  });

  app.get('/api/prompt-store/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'one approved prompt', params: IdParam, response: { 200: Ok(Type.Ref('StorePrompt')) } },
    handler: async (req) => ok(await store.detail(req.auth!.uid, req.params.id)),
  });

  app.put('/api/prompt-store/:id/favourite', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'favourite (true) or unfavourite (false)',
      params: IdParam,
      body: Type.Object({ favourite: Type.Boolean() }),
      response: { 200: Ok(Type.Object({ favourited: Type.Boolean(), favourite_count: Type.Integer() })) },
    },
    handler: async (req) => ok(await store.favourite(req.auth!.uid, req.params.id, req.body.favourite)),
  });

  app.post('/api/prompt-store/:id/copy', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "copies the prompt into the caller's own templates", params: IdParam, response: { 200: Ok(Type.Ref('PromptTemplateRow')) } },
    handler: async (req) => ok(await store.copy(callerOf(req), req.params.id, prompts)),
  });

  // curation
  registerListRoutes(app, {
    base: '/api/store-prompts',
    tags: curationTags,
    summary: 'every store prompt, whatever its status',
    spec: storeCurationList,
    row: Type.Ref('StorePromptAdminRow'),
    db,
    access: { read: ACCESS.manageContent, delete: ACCESS.manageContent },
    deleteMany: (ids) => store.deleteMany(ids),
  });

  app.get('/api/store-prompts/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, params: IdParam, response: { 200: adminRow } },
    handler: async (req) => ok(await store.get(req.params.id)),
  });

  app.post('/api/store-prompts', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, summary: 'a staff prompt: in the store at once', body: Type.Object(EditBody), response: { 200: adminRow } },
    handler: async (req) => ok(await store.create(req.auth!.uid, req.body)),
  });

  app.put('/api/store-prompts/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, params: IdParam, body: Type.Partial(Type.Object(EditBody)), response: { 200: adminRow } },
    handler: async (req) => ok(await store.update(req.params.id, req.body)),
  });

  app.delete('/api/store-prompts/:id', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, params: IdParam, response: { 200: Ok(Type.Object({ deleted: Type.Integer() })) } },
    handler: async (req) => ok({ deleted: await store.deleteMany([req.params.id]) }),
  });

  const changed = Ok(Type.Object({ changed: Type.Integer() }));
  app.post('/api/store-prompts/approve', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, summary: 'approves: the prompts appear in the store', body: Type.Object({ ids: Ids }), response: { 200: changed } },
    handler: async (req) => ok({ changed: await store.setStatus(req.auth!.uid, req.body.ids, 'approved') }),
  });

  app.post('/api/store-prompts/reject', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags: curationTags,
      summary: 'rejects submissions with a reason the author sees',
      body: Type.Composite([Type.Object({ ids: Ids }), Reason]),
      response: { 200: changed },
    },
    handler: async (req) => ok({ changed: await store.setStatus(req.auth!.uid, req.body.ids, 'rejected', req.body.reason) }),
  });

  app.post('/api/store-prompts/take-down', {
    config: { access: ACCESS.manageContent },
    schema: {
      tags: curationTags,
      summary: 'takes prompts out of the store with a reason',
      body: Type.Composite([Type.Object({ ids: Ids }), Reason]),
      response: { 200: changed },
    },
    handler: async (req) => ok({ changed: await store.setStatus(req.auth!.uid, req.body.ids, 'taken_down', req.body.reason) }),
  });

  app.put('/api/store-prompts/:id/featured', {
    config: { access: ACCESS.manageContent },
    schema: { tags: curationTags, params: IdParam, body: Type.Object({ featured: Type.Boolean() }), response: { 200: adminRow } },
    handler: async (req) => ok(await store.setFeatured(req.params.id, req.body.featured)),
  });

  // a template's way into the store: its path is the template's, the rules are the store's
  app.post('/api/prompts/:id/publish', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['prompts'],
      summary: 'submits a copy of the template to the prompt store for review (a pending or rejected submission of it goes back to pending)',
      params: IdParam,
      body: Type.Object({ description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) }),
      response: { 200: Ok(Type.Ref('StoreSubmission')) },
    },
    handler: async (req) => ok(await store.publish(callerOf(req), req.params.id, prompts, req.body.description)),
  });
}
