/**
 * Channels: more providers behind one model. A model's name is what clients ask for; its own
 * provider is its channel of priority 0 and weight 1, and an admin adds others (each with its own
 * model id: an alias), priorities and weights. A call tries the healthy channels of the highest
 * priority in a weighted random order, then the lower ones, then the paused ones; the chat and the
 * relay fail over among them only before the first token. A channel that fails PAUSE_AFTER times
 * in a row is paused for PAUSE_MS, then re-tested by a job (and by the next call that reaches it).
 */
import { sql } from 'drizzle-orm';
import { AI_MODEL_LIMITS as L, AI_PROTOCOLS } from '../../../shared/ai-models';
import { AppError } from '../../core/errors';
import { Sealer } from '../../core/sealed';
import { plain, query } from '../../core/sql';
import type { Db } from '../../db';
import type { AiChannelRow, ChannelHealth } from './schemas';
import { checkApiKey, checkBaseUrl, maskKey } from './service';
import { ProviderError, type ProviderTarget, type StreamEvent, type StreamRequest, type streamChat, testConnection } from './providers';

export const CHANNEL_LIMITS = { PER_MODEL: 20, WEIGHT_MAX: 100, PRIORITY_MAX: 1000, PAUSE_AFTER: 3, PAUSE_MS: 60_000 } as const;

export interface ChannelInput {
  name?: string;
  protocol?: string;
  base_url?: string;
  /** absent: unchanged; '' or null: none */
  api_key?: string | null;
  provider_model?: string;
  priority?: number;
  weight?: number;
  enabled?: boolean;
}

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });

/** the columns of a channel as the admin API answers it, with its health */
const CHANNEL_COLUMNS = sql`c.id, c.model_id, c.name, c.protocol, c.base_url, c.api_key_masked, c.provider_model, c.priority, c.weight, c.enabled,
  coalesce(h.failures, 0) AS failures, h.paused_until, coalesce(h.requests, 0)::float8 AS requests, coalesce(h.errors, 0)::float8 AS errors,
  h.latency_ms, h.last_error, c.created_at`;

export class ChannelService {
  private sealer: Sealer;

  constructor(
    private db: Db,
    secret: string,
    private testTimeoutMs?: number,
  ) {
    // sealed as the models' own keys are
    this.sealer = new Sealer(secret, 'ai-model-api-key');
  }

  /** a model's channels with their health (admins) */
  async list(modelId: string): Promise<AiChannelRow[]> {
    const rows = await query<AiChannelRow>(
      this.db,
      sql`SELECT ${CHANNEL_COLUMNS} FROM ai_channels c LEFT JOIN ai_channel_health h ON h.channel = c.id
        WHERE c.model_id = ${modelId} ORDER BY c.priority DESC, c.created_at, c.id`,
    );
    return rows.map(plain);
  }

  /** the model's own provider's health (its channel of priority 0) */
  async primaryHealth(modelId: string): Promise<ChannelHealth> {
    const [h] = await query<ChannelHealth>(
      this.db,
      sql`SELECT failures, paused_until, requests::float8 AS requests, errors::float8 AS errors, latency_ms, last_error
        FROM ai_channel_health WHERE channel = ${`model:${modelId}`}`,
    );
    return h ? plain(h) : { failures: 0, paused_until: null, requests: 0, errors: 0, latency_ms: null, last_error: null };
  }

  private async one(id: string): Promise<AiChannelRow> {
    const [c] = await query<AiChannelRow>(
      this.db,
      sql`SELECT ${CHANNEL_COLUMNS} FROM ai_channels c LEFT JOIN ai_channel_health h ON h.channel = c.id WHERE c.id = ${id}`,
    );
    if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
    return plain(c);
  }

  /**
   * the input's fields checked as a model's own (address, key) and normalized; those given only:
   * a channel being made must give name, protocol, base_url and provider_model
   */
  private checked(input: ChannelInput, creating: boolean) {
    if (creating) for (const f of ['name', 'protocol', 'base_url', 'provider_model'] as const) if (!input[f]?.trim()) throw bad(f, 'required');
    if (input.name !== undefined && (!input.name.trim() || input.name.length > L.NAME_MAX)) throw bad('name', `1 to ${L.NAME_MAX} characters`);
    if (input.protocol !== undefined && !(AI_PROTOCOLS as readonly string[]).includes(input.protocol)) throw bad('protocol', AI_PROTOCOLS.join(' or '));
    if (input.provider_model !== undefined && (!input.provider_model.trim() || input.provider_model.length > L.PROVIDER_MODEL_MAX))
      throw bad('provider_model', `1 to ${L.PROVIDER_MODEL_MAX} characters`);
    const key = input.api_key === undefined ? undefined : (checkApiKey(input.api_key ?? undefined) ?? null);
    return {
      name: input.name?.trim(),
      baseUrl: input.base_url === undefined ? undefined : checkBaseUrl(input.base_url),
      providerModel: input.provider_model?.trim(),
      /** absent: unchanged; null: none */
      sealed: key === undefined ? undefined : key === null ? { enc: null, masked: null } : { enc: this.sealer.seal(key), masked: maskKey(key) },
    };
  }

  async create(modelId: string, input: ChannelInput) {
    const v = this.checked(input, true);
    const [{ n }] = await query<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ai_channels WHERE model_id = ${modelId}`);
    if (n >= CHANNEL_LIMITS.PER_MODEL) throw bad('model_id', `at most ${CHANNEL_LIMITS.PER_MODEL} channels a model`);
    const [row] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO ai_channels (model_id, name, protocol, base_url, api_key_enc, api_key_masked, provider_model, priority, weight, enabled)
        SELECT id, ${v.name!}, ${input.protocol}, ${v.baseUrl!}, ${v.sealed?.enc ?? null}, ${v.sealed?.masked ?? null}, ${v.providerModel!},
          ${input.priority ?? 0}, ${input.weight ?? 1}, ${input.enabled ?? true}
        FROM ai_models WHERE id = ${modelId} RETURNING id`,
    );
    if (!row) throw new AppError('NOT_FOUND', { field: 'model_id' });
    return this.one(row.id);
  }

  async update(id: string, input: ChannelInput) {
    const v = this.checked(input, false);
    await this.one(id);
    const sets = [sql`updated_at = now()`];
    if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
    if (input.protocol !== undefined) sets.push(sql`protocol = ${input.protocol}`);
    if (v.baseUrl !== undefined) sets.push(sql`base_url = ${v.baseUrl}`);
    if (v.providerModel !== undefined) sets.push(sql`provider_model = ${v.providerModel}`);
    if (input.priority !== undefined) sets.push(sql`priority = ${input.priority}`);
    if (input.weight !== undefined) sets.push(sql`weight = ${input.weight}`);
    if (input.enabled !== undefined) sets.push(sql`enabled = ${input.enabled}`);
    if (v.sealed) sets.push(sql`api_key_enc = ${v.sealed.enc}, api_key_masked = ${v.sealed.masked}`);
    await this.db.execute(sql`UPDATE ai_channels SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    // a changed channel starts afresh
    await this.db.execute(sql`DELETE FROM ai_channel_health WHERE channel = ${id}`);
    return this.one(id);
  }

  async remove(id: string) {
    const gone = await this.db.execute(sql`DELETE FROM ai_channels WHERE id = ${id}`);
    if (!gone.rowCount) throw new AppError('NOT_FOUND', { field: 'id' });
    await this.db.execute(sql`DELETE FROM ai_channel_health WHERE channel = ${id}`);
  }

  /**
   * The order a call of this model tries its channels in: by priority (highest first), the
   * healthy ones of a priority in a weighted random order, paused ones after every healthy one
   */
  async order(modelId: string, primary: ProviderTarget): Promise<ProviderTarget[]> {
    const rows = await query<{
      id: string;
      protocol: string;
      base_url: string;
      api_key_enc: string | null;
      provider_model: string;
      priority: number;
      weight: number;
      paused: boolean;
    }>(
      this.db,
      sql`SELECT c.id, c.protocol, c.base_url, c.api_key_enc, c.provider_model, c.priority, c.weight, coalesce(h.paused_until > now(), false) AS paused
        FROM ai_channels c LEFT JOIN ai_channel_health h ON h.channel = c.id WHERE c.model_id = ${modelId} AND c.enabled
        UNION ALL
        SELECT ${`model:${modelId}`}, '', '', NULL, '', 0, 1, coalesce((SELECT paused_until > now() FROM ai_channel_health WHERE channel = ${`model:${modelId}`}), false)`,
    );
    if (rows.length === 1) return [{ ...primary, channel: `model:${modelId}`, modelId }];
    const targets = rows.map((r) => ({
      r,
      target:
        r.id === `model:${modelId}`
          ? { ...primary, channel: r.id, modelId }
          : {
              protocol: r.protocol as ProviderTarget['protocol'],
              baseUrl: r.base_url,
              apiKey: r.api_key_enc ? this.sealer.unseal(r.api_key_enc) : null,
              providerModel: r.provider_model,
              channel: r.id,
              modelId,
            },
      // weighted random order: a smaller key comes first (Efraimidis-Spirakis)
      key: -Math.log(Math.random()) / r.weight,
    }));
    targets.sort((a, b) => Number(a.r.paused) - Number(b.r.paused) || b.r.priority - a.r.priority || a.key - b.key);
    return targets.map((x) => x.target);
  }

  /** how an attempt on a channel fared: PAUSE_AFTER failures in a row pause it for PAUSE_MS */
  async report(target: ProviderTarget, ok: boolean, latencyMs: number, error?: string): Promise<void> {
    if (!target.channel || !target.modelId) return;
    await this.db.execute(sql`INSERT INTO ai_channel_health AS h (channel, model_id, failures, paused_until, requests, errors, latency_ms, last_error)
      VALUES (${target.channel}, ${target.modelId}, ${ok ? 0 : 1}, NULL, 1, ${ok ? 0 : 1}, ${Math.round(latencyMs)}, ${ok ? null : (error ?? 'failed').slice(0, 500)})
      ON CONFLICT (channel) DO UPDATE SET requests = h.requests + 1, errors = h.errors + EXCLUDED.errors, latency_ms = EXCLUDED.latency_ms,
        failures = CASE WHEN ${ok} THEN 0 ELSE h.failures + 1 END,
        paused_until = CASE WHEN ${ok} THEN NULL WHEN h.failures + 1 >= ${CHANNEL_LIMITS.PAUSE_AFTER}
          THEN now() + make_interval(secs => ${CHANNEL_LIMITS.PAUSE_MS / 1000}) ELSE h.paused_until END,
        last_error = CASE WHEN ${ok} THEN h.last_error ELSE EXCLUDED.last_error END, updated_at = now()`);
  }

  /** paused channels whose pause is over are tested (a one-token call); a pass brings them back */
  async retestPaused(): Promise<number> {
    // the channels and the models' own providers (model:<id>) whose pause is over
    const due = await query<{ id: string; model_id: string; protocol: string; base_url: string; api_key_enc: string | null; provider_model: string }>(
      this.db,
      sql`SELECT c.id, c.model_id, c.protocol, c.base_url, c.api_key_enc, c.provider_model FROM ai_channels c
          JOIN ai_channel_health h ON h.channel = c.id WHERE c.enabled AND h.paused_until IS NOT NULL AND h.paused_until <= now()
        UNION ALL
        SELECT h.channel, m.id, m.protocol, m.base_url, m.api_key_enc, m.provider_model FROM ai_channel_health h
          JOIN ai_models m ON h.channel = 'model:' || m.id WHERE m.enabled AND h.paused_until IS NOT NULL AND h.paused_until <= now()`,
    );
    let back = 0;
    for (const c of due) {
      const target: ProviderTarget = {
        protocol: c.protocol as ProviderTarget['protocol'],
        baseUrl: c.base_url,
        apiKey: c.api_key_enc ? this.sealer.unseal(c.api_key_enc) : null,
        providerModel: c.provider_model,
        channel: c.id,
        modelId: c.model_id,
      };
      const started = performance.now();
      try {
        await testConnection(target, { timeoutMs: this.testTimeoutMs });
        await this.report(target, true, performance.now() - started);
        back++;
      } catch (e) {
        await this.report(target, false, performance.now() - started, e instanceof ProviderError ? e.providerMessage : 'test failed');
      }
    }
    return back;
  }
}

/** a failure another channel may not have: unreachable, timed out, rate limited, the provider's own 5xx */
const passable = (e: unknown) =>
  e instanceof ProviderError && (e.code !== 'AI_PROVIDER_ERROR' || e.status === undefined || e.status >= 500 || e.status === 408);

/**
 * streamChat over a model's channels: each tried in order until one gives its first event (then
 * that one alone, to the end); a channel with others behind it has `waitMs` for it. Each attempt
 * is reported for the channel's health.
 */
export function routedStream(
  stream: typeof streamChat,
  report: ChannelService['report'],
  waitMs: () => number,
): (target: ProviderTarget, req: StreamRequest) => AsyncIterable<StreamEvent> {
  return async function* routed(target, req) {
    const channels = target.channels?.length ? target.channels : [target];
    for (const [n, channel] of channels.entries()) {
      const last = n === channels.length - 1;
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      req.signal.addEventListener('abort', stop);
      let timedOut = false;
      const timer = last
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            attempt.abort();
          }, waitMs());
      const started = performance.now();
      const events = stream(channel, { ...req, signal: attempt.signal })[Symbol.asyncIterator]();
      let first: IteratorResult<StreamEvent>;
      try {
        first = await events.next();
      } catch (e) {
        clearTimeout(timer);
        req.signal.removeEventListener('abort', stop);
        if (req.signal.aborted) throw e;
        const message = timedOut ? 'no first token in time' : e instanceof ProviderError ? e.providerMessage : 'failed';
        void report(channel, false, performance.now() - started, message).catch(() => undefined);
        if (!last && (timedOut || passable(e))) continue;
        throw timedOut ? new ProviderError('AI_TIMEOUT', 'the provider did not answer in time') : e;
      }
      clearTimeout(timer);
      void report(channel, true, performance.now() - started).catch(() => undefined);
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await events.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        req.signal.removeEventListener('abort', stop);
      }
    }
  };
}
