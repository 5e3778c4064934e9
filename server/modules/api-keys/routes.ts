/** Personal API keys (/api/api-keys): list (own; admins everyone's), create (the key answered once), change, delete. Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { ACCESS } from '../../core/access';
import { AppError } from '../../core/errors';
import { Deleted, registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { apiKeyUsageList, RELAY_LIMITS } from './meter';
import { ApiKeyRow, ApiKeyUsageRow, NewApiKey } from './schemas';
import { API_KEY_LIMITS as L, apiKeyList, apiKeyScope } from './service';
import { callerOf } from '../../core/auth';

const Cap = Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: L.CAP_MAX })));
const fields = {
  expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  credit_cap_total: Cap,
  credit_cap_daily: Cap,
  models: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: L.MODELS })),
  ip_allow: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: L.IP_ENTRIES })),
  rpm_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: RELAY_LIMITS.RPM_MAX }))),
  tpm_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: RELAY_LIMITS.TPM_MAX }))),
};
const Name = Type.String({ minLength: 1, maxLength: 200 });

export async function apiKeyRoutes({ app, db, apiKeys: keys }: ModuleContext) {
  app.addSchema(ApiKeyRow);
  app.addSchema(NewApiKey);
  app.addSchema(ApiKeyUsageRow);
  const tags = ['api keys'];
  const access = ACCESS.apiKeys;

  registerListRoutes(app, {
    base: '/api/api-keys',
    tags,
    summary: "the caller's keys (admins: everyone's), with their hint, never the key",
    spec: apiKeyList,
    row: Type.Ref('ApiKeyRow'),
    db,
    access: { read: access, delete: access },
    scope: apiKeyScope,
    exportable: false,
    deleteMany: (ids, auth) => keys.removeMany({ uid: auth!.uid, role: auth!.role, permission: auth!.permission }, ids),
  });

  registerListRoutes(app, {
    base: '/api/api-keys/usage',
    tags,
    summary: "the caller's keys' use (admins: everyone's) by day and model: requests, errors, tokens, credits",
    spec: apiKeyUsageList,
    row: Type.Ref('ApiKeyUsageRow'),
    db,
    access: { read: access, delete: access },
    scope: apiKeyScope,
  });

  app.get('/api/api-keys/models', {
    config: { access },
    schema: {
      tags,
      summary: "the models the caller's keys may be limited to (every one the relay serves them), with their kind",
      response: {
        200: Ok(
          Type.Array(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              kind: Type.Union([Type.Literal('chat'), Type.Literal('embeddings'), Type.Literal('speech-to-text')]),
            }),
          ),
        ),
      },
    },
    handler: async (req) => ok(await keys.modelsFor(callerOf(req))),
  });

  app.post('/api/api-keys', {
    config: { access },
    schema: {
      tags,
      summary: 'a new key of the caller: the key is in this answer only',
      body: Type.Object({ name: Name, ...fields }),
      response: { 200: Ok(Type.Ref('NewApiKey')) },
    },
    handler: async (req) => ok(await keys.create(callerOf(req), req.body)),
  });

  app.get('/api/api-keys/:id', {
    config: { access },
    schema: { tags, params: IdParam, response: { 200: Ok(Type.Ref('ApiKeyRow')) } },
    handler: async (req) => ok(await keys.get(callerOf(req), req.params.id)),
  });

  app.put('/api/api-keys/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'rename, disable or enable, change the expiry, caps, models or addresses (absent fields stay)',
      params: IdParam,
      body: Type.Object({ name: Type.Optional(Name), enabled: Type.Optional(Type.Boolean()), ...fields }),
      response: { 200: Ok(Type.Ref('ApiKeyRow')) },
    },
    handler: async (req) => ok(await keys.update(callerOf(req), req.params.id, req.body)),
  });

  app.delete('/api/api-keys/:id', {
    config: { access },
    schema: { tags, summary: 'delete a key: it stops working at once', params: IdParam, response: { 200: Deleted } },
    handler: async (req) => {
      if (!(await keys.removeMany(callerOf(req), [req.params.id]))) throw new AppError('NOT_FOUND', { field: 'id' });
      return ok({ deleted: 1 });
    },
  });
}
