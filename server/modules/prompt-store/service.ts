/**
 * The prompt store: approved prompts everyone signed in browses, favourites and uses; users'
 * submissions of their own templates; and the staff's curation. Every status change keeps the
 * search index in step in the same transaction (only approved prompts are findable).
 */
import { claimSeed } from '../../db/seed-marks';
import { type SQL, sql } from 'drizzle-orm';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { likePattern, plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { SettingsStore } from '../../core/settings';
import type { CreditService } from '../credits/service';
import type { SearchIndex } from '../search/service';
import { withdrawSettings } from '../withdrawals/settings';
import type { PromptTemplateRow } from '../prompts/schemas';
import { type Caller, PROMPT_LIMITS, type PromptService, variablesOf } from '../prompts/service';
import type { StorePrompt, StorePromptAdminRow, StoreSubmission } from './schemas';
import { seededCategory, seededTags, STORE_SEED_TEXT } from '../../../shared/built-in-names';

export const STORE_LIMITS = { ...PROMPT_LIMITS, DESCRIPTION: 1000, REASON: 500, PAGE: 100 } as const;
export const STORE_STATUSES = ['pending', 'approved', 'rejected', 'taken_down'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const BROWSE_SORTS = ['newest', 'used', 'favourited'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export interface StoreInput {
  title?: string;
  description?: string | null;
  body?: string;
  category?: string | null;
  tags?: string[] | null;
  model_id?: string | null;
  featured?: boolean;
}

export interface BrowseQuery {
  keyword?: string;
  category?: string;
  tag?: string;
  sort?: BrowseSort;
  featured_first?: boolean;
  featured?: boolean;
  current?: number;
  pageSize?: number;
}

const publicColumns = sql`s.id, s.title, s.description, s.body, s.category, s.tags, s.model_id, s.featured,
  s.use_count, s.favourite_count, s.published_at, s.created_at, s.updated_at,
  coalesce(nullif(u.nickname, ''), u.username) AS author_name`;

const from = sql`store_prompts s LEFT JOIN users u ON u.id = s.author_id`;

/** the curation list: every store prompt, whatever its status */
export const storeCurationList: ListSpec = {
  resource: 'store-prompts',
  from,
  columns: sql`${publicColumns}, s.status, s.reason, s.author_id, s.source_template_id, s.reviewed_at`,
  search: [sql`s.title`, sql`s.description`, sql`s.body`, sql`array_to_string(s.tags, ' ')`],
  filters: {
    status: { kind: 'eq', column: sql`s.status` },
    category: { kind: 'eq', column: sql`s.category` },
    featured: { kind: 'eq', column: sql`s.featured`, type: 'bool' },
    author_id: { kind: 'eq', column: sql`s.author_id` },
    tag: { kind: 'overlaps', column: sql`s.tags` },
    created_at: { kind: 'range', column: sql`s.created_at` },
  },
  sorts: {
    created_at: sql`s.created_at`,
    updated_at: sql`s.updated_at`,
    published_at: sql`s.published_at`,
    title: sql`s.title`,
    use_count: sql`s.use_count`,
    favourite_count: sql`s.favourite_count`,
  },
  nullable: ['published_at'],
  defaultSort: { field: 'updated_at', order: 'descend' },
  tiebreak: sql`s.id`,
  exportColumns: [
    { key: 'title', width: 30 },
    { key: 'status', width: 12 },
    { key: 'category', width: 16 },
    { key: 'tags', width: 24 },
    { key: 'author_name', width: 16 },
    { key: 'featured', width: 10 },
    { key: 'use_count', width: 10 },
    { key: 'favourite_count', width: 10 },
    { key: 'description', width: 40 },
    { key: 'body', width: 60 },
    { key: 'reason', width: 30 },
    { key: 'updated_at', date: true, width: 20 },
  ],
};

const storeUrl = (id: string) => `/pages/assistant/prompts-store/prompts-store?id=${id}`;

/** fields checked and trimmed */
interface Checked {
  title: string;
  description: string;
  body: string;
  category: string;
  tags: string[];
  modelId: string | null;
}

function check(input: StoreInput, current?: Checked): Checked {
  const title = (input.title ?? current?.title ?? '').trim();
  if (!title || textLength(title) > STORE_LIMITS.TITLE) throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: `1..${STORE_LIMITS.TITLE}` } });
  const body = input.body ?? current?.body ?? '';
  if (!body.trim() || textLength(body) > STORE_LIMITS.BODY)
    throw new AppError('INVALID_PARAM', { field: 'body', params: { reason: `1..${STORE_LIMITS.BODY}` } });
  variablesOf(body);
  const description = (input.description === undefined ? (current?.description ?? '') : (input.description ?? '')).trim();
  if (textLength(description) > STORE_LIMITS.DESCRIPTION)
    throw new AppError('INVALID_PARAM', { field: 'description', params: { reason: `0..${STORE_LIMITS.DESCRIPTION}` } });
  const category = (input.category === undefined ? (current?.category ?? '') : (input.category ?? '')).trim();
  if (textLength(category) > STORE_LIMITS.CATEGORY)
    throw new AppError('INVALID_PARAM', { field: 'category', params: { reason: `0..${STORE_LIMITS.CATEGORY}` } });
  const tags = [...new Set((input.tags === undefined ? (current?.tags ?? []) : (input.tags ?? [])).map((t) => t.trim()).filter(Boolean))];
  if (tags.length > STORE_LIMITS.TAGS || tags.some((t) => textLength(t) > STORE_LIMITS.TAG))
    throw new AppError('INVALID_PARAM', { field: 'tags', params: { reason: `${STORE_LIMITS.TAGS} x 1..${STORE_LIMITS.TAG}` } });
  const modelId = input.model_id === undefined ? (current?.modelId ?? null) : input.model_id || null;
  return { title, description, body, category, tags, modelId };
}

function reasonOf(reason: string | null | undefined): string {
  const r = (reason ?? '').trim();
  if (!r || textLength(r) > STORE_LIMITS.REASON) throw new AppError('INVALID_PARAM', { field: 'reason', params: { reason: `1..${STORE_LIMITS.REASON}` } });
  return r;
}

export class StorePromptService {
  constructor(
    private db: Db,
    private search: SearchIndex,
    /** where a use's reward to the author is posted (the chat, which records uses, passes it) */
    private earn?: { credits: CreditService; settings: SettingsStore },
  ) {}

  /** puts the approved ones of `ids` in the search index and takes the others out */
  private async syncIndex(tx: Tx, ids: string[]) {
    if (!ids.length) return;
    const rows = await query(tx, sql`SELECT id, title, description, body, category, tags, status FROM store_prompts WHERE id = ANY(${textArray(ids)})`);
    const approved = rows.filter((r) => r.status === 'approved');
    await this.search.put(
      tx,
      approved.map((r) => ({
        kind: 'store-prompt' as const,
        refId: r.id as string,
        ownerId: null,
        title: r.title as string,
        body: [r.description, r.category, (r.tags as string[]).join(' '), r.body].filter(Boolean).join('\n'),
        url: storeUrl(r.id as string),
      })),
    );
    const found = new Set(approved.map((r) => r.id as string));
    await this.search.remove(
      tx,
      'store-prompt',
      ids.filter((id) => !found.has(id)),
    );
  }

  // ---------------------------------------------------------------------------------------
  // browsing (approved prompts only)

  async browse(userId: string, q: BrowseQuery): Promise<{ data: StorePrompt[]; total: number }> {
    const where: SQL[] = [sql`s.status = 'approved'`];
    const kw = q.keyword?.trim();
    if (kw) {
      const p = likePattern(kw);
      where.push(
        sql`(s.title ILIKE ${p} OR s.description ILIKE ${p} OR s.body ILIKE ${p} OR array_to_string(s.tags, ' ') ILIKE ${p} OR s.category ILIKE ${p})`,
      );
    }
    if (q.category) where.push(sql`s.category = ${q.category}`);
    if (q.tag) where.push(sql`${q.tag} = ANY(s.tags)`);
    if (q.featured) where.push(sql`s.featured`);
    const cond = sql.join(where, sql` AND `);
    const order: SQL[] = [];
    if (q.featured_first) order.push(sql`s.featured DESC`);
    if (q.sort === 'used') order.push(sql`s.use_count DESC`);
    else if (q.sort === 'favourited') order.push(sql`s.favourite_count DESC`);
    order.push(sql`s.published_at DESC NULLS LAST`, sql`s.id`);
    const pageSize = Math.min(q.pageSize ?? 20, STORE_LIMITS.PAGE);
    const current = q.current ?? 1;
    const [rows, [{ n }]] = await Promise.all([
      query<StorePrompt>(
        this.db,
        sql`SELECT ${publicColumns}, EXISTS (SELECT 1 FROM store_prompt_favourites f WHERE f.prompt_id = s.id AND f.user_id = ${userId}) AS favourited
          FROM ${from} WHERE ${cond} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      ),
      query<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM store_prompts s WHERE ${cond}`),
    ]);
    return { data: rows.map(plain), total: n };
  }

  /** one approved prompt, with whether the caller favourited it */
  async detail(userId: string, id: string, tx: Db | Tx = this.db): Promise<StorePrompt> {
    const [r] = await query<StorePrompt>(
      tx,
      sql`SELECT ${publicColumns}, EXISTS (SELECT 1 FROM store_prompt_favourites f WHERE f.prompt_id = s.id AND f.user_id = ${userId}) AS favourited
        FROM ${from} WHERE s.id = ${id} AND s.status = 'approved'`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** the categories and tags of approved prompts, most common first (the store's filters) */
  async facets() {
    const [categories, tags] = await Promise.all([
      query<{ name: string; count: number }>(
        this.db,
        sql`SELECT category AS name, count(*)::int AS count FROM store_prompts WHERE status = 'approved' AND category <> '' GROUP BY category ORDER BY count DESC, category`,
      ),
      query<{ name: string; count: number }>(
        this.db,
        sql`SELECT t AS name, count(*)::int AS count FROM store_prompts, unnest(tags) t WHERE status = 'approved' GROUP BY t ORDER BY count DESC, t LIMIT 100`,
      ),
    ]);
    return { categories, tags };
  }

  /** favourite (on) or unfavourite; the count moves only when the caller's favourite did */
  async favourite(userId: string, id: string, on: boolean) {
    return this.db.transaction(async (tx) => {
      const [p] = await query(tx, sql`SELECT id FROM store_prompts WHERE id = ${id} AND status = 'approved' FOR UPDATE`);
      if (!p) throw new AppError('NOT_FOUND');
      const changed = on
        ? await tx.execute(sql`INSERT INTO store_prompt_favourites (prompt_id, user_id) VALUES (${id}, ${userId}) ON CONFLICT DO NOTHING`)
        : await tx.execute(sql`DELETE FROM store_prompt_favourites WHERE prompt_id = ${id} AND user_id = ${userId}`);
      if (changed.rowCount) await tx.execute(sql`UPDATE store_prompts SET favourite_count = favourite_count + ${on ? 1 : -1} WHERE id = ${id}`);
      const r = await this.detail(userId, id, tx);
      return { favourited: r.favourited, favourite_count: r.favourite_count };
    });
  }

  /** an approved prompt as a new own template of the caller (its model kept only if the caller may use it) */
  async copy(caller: Caller, id: string, prompts: PromptService): Promise<PromptTemplateRow> {
    const p = await this.detail(caller.uid, id);
    const input = { title: p.title, body: p.body, category: p.category, tags: p.tags };
    if (p.model_id) {
      try {
        return await prompts.create(caller, { ...input, model_id: p.model_id });
      } catch (e) {
        if (!(e instanceof AppError) || e.code === 'INVALID_PARAM') throw e;
      }
    }
    return prompts.create(caller, input);
  }

  /** a question sent to the chat with a store prompt; false when it is not (or no longer) in the store */
  async recordUse(userId: string, promptId: string, conversationId: string | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [p] = await query<{ author_id: string | null }>(
        tx,
        sql`UPDATE store_prompts SET use_count = use_count + 1 WHERE id = ${promptId} AND status = 'approved' RETURNING author_id`,
      );
      if (!p) return false;
      const [use] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO store_prompt_uses (prompt_id, user_id, conversation_id) VALUES (${promptId}, ${userId}, ${conversationId}) RETURNING id::text AS id`,
      );
      // the author earns withdrawable credits when someone else uses the prompt (the setting: 0 = off)
      const reward = this.earn && p.author_id && p.author_id !== userId ? (await this.earn.settings.get(withdrawSettings, tx)).store_use_reward : 0;
      if (reward > 0) {
        await this.earn!.credits.post(tx, {
          userId: p.author_id!,
          kind: 'earn',
          amount: reward,
          key: `earn:store-use:${use.id}`,
          refType: 'store-prompt',
          refId: promptId,
        }).catch((e: unknown) => {
          // an author whose account is gone earns nothing; the use still counts
          if (!(e instanceof AppError && e.code === 'NOT_FOUND')) throw e;
        });
      }
      return true;
    });
  }

  // ---------------------------------------------------------------------------------------
  // submissions (a user publishing an own template)

  /** the template's copy for review: a pending or rejected submission of it is updated back to pending */
  async publish(caller: Caller, templateId: string, prompts: PromptService, description?: string | null): Promise<StoreSubmission> {
    const t = await prompts.get(caller.uid, templateId);
    return this.db.transaction(async (tx) => {
      const [open] = await query<{ id: string; description: string }>(
        tx,
        sql`SELECT id, description FROM store_prompts WHERE source_template_id = ${templateId} AND author_id = ${caller.uid}
          AND status IN ('pending', 'rejected') ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      );
      const v = check({
        title: t.title,
        body: t.body,
        category: t.category,
        tags: t.tags,
        model_id: t.model_id,
        description: description ?? open?.description ?? '',
      });
      let id: string;
      if (open) {
        id = open.id;
        await tx.execute(sql`UPDATE store_prompts SET title = ${v.title}, description = ${v.description}, body = ${v.body}, category = ${v.category},
          tags = ${textArray(v.tags)}, model_id = ${v.modelId}, status = 'pending', reason = NULL, updated_at = now() WHERE id = ${id}`);
      } else {
        [{ id }] = await query<{ id: string }>(
          tx,
          sql`INSERT INTO store_prompts (title, description, body, category, tags, model_id, author_id, source_template_id, status)
            VALUES (${v.title}, ${v.description}, ${v.body}, ${v.category}, ${textArray(v.tags)}, ${v.modelId}, ${caller.uid}, ${templateId}, 'pending') RETURNING id`,
        );
      }
      await this.syncIndex(tx, [id]);
      return this.submissionOf(tx, id);
    });
  }

  private async submissionOf(tx: Db | Tx, id: string): Promise<StoreSubmission> {
    const [r] = await query<StoreSubmission>(tx, sql`SELECT id, source_template_id, title, status, reason, updated_at FROM store_prompts WHERE id = ${id}`);
    return plain(r);
  }

  /** the caller's submissions, newest first: status and the reviewer's reason */
  async submissions(userId: string): Promise<StoreSubmission[]> {
    const rows = await query<StoreSubmission>(
      this.db,
      sql`SELECT id, source_template_id, title, status, reason, updated_at FROM store_prompts WHERE author_id = ${userId} AND source_template_id IS NOT NULL
        ORDER BY updated_at DESC, id LIMIT 500`,
    );
    return rows.map(plain);
  }

  // ---------------------------------------------------------------------------------------
  // curation

  async get(id: string, tx: Db | Tx = this.db): Promise<StorePromptAdminRow> {
    const [r] = await query<StorePromptAdminRow>(tx, sql`SELECT ${storeCurationList.columns} FROM ${from} WHERE s.id = ${id}`);
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** a staff prompt: approved (published) at once */
  async create(staffId: string, input: StoreInput): Promise<StorePromptAdminRow> {
    const v = check(input);
    return this.db.transaction(async (tx) => {
      const [{ id }] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO store_prompts (title, description, body, category, tags, model_id, author_id, status, featured, reviewed_by, reviewed_at, published_at)
          VALUES (${v.title}, ${v.description}, ${v.body}, ${v.category}, ${textArray(v.tags)}, ${v.modelId}, ${staffId}, 'approved', ${input.featured ?? false}, ${staffId}, now(), now())
          RETURNING id`,
      );
      await this.syncIndex(tx, [id]);
      return this.get(id, tx);
    });
  }

  async update(id: string, input: StoreInput): Promise<StorePromptAdminRow> {
    return this.db.transaction(async (tx) => {
      const [cur] = await query(tx, sql`SELECT * FROM store_prompts WHERE id = ${id} FOR UPDATE`);
      if (!cur) throw new AppError('NOT_FOUND');
      const v = check(input, {
        title: cur.title as string,
        description: cur.description as string,
        body: cur.body as string,
        category: cur.category as string,
        tags: cur.tags as string[],
        modelId: (cur.model_id as string | null) ?? null,
      });
      await tx.execute(sql`UPDATE store_prompts SET title = ${v.title}, description = ${v.description}, body = ${v.body}, category = ${v.category},
        tags = ${textArray(v.tags)}, model_id = ${v.modelId}, featured = ${input.featured ?? (cur.featured as boolean)}, updated_at = now() WHERE id = ${id}`);
      await this.syncIndex(tx, [id]);
      return this.get(id, tx);
    });
  }

  /** approve | reject (reason required) | take down (reason required); answers how many changed */
  async setStatus(staffId: string, ids: string[], status: Exclude<StoreStatus, 'pending'>, reason?: string | null): Promise<number> {
    const why = status === 'approved' ? null : reasonOf(reason);
    if (!ids.length) return 0;
    return this.db.transaction(async (tx) => {
      const r = await query<{ id: string }>(
        tx,
        sql`UPDATE store_prompts SET status = ${status}, reason = ${why}, reviewed_by = ${staffId}, reviewed_at = now(), updated_at = now(),
          published_at = CASE WHEN ${status} = 'approved' THEN coalesce(published_at, now()) ELSE published_at END
          ${status === 'approved' ? sql`` : sql`, featured = false`}
          WHERE id = ANY(${textArray(ids)}) RETURNING id`,
      );
      await this.syncIndex(
        tx,
        r.map((x) => x.id),
      );
      return r.length;
    });
  }

  async setFeatured(id: string, featured: boolean): Promise<StorePromptAdminRow> {
    return this.db.transaction(async (tx) => {
      const r = await tx.execute(sql`UPDATE store_prompts SET featured = ${featured}, updated_at = now() WHERE id = ${id}`);
      if (!r.rowCount) throw new AppError('NOT_FOUND');
      return this.get(id, tx);
    });
  }

  deleteMany(ids: string[]): Promise<number> {
    if (!ids.length) return Promise.resolve(0);
    return this.db.transaction(async (tx) => {
      const r = await query<{ id: string }>(tx, sql`DELETE FROM store_prompts WHERE id = ANY(${textArray(ids)}) RETURNING id`);
      await this.search.remove(
        tx,
        'store-prompt',
        r.map((x) => x.id),
      );
      return r.length;
    });
  }

  /** the starter prompts every store opens with (fixed ids: added once, never overwritten) */
  async seed(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const added: string[] = [];
      for (const p of SEED_PROMPTS) {
        // a starter prompt put in once and since deleted by a curator stays deleted
        if (!(await claimSeed(tx, `store-prompt:${p.id}`))) continue;
        const r = await query<{ id: string }>(
          tx,
          sql`INSERT INTO store_prompts (id, title, description, body, category, tags, status, featured, published_at, reviewed_at)
            VALUES (${p.id}, ${p.title}, ${p.description}, ${p.body}, ${p.category}, ${textArray(p.tags)}, 'approved', ${p.featured ?? false}, now(), now())
            ON CONFLICT (id) DO NOTHING RETURNING id`,
        );
        added.push(...r.map((x) => x.id));
      }
      await this.syncIndex(tx, added);
    });
  }
}

/** a starter prompt's title, description and category (shared: the console translates them while unchanged) */
const seedText = (id: string) => {
  const p = STORE_SEED_TEXT[id];
  return { title: p.title, description: p.description, category: seededCategory(p.category) };
};

const SEED_PROMPTS: Array<{ id: string; title: string; description: string; body: string; category: string; tags: string[]; featured?: boolean }> = [
  {
    id: 'seed-email-reply',
    ...seedText('seed-email-reply'),
    body: 'Write a {{tone:select:formal|friendly|brief}} reply to the email below. Keep it under {{words:number}} words, answer every question it asks, and end with a clear next step.\n\nEmail:\n{{email:textarea}}',
    tags: seededTags('email', 'work'),
    featured: true,
  },
  {
    id: 'seed-code-review',
    ...seedText('seed-code-review'),
    body: 'Review this {{language}} code. List bugs first, then readability and performance issues, each with a concrete fix. Say what is good too.\n\n```\n{{code:textarea}}\n```',
    tags: seededTags('code', 'review'),
    featured: true,
  },
  {
    id: 'seed-summary',
    ...seedText('seed-summary'),
    body: 'Summarise the text below in {{points:number}} bullet points for {{audience}}, then list any decisions made and open questions.\n\n{{text:textarea}}',
    tags: seededTags('summary', 'reading'),
  },
  {
    id: 'seed-translate-zh',
    ...seedText('seed-translate-zh'),
    body: '请把下面的文字翻译成{{目标语言:select:中文|英文}}，保留原文的语气、格式和专业术语，不要添加解释。\n\n{{原文:textarea}}',
    tags: seededTags('chinese', 'english'),
    featured: true,
  },
  {
    id: 'seed-weekly-report-zh',
    ...seedText('seed-weekly-report-zh'),
    body: '你是一名{{岗位}}。请根据以下本周工作要点，写一份结构清晰的工作周报，包含：本周完成、遇到的问题、下周计划。语气{{语气:select:正式|简洁}}。\n\n工作要点：\n{{要点:textarea}}',
    tags: seededTags('weeklyReport', 'workplace'),
  },
  {
    id: 'seed-explain-zh',
    ...seedText('seed-explain-zh'),
    body: '请用通俗易懂的语言向{{对象:select:小学生|高中生|非专业人士}}解释“{{概念}}”，给出一个生活中的例子，并在最后用一句话总结。',
    tags: seededTags('science', 'explain'),
  },
];
