/**
 * Site messages: staff write them to an audience (everyone, roles, tags or chosen users), now, at a
 * time or as a draft, and may withdraw them; each user's inbox holds what is meant for them.
 */
import { type SQL, sql } from 'drizzle-orm';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { type ListQuery, type ListSpec, runList } from '../../core/list/query';
import { assertReferences } from '../../core/resource';
import { likePattern, plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { InboxMessage, SiteMessageDetail } from './schemas';

export const MESSAGE_LIMITS = { TITLE: 200, BODY: 20_000, AUDIENCE: 500, PAGE: 100 } as const;
export const AUDIENCES = ['everyone', 'roles', 'tags', 'users'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const MESSAGE_STATUSES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** draft: not out; now: out at once; at: out at publish_at */
export const PUBLISH_MODES = ['draft', 'now', 'at'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

export interface MessageInput {
  title?: string;
  body?: string;
  audience?: Audience;
  audience_ids?: string[];
  /** left out on an update: the publishing time stays as it is */
  publish?: PublishMode;
  publish_at?: string | null;
}

/** the status is derived from the times, so a scheduled message is out the moment its time comes */
const statusOf = (m: string) =>
  sql.raw(
    `CASE WHEN ${m}.withdrawn_at IS NOT NULL THEN 'withdrawn' WHEN ${m}.publish_at IS NULL THEN 'draft' WHEN ${m}.publish_at > now() THEN 'scheduled' ELSE 'published' END`,
  );

const STATUS_WHERE: Record<MessageStatus, SQL> = {
  withdrawn: sql`m.withdrawn_at IS NOT NULL`,
  draft: sql`m.withdrawn_at IS NULL AND m.publish_at IS NULL`,
  scheduled: sql`m.withdrawn_at IS NULL AND m.publish_at > now()`,
  published: sql`m.withdrawn_at IS NULL AND m.publish_at <= now()`,
};

/** the users an audience reaches, as a condition on users `u` */
const reaches = (m: string) =>
  sql.raw(`(${m}.audience = 'everyone' OR (${m}.audience = 'roles' AND ${m}.audience_ids && u.role)
    OR (${m}.audience = 'tags' AND ${m}.audience_ids && u.tags) OR (${m}.audience = 'users' AND u.id = ANY(${m}.audience_ids)))`);

/**
 * A message in the inbox of a user: out, not withdrawn, meant for them (their roles and tags as
 * they are now). The roles and tags come as scalar subqueries, which the planner treats as
 * parameters, so it may take the messages to everyone from their partial index and the others
 * from the GIN index on audience_ids instead of reading every message.
 */
const inInbox = (userId: string) => sql`m.withdrawn_at IS NULL AND m.publish_at <= now() AND (m.audience = 'everyone'
  OR (m.audience = 'roles' AND m.audience_ids && (SELECT role FROM users WHERE id = ${userId}))
  OR (m.audience = 'tags' AND m.audience_ids && (SELECT tags FROM users WHERE id = ${userId}))
  OR (m.audience = 'users' AND m.audience_ids @> ARRAY[${userId}]::text[]))`;

const authorName = sql`(SELECT coalesce(nullif(a.nickname, ''), a.username) FROM users a WHERE a.id = m.author_id)`;

/** the staff's list: every message, whatever its status */
export const messageList: ListSpec = {
  resource: 'site-messages',
  from: sql`site_messages m`,
  alias: 'm',
  columns: sql`m.id, m.title, m.body, m.audience, m.audience_ids, m.publish_at, m.withdrawn_at, m.author_id,
    ${authorName} AS author_name, m.created_at, m.updated_at, ${statusOf('m')} AS status,
    (SELECT count(*)::int FROM site_message_reads r WHERE r.message_id = m.id) AS read_count`,
  search: [sql`m.title`, sql`m.body`],
  filters: {
    status: {
      kind: 'custom',
      build: (values) => {
        const bad = values.find((v) => !(MESSAGE_STATUSES as readonly string[]).includes(v));
        if (bad !== undefined) throw new AppError('INVALID_PARAM', { field: 'status', params: { reason: MESSAGE_STATUSES.join(' | ') } });
        return sql`(${sql.join(
          values.map((v) => sql`(${STATUS_WHERE[v as MessageStatus]})`),
          sql` OR `,
        )})`;
      },
    },
    audience: { kind: 'eq', column: sql`m.audience` },
    publish_at: { kind: 'range', column: sql`m.publish_at` },
    created_at: { kind: 'range', column: sql`m.created_at` },
  },
  sorts: { updated_at: sql`m.updated_at`, created_at: sql`m.created_at`, publish_at: sql`m.publish_at`, title: sql`m.title` },
  nullable: ['publish_at'],
  defaultSort: { field: 'updated_at', order: 'descend' },
  tiebreak: sql`m.id`,
  exportColumns: [
    { key: 'title', width: 30 },
    { key: 'status', width: 12 },
    { key: 'audience', width: 12 },
    { key: 'audience_ids', width: 30 },
    { key: 'publish_at', date: true, width: 20 },
    { key: 'read_count', width: 10 },
    { key: 'author_name', width: 16 },
    { key: 'body', width: 60 },
    { key: 'updated_at', date: true, width: 20 },
  ],
};

/** who read one message, and when */
export const readsList = (messageId: string): ListSpec => ({
  resource: 'site-message-reads',
  from: sql`site_message_reads r JOIN users u ON u.id = r.user_id`,
  columns: sql`r.user_id, u.username, u.nickname, u.email, u.mobile, r.read_at`,
  where: sql`r.message_id = ${messageId}`,
  search: [sql`u.username`, sql`u.nickname`, sql`u.email`, sql`u.mobile`],
  filters: { read_at: { kind: 'range', column: sql`r.read_at` } },
  sorts: { read_at: sql`r.read_at`, username: sql`u.username` },
  nullable: ['username'],
  defaultSort: { field: 'read_at', order: 'descend' },
  tiebreak: sql`r.user_id`,
  exportColumns: [],
});

export interface InboxQuery {
  keyword?: string;
  unread?: boolean;
  current?: number;
  pageSize?: number;
}

interface Checked {
  title: string;
  body: string;
  audience: Audience;
  ids: string[];
}

function check(input: MessageInput, current?: Checked): Checked {
  const title = (input.title ?? current?.title ?? '').trim();
  if (!title || textLength(title) > MESSAGE_LIMITS.TITLE)
    throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: `1..${MESSAGE_LIMITS.TITLE}` } });
  const body = input.body ?? current?.body ?? '';
  if (!body.trim() || textLength(body) > MESSAGE_LIMITS.BODY)
    throw new AppError('INVALID_PARAM', { field: 'body', params: { reason: `1..${MESSAGE_LIMITS.BODY}` } });
  const audience = input.audience ?? current?.audience ?? 'everyone';
  if (!(AUDIENCES as readonly string[]).includes(audience))
    throw new AppError('INVALID_PARAM', { field: 'audience', params: { reason: AUDIENCES.join(' | ') } });
  const given = input.audience_ids ?? (input.audience === undefined ? current?.ids : undefined) ?? [];
  const ids = audience === 'everyone' ? [] : [...new Set(given.map((x) => x.trim()).filter(Boolean))];
  if (audience !== 'everyone' && !ids.length) throw new AppError('INVALID_PARAM', { field: 'audience_ids', params: { reason: 'required' } });
  if (ids.length > MESSAGE_LIMITS.AUDIENCE) throw new AppError('INVALID_PARAM', { field: 'audience_ids', params: { reason: `1..${MESSAGE_LIMITS.AUDIENCE}` } });
  return { title, body, audience, ids };
}

/** the publishing time an input asks for: undefined = unchanged, null = a draft */
function publishAtOf(input: MessageInput): Date | null | undefined {
  if (input.publish === undefined) return undefined;
  if (input.publish === 'draft') return null;
  if (input.publish === 'now') return new Date();
  const at = input.publish_at ? new Date(input.publish_at) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999)
    throw new AppError('INVALID_PARAM', { field: 'publish_at', params: { reason: 'a date and time' } });
  // a minute of grace for the time it took to fill in the form
  if (at.getTime() < Date.now() - 60_000) throw new AppError('INVALID_PARAM', { field: 'publish_at', params: { reason: 'in the past' } });
  return at;
}

export class MessageService {
  constructor(private db: Db) {}

  /** each id names an existing role, tag or user */
  private async assertAudience(tx: Db | Tx, v: Checked) {
    if (v.audience === 'roles') await assertReferences(tx, sql`roles`, sql`role_id`, v.ids, 'audience_ids');
    if (v.audience === 'tags') await assertReferences(tx, sql`tags`, sql`tagid`, v.ids, 'audience_ids');
    if (v.audience === 'users') await assertReferences(tx, sql`users`, sql`id`, v.ids, 'audience_ids');
  }

  // ---------------------------------------------------------------------------------------
  // the staff's side

  /** one message with its audience's display names and counts (meant for N users, read by M) */
  async get(id: string, tx: Db | Tx = this.db): Promise<SiteMessageDetail> {
    const [r] = await query<SiteMessageDetail>(
      tx,
      sql`SELECT ${messageList.columns},
        (SELECT count(*)::int FROM users u WHERE u.status <> 4 AND ${reaches('m')}) AS audience_count,
        CASE m.audience
          WHEN 'roles' THEN ARRAY(SELECT coalesce(x.role_name, i) FROM unnest(m.audience_ids) i LEFT JOIN roles x ON x.role_id = i)
          WHEN 'tags' THEN ARRAY(SELECT coalesce(x.name, i) FROM unnest(m.audience_ids) i LEFT JOIN tags x ON x.tagid = i)
          WHEN 'users' THEN ARRAY(SELECT coalesce(nullif(x.nickname, ''), x.username, x.email, x.mobile, i) FROM unnest(m.audience_ids) i LEFT JOIN users x ON x.id = i)
          ELSE '{}'::text[] END AS audience_names
        FROM site_messages m WHERE m.id = ${id}`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  async create(authorId: string, input: MessageInput): Promise<SiteMessageDetail> {
    const v = check(input);
    const at = publishAtOf({ ...input, publish: input.publish ?? 'draft' });
    return this.db.transaction(async (tx) => {
      await this.assertAudience(tx, v);
      const [{ id }] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO site_messages (title, body, audience, audience_ids, publish_at, author_id)
          VALUES (${v.title}, ${v.body}, ${v.audience}, ${textArray(v.ids)}, ${at ?? null}, ${authorId}) RETURNING id`,
      );
      return this.get(id, tx);
    });
  }

  /** edits; publishing again (now or at a time) brings a withdrawn message back */
  async update(id: string, input: MessageInput): Promise<SiteMessageDetail> {
    const at = publishAtOf(input);
    return this.db.transaction(async (tx) => {
      const [cur] = await query(tx, sql`SELECT title, body, audience, audience_ids FROM site_messages WHERE id = ${id} FOR UPDATE`);
      if (!cur) throw new AppError('NOT_FOUND');
      const v = check(input, { title: cur.title as string, body: cur.body as string, audience: cur.audience as Audience, ids: cur.audience_ids as string[] });
      await this.assertAudience(tx, v);
      const publish = at === undefined ? sql`` : sql`, publish_at = ${at}, withdrawn_at = ${at === null ? sql`withdrawn_at` : sql`NULL`}`;
      await tx.execute(sql`UPDATE site_messages SET title = ${v.title}, body = ${v.body}, audience = ${v.audience},
        audience_ids = ${textArray(v.ids)}, updated_at = now() ${publish} WHERE id = ${id}`);
      return this.get(id, tx);
    });
  }

  /** out of every inbox; who read it stays recorded */
  async withdraw(id: string): Promise<SiteMessageDetail> {
    return this.db.transaction(async (tx) => {
      const r = await tx.execute(sql`UPDATE site_messages SET withdrawn_at = coalesce(withdrawn_at, now()), updated_at = now() WHERE id = ${id}`);
      if (!r.rowCount) throw new AppError('NOT_FOUND');
      return this.get(id, tx);
    });
  }

  async deleteMany(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const r = await query(this.db, sql`DELETE FROM site_messages WHERE id = ANY(${textArray(ids)}) RETURNING id`);
    return r.length;
  }

  async reads(id: string, q: ListQuery) {
    const [m] = await query(this.db, sql`SELECT 1 FROM site_messages WHERE id = ${id}`);
    if (!m) throw new AppError('NOT_FOUND');
    return runList(this.db, readsList(id), q);
  }

  // ---------------------------------------------------------------------------------------
  // a user's inbox

  /** the caller's messages: unread first, then newest */
  async inbox(userId: string, q: InboxQuery): Promise<{ data: InboxMessage[]; total: number }> {
    const where: SQL[] = [inInbox(userId)];
    const kw = q.keyword?.trim();
    if (kw) {
      const p = likePattern(kw);
      where.push(sql`(m.title ILIKE ${p} OR m.body ILIKE ${p})`);
    }
    if (q.unread) where.push(sql`r.read_at IS NULL`);
    const cond = sql.join(where, sql` AND `);
    const from = sql`site_messages m LEFT JOIN site_message_reads r ON r.message_id = m.id AND r.user_id = ${userId}`;
    const pageSize = Math.min(q.pageSize ?? 20, MESSAGE_LIMITS.PAGE);
    const current = q.current ?? 1;
    const [rows, [{ n }]] = await Promise.all([
      query<InboxMessage>(
        this.db,
        sql`SELECT m.id, m.title, m.body, m.publish_at, r.read_at, ${authorName} AS author_name FROM ${from} WHERE ${cond}
          ORDER BY (r.read_at IS NULL) DESC, m.publish_at DESC, m.id LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      ),
      query<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM ${from} WHERE ${cond}`),
    ]);
    return { data: rows.map(plain), total: n };
  }

  /** how many messages meant for the caller they have not read: one query along the inbox index */
  async unreadCount(userId: string, tx: Db | Tx = this.db): Promise<number> {
    const [{ n }] = await query<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM site_messages m
        WHERE ${inInbox(userId)} AND NOT EXISTS (SELECT 1 FROM site_message_reads r WHERE r.user_id = ${userId} AND r.message_id = m.id)`,
    );
    return n;
  }

  /** marks one message of the caller's inbox read (again: keeps the first time); answers the unread count */
  async markRead(userId: string, id: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [m] = await query(tx, sql`SELECT m.id FROM site_messages m WHERE m.id = ${id} AND ${inInbox(userId)}`);
      if (!m) throw new AppError('NOT_FOUND');
      await tx.execute(sql`INSERT INTO site_message_reads (message_id, user_id) VALUES (${id}, ${userId}) ON CONFLICT DO NOTHING`);
      return this.unreadCount(userId, tx);
    });
  }

  /** marks everything in the caller's inbox read; answers how many were marked */
  async markAllRead(userId: string): Promise<number> {
    const r = await query(
      this.db,
      sql`INSERT INTO site_message_reads (message_id, user_id)
        SELECT m.id, ${userId} FROM site_messages m WHERE ${inInbox(userId)}
        ON CONFLICT DO NOTHING RETURNING message_id`,
    );
    return r.length;
  }
}
