/**
 * Personal API keys: made with a name, an expiry, credit caps, the models and the addresses it
 * may be used from; the key (sk- + 48 letters and digits) is answered once and kept only as its
 * SHA-256. Holders change, disable and delete their own; admins see and manage everyone's. The
 * relay finds a call's key with `authenticate`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { textLength } from '../../../shared/text';
import { type AccessSubject, ADMIN_ROLE, hasRole } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { LOCKS, xactLock } from '../../core/locks';
import { plain, query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AiModelService } from '../ai-models/service';
import type { AccountService } from '../auth/service';
import { RELAY_LIMITS } from './meter';
import type { ApiKeyRow, NewApiKey } from './schemas';

type Caller = AccessSubject & { uid: string };

/** what the relay needs of a call's key */
export type KeyOfCall = {
  id: string;
  user_id: string;
  /** the models it may call; empty: every model its holder may use */
  models: string[];
  /** requests and tokens a minute */
  rpm: number;
  tpm: number;
};

export const API_KEY_LIMITS = { PER_USER: 50, NAME: 40, IP_ENTRIES: 20, MODELS: 100, CAP_MAX: 1_000_000_000_000 } as const;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_CHARS = 48;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** sk- and 48 letters and digits drawn evenly (bytes over 247 are skipped, so no character is likelier) */
export function newKey(): string {
  let out = '';
  while (out.length < KEY_CHARS) for (const b of randomBytes(64)) if (b < 248 && out.length < KEY_CHARS) out += ALPHABET[b % 62];
  return `sk-${out}`;
}

const STATUS = sql`CASE WHEN NOT k.enabled THEN 'disabled' WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired' ELSE 'active' END`;

export const apiKeyList: ListSpec = {
  resource: 'api-keys',
  from: sql`api_keys k LEFT JOIN users u ON u.id = k.user_id`,
  columns: sql`k.id, k.name, k.key_hint, k.user_id, u.username, k.expires_at,
    -- bigint columns: as float8 (exact below 2^53) the driver gives numbers, not strings
    k.credit_cap_total::float8 AS credit_cap_total, k.credit_cap_daily::float8 AS credit_cap_daily, k.credits_used::float8 AS credits_used,
    k.credits_held::float8 AS credits_held, k.rpm_limit, k.tpm_limit,
    k.models, k.ip_allow, k.enabled, ${STATUS} AS status, k.last_used_at, k.last_used_ip, k.created_at`,
  search: [sql`k.name`, sql`k.key_hint`, sql`u.username`],
  filters: { status: { kind: 'eq', column: STATUS }, user_id: { kind: 'eq', column: sql`k.user_id` } },
  sorts: {
    created_at: sql`k.created_at`,
    last_used_at: sql`k.last_used_at`,
    credits_used: sql`k.credits_used`,
    name: sql`k.name`,
    expires_at: sql`k.expires_at`,
  },
  nullable: ['last_used_at', 'expires_at'],
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`k.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'key_hint', width: 18 },
    { key: 'username', width: 20 },
    { key: 'status', width: 10 },
    { key: 'credits_used', width: 12 },
    { key: 'credit_cap_total', width: 12 },
    { key: 'credit_cap_daily', width: 12 },
    { key: 'expires_at', date: true, width: 20 },
    { key: 'last_used_at', date: true, width: 20 },
    { key: 'last_used_ip', width: 18 },
    { key: 'created_at', date: true, width: 20 },
  ],
};

/** the rows a caller sees: admins everyone's, others their own */
export const apiKeyScope = (caller: Caller) => (hasRole(caller, ADMIN_ROLE) ? sql`true` : sql`k.user_id = ${caller.uid}`);

export interface ApiKeyInput {
  name?: string;
  expires_at?: string | null;
  credit_cap_total?: number | null;
  credit_cap_daily?: number | null;
  models?: string[];
  ip_allow?: string[];
  rpm_limit?: number | null;
  tpm_limit?: number | null;
  enabled?: boolean;
}

/** an address or a CIDR range, in its normal form; null when it is neither */
export function normalIpRule(entry: string): string | null {
  const [addr, bits, ...rest] = entry.trim().split('/');
  const family = isIP(addr);
  if (!family || rest.length) return null;
  if (bits === undefined) return addr.toLowerCase();
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return null;
  return `${addr.toLowerCase()}/${Number(bits)}`;
}

/** whether `ip` is one of the rules' addresses or ranges (no rules: anywhere) */
export function ipAllowed(rules: string[], ip: string): boolean {
  if (!rules.length) return true;
  const list = new BlockList();
  for (const rule of rules) {
    const [addr, bits] = rule.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  const plainIp = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plainIp);
  return !!family && list.check(plainIp, family === 6 ? 'ipv6' : 'ipv4');
}

export class ApiKeyService {
  constructor(
    private db: Db,
    private aiModels: Pick<AiModelService, 'listForUser' | 'listEmbeddingsForUser' | 'listSpeechForUser'>,
    private accounts: Pick<AccountService, 'accessOf'>,
  ) {}

  async get(caller: Caller, id: string, tx: Db | Tx = this.db): Promise<ApiKeyRow> {
    const [r] = await query<ApiKeyRow>(tx, sql`SELECT ${apiKeyList.columns} FROM ${apiKeyList.from} WHERE k.id = ${id} AND ${apiKeyScope(caller)}`);
    if (!r) throw new AppError('NOT_FOUND', { field: 'id' });
    return plain(r);
  }

  /** the fields as stored, checked: the models the holder may use, addresses or ranges, a future expiry */
  private async checked(caller: Caller, holderId: string, input: ApiKeyInput) {
    const out: { name?: string; expiresAt?: Date | null; models?: string[]; ipAllow?: string[] } = {};
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (!name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
      if (textLength(name) > API_KEY_LIMITS.NAME)
        throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: `at most ${API_KEY_LIMITS.NAME} characters` } });
      out.name = name;
    }
    if (input.expires_at !== undefined) {
      out.expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
      if (out.expiresAt && !(out.expiresAt.getTime() > Date.now()))
        throw new AppError('INVALID_PARAM', { field: 'expires_at', params: { reason: 'in the future' } });
    }
    if (input.models !== undefined) {
      const models = [...new Set(input.models)];
      if (models.length) {
        // the holder's models (an admin changing another's key: the holder's, not the admin's)
        const holder = holderId === caller.uid ? caller : await this.holderOf(holderId);
        // every model the relay serves: chat, embeddings and speech to text
        const lists = await Promise.all([
          this.aiModels.listForUser(holder),
          this.aiModels.listEmbeddingsForUser(holder),
          this.aiModels.listSpeechForUser(holder),
        ]);
        const usable = new Set(lists.flat().map((m) => m.id));
        const unknown = models.find((m) => !usable.has(m));
        if (unknown) throw new AppError('INVALID_PARAM', { field: 'models', params: { reason: `not available: ${unknown}` } });
      }
      out.models = models;
    }
    if (input.ip_allow !== undefined) {
      const rules = input.ip_allow.map((e) => [e, normalIpRule(e)] as const);
      const bad = rules.find(([, r]) => !r);
      if (bad) throw new AppError('INVALID_PARAM', { field: 'ip_allow', params: { reason: `not an address or range: ${bad[0]}` } });
      out.ipAllow = [...new Set(rules.map(([, r]) => r!))];
    }
    return out;
  }

  /** the models a key of the caller's may be limited to: every one the relay serves them, with its kind */
  async modelsFor(caller: Caller): Promise<Array<{ id: string; name: string; kind: 'chat' | 'embeddings' | 'speech-to-text' }>> {
    const [chat, embeddings, speech] = await Promise.all([
      this.aiModels.listForUser(caller),
      this.aiModels.listEmbeddingsForUser(caller),
      this.aiModels.listSpeechForUser(caller),
    ]);
    return [
      ...chat.map((m) => ({ id: m.id, name: m.name, kind: 'chat' as const })),
      ...embeddings.map((m) => ({ id: m.id, name: m.name, kind: 'embeddings' as const })),
      ...speech.map((m) => ({ id: m.id, name: m.name, kind: 'speech-to-text' as const })),
    ];
  }

  private async holderOf(userId: string): Promise<Caller> {
    const { role, permission } = await this.accounts.accessOf(userId);
    return { uid: userId, role, permission };
  }

  async create(caller: Caller, input: ApiKeyInput & { name: string }): Promise<NewApiKey> {
    const v = await this.checked(caller, caller.uid, input);
    const key = newKey();
    const hint = `${key.slice(0, 7)}…${key.slice(-4)}`;
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(xactLock(LOCKS.API_KEYS, caller.uid));
      const [{ n }] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${caller.uid}`);
      if (n >= API_KEY_LIMITS.PER_USER) throw new AppError('API_KEY_LIMIT', { field: 'name', params: { max: API_KEY_LIMITS.PER_USER } });
      const [row] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO api_keys (user_id, name, key_hash, key_hint, expires_at, credit_cap_total, credit_cap_daily, models, ip_allow, rpm_limit, tpm_limit)
          VALUES (${caller.uid}, ${v.name!}, ${hashKey(key)}, ${hint}, ${v.expiresAt ?? null}, ${input.credit_cap_total ?? null},
            ${input.credit_cap_daily ?? null}, ${sql.param(v.models ?? [])}::text[], ${sql.param(v.ipAllow ?? [])}::text[],
            ${input.rpm_limit ?? null}, ${input.tpm_limit ?? null}) RETURNING id`,
      );
      return row.id;
    });
    return { ...(await this.get(caller, id)), key };
  }

  async update(caller: Caller, id: string, input: ApiKeyInput): Promise<ApiKeyRow> {
    const current = await this.get(caller, id);
    const v = await this.checked(caller, current.user_id, input);
    const sets = [sql`updated_at = now()`];
    if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
    if (v.expiresAt !== undefined) sets.push(sql`expires_at = ${v.expiresAt}`);
    if (input.credit_cap_total !== undefined) sets.push(sql`credit_cap_total = ${input.credit_cap_total}`);
    if (input.credit_cap_daily !== undefined) sets.push(sql`credit_cap_daily = ${input.credit_cap_daily}`);
    if (v.models !== undefined) sets.push(sql`models = ${sql.param(v.models)}::text[]`);
    if (v.ipAllow !== undefined) sets.push(sql`ip_allow = ${sql.param(v.ipAllow)}::text[]`);
    if (input.rpm_limit !== undefined) sets.push(sql`rpm_limit = ${input.rpm_limit}`);
    if (input.tpm_limit !== undefined) sets.push(sql`tpm_limit = ${input.tpm_limit}`);
    if (input.enabled !== undefined) sets.push(sql`enabled = ${input.enabled}`);
    await this.db.execute(sql`UPDATE api_keys SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    return this.get(caller, id);
  }

  /** the keys stop working at once; only the caller's own (an admin's: anyone's) are deleted */
  async removeMany(caller: Caller, ids: string[]): Promise<number> {
    // with its use by day and its rate windows (its calls stay in the AI usage log)
    const [r] = await query<{ n: number }>(
      this.db,
      sql`WITH gone AS (DELETE FROM api_keys k WHERE k.id = ANY(${sql.param(ids)}::text[]) AND ${apiKeyScope(caller)} RETURNING k.id),
        days AS (DELETE FROM api_key_days WHERE key_id IN (SELECT id FROM gone)),
        minutes AS (DELETE FROM api_key_minutes WHERE key_id IN (SELECT id FROM gone))
        SELECT count(*)::int AS n FROM gone`,
    );
    return r.n;
  }

  /**
   * The key of a call, if it may be used now from `ip`: enabled, not expired, from an allowed
   * address. Its last use is noted (at most once a minute a key, so busy keys do not queue on
   * one row). null: no such key, or not usable (the relay answers 401 alike, telling nothing).
   */
  async authenticate(key: string, ip: string): Promise<KeyOfCall | null> {
    if (!/^sk-[A-Za-z0-9]{48}$/.test(key)) return null;
    const [k] = await query<KeyOfCall & { ip_allow: string[]; usable: boolean; stale: boolean }>(
      this.db,
      sql`SELECT id, user_id, models, ip_allow, coalesce(rpm_limit, ${RELAY_LIMITS.RPM}) AS rpm, coalesce(tpm_limit, ${RELAY_LIMITS.TPM}) AS tpm,
          enabled AND (expires_at IS NULL OR expires_at > now()) AS usable,
          last_used_at IS NULL OR last_used_at < now() - interval '1 minute' OR last_used_ip IS DISTINCT FROM ${ip} AS stale
        FROM api_keys WHERE key_hash = ${hashKey(key)}`,
    );
    if (!k || !k.usable || !ipAllowed(k.ip_allow, ip)) return null;
    if (k.stale) await this.db.execute(sql`UPDATE api_keys SET last_used_at = now(), last_used_ip = ${ip} WHERE id = ${k.id}`);
    return { id: k.id, user_id: k.user_id, models: k.models, rpm: k.rpm, tpm: k.tpm };
  }
}
