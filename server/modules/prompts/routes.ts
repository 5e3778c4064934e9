/** Prompt templates: the caller's own templates, their versions, restore, JSON export and import. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { PromptTemplateExport, PromptTemplateRow, PromptTemplateVariable, PromptTemplateVersion } from './schemas';
import { ownTemplates, PROMPT_LIMITS, promptList } from './service';
import { callerOf } from '../../core/auth';

const Tags = Type.Array(Type.String({ maxLength: PROMPT_LIMITS.TAG }), { maxItems: PROMPT_LIMITS.TAGS });

const TemplateBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: PROMPT_LIMITS.TITLE }),
  body: Type.String({ minLength: 1, maxLength: PROMPT_LIMITS.BODY }),
  category: Type.Optional(Nullable(Type.String({ maxLength: PROMPT_LIMITS.CATEGORY }))),
  tags: Type.Optional(Tags),
  model_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
});

/** an import: the export's shape (variables, if present, are read again from each body) */
const ImportBody = Type.Object({
  templates: Type.Array(Type.Composite([TemplateBody, Type.Object({ variables: Type.Optional(Type.Array(Type.Unknown())) })]), {
    minItems: 1,
    maxItems: PROMPT_LIMITS.IMPORT,
  }),
});

export async function promptRoutes({ app, db, aiModels, search, prompts }: ModuleContext) {
  for (const s of [PromptTemplateRow, PromptTemplateVersion, PromptTemplateVariable, PromptTemplateExport]) app.addSchema(s);
  const tags = ['prompts'];
  const row = Ok(Type.Ref('PromptTemplateRow'));

  // before /:id so "export" is never read as an id
  app.get('/api/prompts/export', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'every template of the caller as JSON, with its variables',
      response: { 200: Ok(Type.Object({ templates: Type.Array(Type.Ref('PromptTemplateExport')) })) },
    },
    handler: async (req) => ok(await prompts.exportAll(req.auth!.uid)),
  });

  app.post('/api/prompts/import', {
    config: { access: 'signedIn' },
    // 200 bodies of 20,000 characters, up to 4 bytes each in UTF-8
    bodyLimit: PROMPT_LIMITS.IMPORT * PROMPT_LIMITS.BODY * 4 + 1024 * 1024,
    schema: {
      tags,
      summary: 'adds each template of an export as a new template (all or none)',
      body: ImportBody,
      response: { 200: Ok(Type.Object({ imported: Type.Integer() })) },
    },
    handler: async (req) => ok({ imported: await prompts.importAll(callerOf(req), req.body.templates) }),
  });

  registerListRoutes(app, {
    base: '/api/prompts',
    tags,
    summary: "the caller's prompt templates",
    spec: promptList,
    row: Type.Ref('PromptTemplateRow'),
    db,
    access: { read: 'signedIn', delete: 'signedIn' },
    scope: (c) => ownTemplates(c.uid),
    // <base>/export is the JSON export above
    exportPath: '/api/prompts/export.xlsx',
    deleteMany: (ids, c) => prompts.deleteMany(c!.uid, ids),
  });

  app.get('/api/prompts/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "one of the caller's templates", params: IdParam, response: { 200: row } },
    handler: async (req) => ok(await prompts.get(req.auth!.uid, req.params.id)),
  });

  app.post('/api/prompts', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'a new template (version 1)', body: TemplateBody, response: { 200: row } },
    handler: async (req) => ok(await prompts.create(callerOf(req), req.body)),
  });

  app.put('/api/prompts/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'saves a template as its next version', params: IdParam, body: TemplateBody, response: { 200: row } },
    handler: async (req) => ok(await prompts.update(callerOf(req), req.params.id, req.body)),
  });

  app.delete('/api/prompts/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'deletes a template and its versions', params: IdParam, response: { 200: Ok(Type.Object({})) } },
    handler: async (req) => {
      await prompts.remove(req.auth!.uid, req.params.id);
      return ok({});
    },
  });

  app.get('/api/prompts/:id/versions', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "a template's saved versions, newest first",
      params: IdParam,
      response: { 200: Ok(Type.Array(Type.Ref('PromptTemplateVersion'))) },
    },
    handler: async (req) => ok(await prompts.versions(req.auth!.uid, req.params.id)),
  });

  app.post('/api/prompts/:id/versions/:version/restore', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'saves an earlier version again as the next version',
      params: Type.Object({ id: IdParam.properties.id, version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
      response: { 200: row },
    },
    handler: async (req) => ok(await prompts.restore(callerOf(req), req.params.id, req.params.version)),
  });
}
