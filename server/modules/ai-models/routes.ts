/**
 * Admin API of the AI model providers (/api/ai/models): list, export, one row, create, update,
 * delete, and test connection of a stored model or of the form's unsaved values.
 */
import { type Static, Type } from '@sinclair/typebox';
import { AI_KINDS, AI_MODEL_LIMITS as LIMITS } from '../../../shared/ai-models';
import { RULES } from '../../../shared/permissions';
import { accessOf } from '../../core/auth';
import { AppError } from '../../core/errors';
import { IdParam, OptText, registerResource } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ProviderError, PROTOCOLS } from './providers';
import { AiModelRow, Enum } from './schemas';
import { aiModelList } from './service';

const ACCESS = accessOf(RULES.aiModels);

const Int = (min: number, max: number) => Type.Integer({ minimum: min, maximum: max });
const Price = Int(0, LIMITS.PRICE_MAX);
const Roles = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 });
/** absent or '': keep the stored key; null: clear it */
const ApiKey = Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.KEY_MAX }), Type.Null()]));

const fields = {
  name: Type.String({ maxLength: LIMITS.NAME_MAX }),
  kind: Enum(AI_KINDS),
  protocol: Enum(PROTOCOLS),
  base_url: Type.String({ maxLength: LIMITS.URL_MAX }),
  api_key: ApiKey,
  provider_model: Type.String({ maxLength: LIMITS.PROVIDER_MODEL_MAX }),
  context_window: Int(1, LIMITS.CONTEXT_WINDOW_MAX),
  max_output_tokens: Int(1, LIMITS.CONTEXT_WINDOW_MAX),
  input_price: Price,
  output_price: Price,
  enabled: Type.Boolean(),
  vision: Type.Boolean(),
  roles: Roles,
  sort: Int(-LIMITS.SORT_MAX, LIMITS.SORT_MAX),
  comment: OptText(LIMITS.COMMENT_MAX),
};

const CreateBody = Type.Object({
  name: fields.name,
  kind: Type.Optional(fields.kind),
  protocol: fields.protocol,
  base_url: fields.base_url,
  api_key: fields.api_key,
  provider_model: fields.provider_model,
  context_window: fields.context_window,
  max_output_tokens: fields.max_output_tokens,
  input_price: Type.Optional(fields.input_price),
  output_price: Type.Optional(fields.output_price),
  enabled: Type.Optional(fields.enabled),
  vision: Type.Optional(fields.vision),
  roles: Type.Optional(fields.roles),
  sort: Type.Optional(fields.sort),
  comment: fields.comment,
});

const UpdateBody = Type.Partial(
  Type.Object({ ...fields, comment: Nullable(Type.String({ maxLength: LIMITS.COMMENT_MAX })), api_key: Nullable(Type.String({ maxLength: LIMITS.KEY_MAX })) }),
);

const TestBody = Type.Object({
  /** the model being edited: its stored key when none is given */
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  protocol: fields.protocol,
  base_url: fields.base_url,
  api_key: fields.api_key,
  provider_model: fields.provider_model,
});

const TestResult = Type.Object({
  /** the provider's model ids */
  models: Type.Array(Type.String()),
  /** its one-token answer */
  reply: Type.String(),
  latency_ms: Type.Integer(),
});

/** a provider's failure in the catalogue: its status and its own message, never a 500 */
async function providerCall<T>(run: () => Promise<T>, timeoutMs: number): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    if (e.code === 'AI_TIMEOUT') throw new AppError('AI_TIMEOUT', { params: { seconds: Math.max(1, Math.round(timeoutMs / 1000)) }, cause: e });
    throw new AppError(e.code, { params: { message: e.providerMessage }, cause: e });
  }
}

export async function aiModelRoutes({ app, db, aiModels, config }: ModuleContext) {
  app.addSchema(AiModelRow);
  const base = '/api/ai/models';
  const tags = ['ai: models'];
  // test routes first: /test must not be read as the id of a model
  app.post(`${base}/test`, {
    config: { access: ACCESS },
    schema: { tags, summary: 'test connection with unsaved values', body: TestBody, response: { 200: Ok(TestResult) } },
    handler: async (req) => ok(await providerCall(() => aiModels.testValues(req.body as Static<typeof TestBody>), config.aiTestTimeoutMs)),
  });
  app.post(`${base}/:id/test`, {
    config: { access: ACCESS },
    schema: { tags, summary: 'test connection of a stored model', params: IdParam, response: { 200: Ok(TestResult) } },
    handler: async (req) => ok(await providerCall(() => aiModels.testStored((req.params as Static<typeof IdParam>).id), config.aiTestTimeoutMs)),
  });
  registerResource(app, {
    base,
    tags,
    spec: aiModelList,
    row: Type.Ref('AiModelRow'),
    db,
    access: { read: ACCESS, create: ACCESS, update: ACCESS, delete: ACCESS },
    get: (id) => aiModels.get(id),
    create: { body: CreateBody, run: (b) => aiModels.create(b) },
    update: { body: UpdateBody, run: (id, b) => aiModels.update(id, b) },
    deleteMany: (ids) => aiModels.deleteMany(ids),
  });
}
