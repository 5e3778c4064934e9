/**
 * Assistants (presets): a name, an avatar, a model, a system prompt, sampling parameters and
 * starter questions. A user keeps their own; those who manage the models publish assistants for
 * everyone or for roles. A conversation started with one copies its settings (conversations.ts).
 */
import { sql } from 'drizzle-orm';
import { type AccessSubject, hasPermission, RULES } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import { LOCKS, xactLock } from '../../core/locks';
import type { ListSpec } from '../../core/list/query';
import { plain, query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AiModelService } from '../ai-models/service';
import { clean } from './columns';
import type { Parameters } from './parameters';
import type { ChatAssistant } from './schemas';

/** how many assistants one user keeps for themselves */
export const ASSISTANTS_PER_USER = 50;
export const ASSISTANT_LIMITS = { NAME: 40, AVATAR: 16, DESCRIPTION: 200, STARTERS: 4, STARTER: 200, ROLES: 20 } as const;

type Caller = AccessSubject & { uid: string };

/** an approved store prompt, as far as an assistant made from it needs it */
interface StorePromptOf {
  detail(userId: string, id: string): Promise<{ id: string; title: string; description: string; body: string; model_id: string | null }>;
}

export type AssistantInput = {
  name: string;
  avatar?: string;
  description?: string;
  model_id?: string | null;
  system_prompt?: string | null;
  starters?: string[];
  published?: boolean;
  roles?: string[];
} & Parameters;

const COLUMNS = sql`a.id, a.name, a.avatar, a.description, a.model_id, a.system_prompt, a.temperature, a.top_p, a.max_tokens, a.starters,
  a.published, a.roles, a.store_prompt_id, a.created_at, a.updated_at`;

/** who may publish assistants, and see and change every published one */
export const canPublish = (caller: Caller) => hasPermission(caller, RULES.aiModels);

/** the usage of every published assistant (admins who read the AI usage log): who used it, how much, and what they thought */
export const assistantUsageList: ListSpec = {
  resource: 'assistant-usage',
  from: sql`chat_assistants a LEFT JOIN users u ON u.id = a.user_id
    LEFT JOIN LATERAL (SELECT count(*)::int AS answers, count(DISTINCT g.user_id)::int AS users, count(DISTINCT g.conversation_id)::int AS conversations,
      coalesce(sum(g.credits), 0)::bigint AS credits, max(g.created_at) AS last_used FROM ai_usage g WHERE g.assistant_id = a.id) s ON true
    LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE f.rating = 1)::int AS up, count(*) FILTER (WHERE f.rating = -1)::int AS down
      FROM conversations c JOIN chat_messages m ON m.conversation_id = c.id JOIN chat_feedback f ON f.message_id = m.id WHERE c.assistant_id = a.id) fb ON true`,
  columns: sql`a.id, a.name, a.avatar, a.model_id, a.roles, a.updated_at, u.username AS owner, s.conversations, s.users, s.answers,
    s.credits::int AS credits, s.last_used, fb.up, fb.down`,
  where: sql`a.published`,
  search: [sql`a.name`, sql`a.description`],
  filters: {},
  sorts: {
    answers: sql`s.answers`,
    users: sql`s.users`,
    conversations: sql`s.conversations`,
    credits: sql`s.credits`,
    last_used: sql`s.last_used`,
    down: sql`fb.down`,
    name: sql`a.name`,
  },
  nullable: ['last_used'],
  defaultSort: { field: 'answers', order: 'descend' },
  tiebreak: sql`a.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'conversations', width: 14 },
    { key: 'users', width: 10 },
    { key: 'answers', width: 10 },
    { key: 'credits', width: 12 },
    { key: 'up', width: 8 },
    { key: 'down', width: 8 },
    { key: 'last_used', date: true, width: 20 },
  ],
};

export class ChatAssistantService {
  constructor(
    private db: Db,
    private aiModels: Pick<AiModelService, 'listForUser'>,
  ) {}

  /** the assistants the caller may start a chat with: their own, then the published ones for them */
  private visibleTo(caller: Caller) {
    if (canPublish(caller)) return sql`(a.user_id = ${caller.uid} OR a.published)`;
    const roles = [...(caller.role ?? [])];
    return sql`(a.user_id = ${caller.uid} OR (a.published AND (cardinality(a.roles) = 0 OR a.roles && ${sql.param(roles)}::text[])))`;
  }

  private shape(r: Omit<ChatAssistant, 'mine'> & { user_id?: string }, caller: Caller): ChatAssistant {
    const { user_id: owner, ...rest } = r;
    return plain({ ...rest, mine: owner === caller.uid });
  }

  async list(caller: Caller): Promise<ChatAssistant[]> {
    const rows = await query<ChatAssistant & { user_id: string }>(
      this.db,
      sql`SELECT ${COLUMNS}, a.user_id FROM chat_assistants a WHERE ${this.visibleTo(caller)}
        ORDER BY (a.user_id = ${caller.uid}) DESC, a.updated_at DESC, a.id LIMIT ${ASSISTANTS_PER_USER + 200}`,
    );
    return rows.map((r) => this.shape(r, caller));
  }

  async get(caller: Caller, id: string, tx: Db | Tx = this.db): Promise<ChatAssistant> {
    const [r] = await query<ChatAssistant & { user_id: string }>(
      tx,
      sql`SELECT ${COLUMNS}, a.user_id FROM chat_assistants a WHERE a.id = ${id} AND ${this.visibleTo(caller)}`,
    );
    if (!r) throw new AppError('NOT_FOUND', { field: 'assistant_id' });
    return this.shape(r, caller);
  }

  /** the one the caller may change: their own unpublished one, or any published one for a publisher */
  private async editable(tx: Tx, caller: Caller, id: string) {
    const [r] = await query<{ user_id: string; published: boolean }>(tx, sql`SELECT user_id, published FROM chat_assistants WHERE id = ${id} FOR UPDATE`);
    if (!r) throw new AppError('NOT_FOUND', { field: 'id' });
    if (r.published) {
      if (!canPublish(caller)) throw new AppError('PERMISSION_ERROR', { field: 'published' });
    } else if (r.user_id !== caller.uid) throw new AppError('NOT_FOUND', { field: 'id' });
  }

  private async checked(caller: Caller, input: Partial<AssistantInput>) {
    if ((input.published || input.roles?.length) && !canPublish(caller)) throw new AppError('PERMISSION_ERROR', { field: 'published' });
    if (input.name !== undefined && !clean(input.name)) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    if (input.model_id) {
      const models = await this.aiModels.listForUser(caller);
      if (!models.some((m) => m.id === input.model_id)) throw new AppError('INVALID_PARAM', { field: 'model_id', params: { reason: 'not available' } });
    }
    const starters = input.starters?.map((s) => clean(s)).filter(Boolean);
    return { starters: starters && [...new Set(starters)], roles: input.roles && [...new Set(input.roles.map((r) => r.trim()).filter(Boolean))] };
  }

  async create(caller: Caller, input: AssistantInput, storePromptId: string | null = null): Promise<ChatAssistant> {
    const { starters, roles } = await this.checked(caller, input);
    const id = await this.db.transaction(async (tx) => {
      // one writer at a time per user, so the count below holds until the insert
      await tx.execute(xactLock(LOCKS.CHAT_ASSISTANTS, caller.uid));
      const [{ n }] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM chat_assistants WHERE user_id = ${caller.uid}`);
      if (n >= ASSISTANTS_PER_USER) throw new AppError('ASSISTANT_LIMIT', { field: 'name', params: { max: ASSISTANTS_PER_USER } });
      const [row] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO chat_assistants (user_id, name, avatar, description, model_id, system_prompt, temperature, top_p, max_tokens, starters, published, roles, store_prompt_id)
          VALUES (${caller.uid}, ${clean(input.name)}, ${clean(input.avatar)}, ${clean(input.description)}, ${input.model_id ?? null},
            ${clean(input.system_prompt) || null}, ${input.temperature ?? null}, ${input.top_p ?? null}, ${input.max_tokens ?? null},
            ${sql.param(starters ?? [])}::text[], ${!!input.published}, ${sql.param(roles ?? [])}::text[], ${storePromptId}) RETURNING id`,
      );
      return row.id;
    });
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, input: Partial<AssistantInput>): Promise<ChatAssistant> {
    const { starters, roles } = await this.checked(caller, input);
    const sets = [sql`updated_at = now()`];
    if (input.name !== undefined) sets.push(sql`name = ${clean(input.name)}`);
    if (input.avatar !== undefined) sets.push(sql`avatar = ${clean(input.avatar)}`);
    if (input.description !== undefined) sets.push(sql`description = ${clean(input.description)}`);
    if (input.model_id !== undefined) sets.push(sql`model_id = ${input.model_id}`);
    if (input.system_prompt !== undefined) sets.push(sql`system_prompt = ${clean(input.system_prompt) || null}`);
    if (input.temperature !== undefined) sets.push(sql`temperature = ${input.temperature}`);
    if (input.top_p !== undefined) sets.push(sql`top_p = ${input.top_p}`);
    if (input.max_tokens !== undefined) sets.push(sql`max_tokens = ${input.max_tokens}`);
    if (starters) sets.push(sql`starters = ${sql.param(starters)}::text[]`);
    if (input.published !== undefined) sets.push(sql`published = ${input.published}`);
    if (roles) sets.push(sql`roles = ${sql.param(roles)}::text[]`);
    await this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id);
      await tx.execute(sql`UPDATE chat_assistants SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    });
    return this.get(caller, id);
  }

  /** conversations started with it keep their copied settings */
  async remove(caller: Caller, id: string) {
    await this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id);
      await tx.execute(sql`DELETE FROM chat_assistants WHERE id = ${id}`);
    });
  }

  /** an approved store prompt as a new assistant of the caller: its text the system prompt, its model if the caller may use it */
  async fromStorePrompt(caller: Caller, promptId: string, store: StorePromptOf): Promise<ChatAssistant> {
    const p = await store.detail(caller.uid, promptId);
    const models = p.model_id ? await this.aiModels.listForUser(caller) : [];
    const name = [...clean(p.title)].slice(0, ASSISTANT_LIMITS.NAME).join('') || p.id;
    const description = [...clean(p.description)].slice(0, ASSISTANT_LIMITS.DESCRIPTION).join('');
    return this.create(caller, { name, description, system_prompt: p.body, model_id: models.some((m) => m.id === p.model_id) ? p.model_id : null }, p.id);
  }

  /** what a conversation started with it copies (the caller must be able to see it) */
  async settingsFor(caller: Caller, id: string) {
    const a = await this.get(caller, id);
    return { assistant_id: a.id, model_id: a.model_id, system_prompt: a.system_prompt, temperature: a.temperature, top_p: a.top_p, max_tokens: a.max_tokens };
  }
}
