/**
 * AI model providers (ai_models): the admin's rows with their API keys sealed (never answered,
 * only masked), test connection, and what the chat asks: the models a user may use.
 */
import { sql } from 'drizzle-orm';
import { AI_KINDS, AI_MODEL_LIMITS, type AiKind } from '../../../shared/ai-models';
import { ADMIN_ROLE, type AccessSubject, hasRole } from '../../../shared/permissions';
import { cutText, lastChars, textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { assertReferences, clean, fetchRow } from '../../core/resource';
import { Sealer } from '../../core/sealed';
import { deleteByIds, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import { aiModels } from '../../db/schema';
import { type Protocol, PROTOCOLS, type ProviderTarget, testConnection, TEST_TIMEOUT_MS } from './providers';
import type { AiModelRow } from './schemas';

export const aiModelList: ListSpec = {
  resource: 'ai-models',
  from: sql`ai_models m`,
  alias: 'm',
  columns: sql`m.id, m.name, m.kind, m.protocol, m.base_url, m.api_key_masked, m.provider_model,
    m.context_window, m.max_output_tokens, m.input_price, m.output_price, m.enabled, m.vision, m.roles,
    COALESCE((SELECT array_agg(r.role_name ORDER BY r.role_name) FROM roles r WHERE r.role_id = ANY(m.roles)), '{}') AS role_names,
    m.sort, m.comment, m.create_date, m.update_date`,
  search: [sql`m.name`, sql`m.provider_model`, sql`m.base_url`],
  filters: {
    protocol: { kind: 'eq', column: sql`m.protocol` },
    kind: { kind: 'eq', column: sql`m.kind` },
    enabled: { kind: 'eq', column: sql`m.enabled`, type: 'bool' },
    vision: { kind: 'eq', column: sql`m.vision`, type: 'bool' },
  },
  sorts: {
    sort: sql`m.sort`,
    name: sql`m.name`,
    provider_model: sql`m.provider_model`,
    input_price: sql`m.input_price`,
    output_price: sql`m.output_price`,
    create_date: sql`m.create_date`,
  },
  defaultSort: { field: 'sort', order: 'ascend' },
  tiebreak: sql`m.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'protocol', width: 12 },
    { key: 'provider_model', width: 24 },
    { key: 'base_url', width: 36 },
    { key: 'context_window', width: 14 },
    { key: 'max_output_tokens', width: 14 },
    { key: 'input_price', width: 14 },
    { key: 'output_price', width: 14 },
    { key: 'enabled', width: 10 },
    { key: 'vision', width: 10 },
    { key: 'role_names', width: 24 },
    { key: 'sort', width: 8 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface AiModelInput {
  name?: string;
  kind?: AiKind;
  protocol?: Protocol;
  base_url?: string;
  /** absent or '': keep the stored key; null: clear it */
  api_key?: string | null;
  provider_model?: string;
  context_window?: number;
  max_output_tokens?: number;
  input_price?: number;
  output_price?: number;
  enabled?: boolean;
  roles?: string[];
  sort?: number;
  vision?: boolean;
  comment?: string | null;
}

/** the unsaved form's values for a test; `id` lends the stored key when none is given */
export interface TestInput {
  id?: string;
  protocol: Protocol;
  base_url: string;
  api_key?: string | null;
  provider_model: string;
}

/** a type alias, not an interface: only an alias is assignable to the Row that query<T> asks for */
export type ChatModelInfo = {
  id: string;
  name: string;
  context_window: number;
  max_output_tokens: number;
  input_price: number;
  output_price: number;
  vision: boolean;
};

export interface ResolvedModel {
  id: string;
  name: string;
  target: ProviderTarget;
  contextWindow: number;
  maxOutputTokens: number;
  inputPrice: number;
  outputPrice: number;
  /** reads images */
  vision: boolean;
}

/** what the console shows of a key: its first three and last four characters */
export function maskKey(key: string): string {
  if (textLength(key) <= 8) return '…' + lastChars(key, 2);
  return `${cutText(key, 3)}…${lastChars(key, 4)}`;
}

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });

/** http or https only: a provider is reached over the web (no file:, data: or other schemes) */
export function checkBaseUrl(v: string | undefined, field = 'base_url'): string {
  const s = v?.trim() ?? '';
  if (!s) throw bad(field, 'required');
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw bad(field, 'not a URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad(field, 'http or https only');
  if (u.username || u.password) throw bad(field, 'no credentials in the URL: use the API key');
  return s.replace(/\/+$/, '');
}

/**
 * An API key goes into an HTTP header, which carries printable ASCII only: anything else is a
 * mistyped key, said on its field rather than failing at the provider.
 */
export function checkApiKey(v: string | undefined, field = 'api_key'): string | undefined {
  const key = clean(v) ?? undefined;
  if (key !== undefined && !/^[\x21-\x7e]+$/.test(key)) throw bad(field, 'printable ASCII characters only, no spaces');
  return key;
}

const intIn = (v: number | undefined, field: string, min: number, max: number) => {
  if (v === undefined) return;
  if (!Number.isInteger(v) || v < min || v > max) throw bad(field, `an integer from ${min} to ${max}`);
};

export class AiModelService {
  private sealer: Sealer;

  constructor(
    private db: Db,
    secret: string,
    /** the limit of a test connection (AI_TEST_TIMEOUT_MS) */
    private testTimeoutMs = TEST_TIMEOUT_MS,
    /** a resolved model's channels, in the order its call tries them (ChannelService) */
    private channels?: { order(modelId: string, primary: ProviderTarget): Promise<ProviderTarget[]> },
  ) {
    this.sealer = new Sealer(secret, 'ai-model-api-key');
  }

  async get(id: string): Promise<AiModelRow> {
    return fetchRow<AiModelRow>(this.db, aiModelList, sql`m.id`, id);
  }

  async create(input: AiModelInput): Promise<AiModelRow> {
    const name = clean(input.name);
    if (!name) throw bad('name', 'required');
    if (!input.protocol) throw bad('protocol', 'required');
    const providerModel = clean(input.provider_model);
    if (!providerModel) throw bad('provider_model', 'required');
    const values = await this.checked(input, { contextWindow: input.context_window, maxOutputTokens: input.max_output_tokens });
    const key = checkApiKey(input.api_key ?? undefined);
    const [row] = await this.db
      .insert(aiModels)
      .values({
        name,
        kind: input.kind ?? 'chat',
        protocol: input.protocol,
        baseUrl: checkBaseUrl(input.base_url),
        providerModel,
        contextWindow: values.contextWindow!,
        maxOutputTokens: values.maxOutputTokens!,
        inputPrice: input.input_price ?? 0,
        outputPrice: input.output_price ?? 0,
        enabled: input.enabled ?? true,
        vision: input.vision ?? false,
        roles: [...new Set(input.roles ?? [])],
        sort: input.sort ?? 0,
        comment: clean(input.comment) ?? null,
        apiKeyEnc: key ? this.sealer.seal(key) : null,
        apiKeyMasked: key ? maskKey(key) : null,
      })
      .returning({ id: aiModels.id });
    return this.get(row.id);
  }

  async update(id: string, input: AiModelInput): Promise<AiModelRow> {
    const current = await this.get(id);
    const set: Partial<typeof aiModels.$inferInsert> = {};
    if (input.name !== undefined) {
      const name = clean(input.name);
      if (!name) throw bad('name', 'required');
      set.name = name;
    }
    if (input.provider_model !== undefined) {
      const pm = clean(input.provider_model);
      if (!pm) throw bad('provider_model', 'required');
      set.providerModel = pm;
    }
    const sizes = await this.checked(input, {
      contextWindow: input.context_window ?? current.context_window,
      maxOutputTokens: input.max_output_tokens ?? current.max_output_tokens,
    });
    if (input.context_window !== undefined) set.contextWindow = sizes.contextWindow;
    if (input.max_output_tokens !== undefined) set.maxOutputTokens = sizes.maxOutputTokens;
    if (input.kind !== undefined) set.kind = input.kind;
    if (input.protocol !== undefined) set.protocol = input.protocol;
    if (input.base_url !== undefined) set.baseUrl = checkBaseUrl(input.base_url);
    if (input.input_price !== undefined) set.inputPrice = input.input_price;
    if (input.output_price !== undefined) set.outputPrice = input.output_price;
    if (input.enabled !== undefined) set.enabled = input.enabled;
    if (input.vision !== undefined) set.vision = input.vision;
    if (input.roles !== undefined) set.roles = [...new Set(input.roles)];
    if (input.sort !== undefined) set.sort = input.sort;
    if (input.comment !== undefined) set.comment = clean(input.comment) ?? null;
    if (input.api_key === null) {
      set.apiKeyEnc = null;
      set.apiKeyMasked = null;
    } else {
      const key = checkApiKey(input.api_key);
      if (key) {
        set.apiKeyEnc = this.sealer.seal(key);
        set.apiKeyMasked = maskKey(key);
      }
    }
    if (Object.keys(set).length)
      await this.db
        .update(aiModels)
        .set({ ...set, updateDate: new Date() })
        .where(sql`${aiModels.id} = ${id}`);
    return this.get(id);
  }

  /** its channels go with it (a foreign key); so does every channel's health record */
  async deleteMany(ids: string[]): Promise<number> {
    const n = await deleteByIds(this.db, sql`ai_models`, sql`id`, ids);
    await this.db.execute(
      sql`DELETE FROM ai_channel_health h WHERE h.model_id = ANY(${textArray(ids)}) AND NOT EXISTS (SELECT 1 FROM ai_models m WHERE m.id = h.model_id)`,
    );
    return n;
  }

  /** deleted roles leave every model's role list in the same transaction */
  async dropRoles(tx: Tx, roleIds: string[]): Promise<void> {
    const arr = textArray(roleIds);
    await tx.execute(sql`UPDATE ai_models SET roles = ARRAY(SELECT x FROM unnest(roles) x WHERE x <> ALL(${arr})), update_date = now() WHERE roles && ${arr}`);
  }

  /** the numbers in range, max output within the context window, the roles existing */
  private async checked(input: AiModelInput, sizes: { contextWindow?: number; maxOutputTokens?: number }) {
    if (input.protocol !== undefined && !PROTOCOLS.includes(input.protocol)) throw bad('protocol', `one of ${PROTOCOLS.join(', ')}`);
    if (input.kind !== undefined && !AI_KINDS.includes(input.kind)) throw bad('kind', `one of ${AI_KINDS.join(', ')}`);
    if (sizes.contextWindow === undefined) throw bad('context_window', 'required');
    if (sizes.maxOutputTokens === undefined) throw bad('max_output_tokens', 'required');
    intIn(sizes.contextWindow, 'context_window', 1, AI_MODEL_LIMITS.CONTEXT_WINDOW_MAX);
    intIn(sizes.maxOutputTokens, 'max_output_tokens', 1, sizes.contextWindow);
    intIn(input.input_price, 'input_price', 0, AI_MODEL_LIMITS.PRICE_MAX);
    intIn(input.output_price, 'output_price', 0, AI_MODEL_LIMITS.PRICE_MAX);
    await assertReferences(this.db, sql`roles`, sql`role_id`, input.roles, 'roles');
    return sizes;
  }

  /** the stored key in plain text (server side only) */
  private async keyOf(id: string): Promise<string | null> {
    const [r] = await query<{ k: string | null }>(this.db, sql`SELECT api_key_enc AS k FROM ai_models WHERE id = ${id}`);
    if (!r) throw new AppError('NOT_FOUND');
    return r.k ? this.sealer.unseal(r.k) : null;
  }

  /** test connection of a stored model */
  async testStored(id: string) {
    const row = await this.get(id);
    return this.runTest({
      protocol: row.protocol,
      baseUrl: row.base_url,
      apiKey: await this.keyOf(id),
      providerModel: row.provider_model,
    });
  }

  /** test connection of a form's values; with an id and no key given, the stored key */
  async testValues(input: TestInput) {
    if (!PROTOCOLS.includes(input.protocol)) throw bad('protocol', `one of ${PROTOCOLS.join(', ')}`);
    const baseUrl = checkBaseUrl(input.base_url);
    const providerModel = clean(input.provider_model);
    if (!providerModel) throw bad('provider_model', 'required');
    let apiKey: string | null = checkApiKey(input.api_key ?? undefined) ?? null;
    if (!apiKey && input.id && input.api_key !== null) apiKey = await this.keyOf(input.id);
    return this.runTest({ protocol: input.protocol, baseUrl, apiKey, providerModel });
  }

  private async runTest(target: ProviderTarget) {
    const r = await testConnection(target, { timeoutMs: this.testTimeoutMs });
    return { models: r.models, reply: r.reply, latency_ms: r.latencyMs };
  }

  /** enabled chat models the user's roles may use (role admin: every enabled one), in order */
  listForUser(user: AccessSubject): Promise<ChatModelInfo[]> {
    return this.listKind(user, 'chat');
  }

  /** the chat model and its provider target, if the user may use it; else MODEL_NOT_AVAILABLE */
  resolveForUser(user: AccessSubject, modelId: string): Promise<ResolvedModel> {
    return this.resolveKind(user, modelId, 'chat');
  }

  /** enabled speech-to-text models the user's roles may use, in order (same role rules as chat) */
  listSpeechForUser(user: AccessSubject): Promise<ChatModelInfo[]> {
    return this.listKind(user, 'speech-to-text');
  }

  /** a speech-to-text model and its provider target, if the user may use it; else MODEL_NOT_AVAILABLE */
  resolveSpeechForUser(user: AccessSubject, modelId: string): Promise<ResolvedModel> {
    return this.resolveKind(user, modelId, 'speech-to-text');
  }

  /** enabled embeddings models the user's roles may use, in order (the relay's /v1/embeddings) */
  listEmbeddingsForUser(user: AccessSubject): Promise<ChatModelInfo[]> {
    return this.listKind(user, 'embeddings');
  }

  /** an embeddings model and its provider target, if the user may use it; else MODEL_NOT_AVAILABLE */
  resolveEmbeddingsForUser(user: AccessSubject, modelId: string): Promise<ResolvedModel> {
    return this.resolveKind(user, modelId, 'embeddings');
  }

  private listKind(user: AccessSubject, kind: AiKind): Promise<ChatModelInfo[]> {
    return query<ChatModelInfo>(
      this.db,
      sql`SELECT id, name, context_window, max_output_tokens, input_price, output_price, vision FROM ai_models m
        WHERE ${this.usableBy(user, kind)} ORDER BY sort, create_date, id`,
    );
  }

  private async resolveKind(user: AccessSubject, modelId: string, kind: AiKind): Promise<ResolvedModel> {
    const [r] = await query(this.db, sql`SELECT * FROM ai_models m WHERE m.id = ${modelId} AND ${this.usableBy(user, kind)}`);
    if (!r) throw new AppError('MODEL_NOT_AVAILABLE', { field: 'model_id' });
    const resolved = this.resolved(r);
    if (this.channels) resolved.target.channels = await this.channels.order(resolved.id, resolved.target);
    return resolved;
  }

  private resolved(r: Record<string, unknown>): ResolvedModel {
    return {
      id: r.id as string,
      name: r.name as string,
      target: {
        protocol: r.protocol as Protocol,
        baseUrl: r.base_url as string,
        apiKey: r.api_key_enc ? this.sealer.unseal(r.api_key_enc as string) : null,
        providerModel: r.provider_model as string,
      },
      contextWindow: r.context_window as number,
      maxOutputTokens: r.max_output_tokens as number,
      inputPrice: r.input_price as number,
      outputPrice: r.output_price as number,
      vision: r.vision === true,
    };
  }

  private usableBy(user: AccessSubject, kind: AiKind = 'chat') {
    const base = sql`m.enabled AND m.kind = ${kind}`;
    if (hasRole(user, ADMIN_ROLE)) return base;
    return sql`${base} AND (cardinality(m.roles) = 0 OR m.roles && ${textArray(user.role ?? [])})`;
  }
}
