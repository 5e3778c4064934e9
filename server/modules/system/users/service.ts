/**
 * User administration (uni-id-users) and self-service: the admin face of the accounts module
 * (server/modules/index.ts). New accounts, sessions, tokens and passwords go through
 * AccountService: status changes to 1-4 and password resets too, so a disabled user's tokens
 * stop working at once. Only role admin may touch an admin account or hand out role admin; a
 * non-admin cannot assign a role granting more than they hold. No change may leave the console
 * without an active admin (AccountService.assertActiveAdminRemains).
 */
import { type SQL, sql } from 'drizzle-orm';
import { APP_ID } from '../../../../shared/app-info';
import { ADMIN_ROLE, permissionsBeyond } from '../../../../shared/permissions';
import { checkEmail, checkMobile, checkNickname, checkPassword, checkUsername } from '../../../../shared/validation';
import { textLength } from '../../../../shared/text';
import type { AuthUser } from '../../../core/auth';
import type { ClientInfo } from '../../../core/context';
import { AppError } from '../../../core/errors';
import { t } from '../../../core/i18n';
import type { ListSpec } from '../../../core/list/query';
import { assertReferences, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, likePattern, likePrefix, query, textArray, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { users } from '../../../db/schema';
import { hashPassword } from '../../auth/passwords';
import type { AccountService } from '../../auth/service';
import type { UserRow } from './schemas';

/**
 * username, nickname, mobile and email as one text, exactly the expression of the trigram
 * index users_search_trgm_idx (server/db/schema/accounts.ts); a keyword cannot span two fields
 * since it never holds the line break between them.
 */
export const USER_SEARCH_TEXT = sql`(coalesce(u.username, '') || E'\\n' || coalesce(u.nickname, '') || E'\\n' || coalesce(u.mobile, '') || E'\\n' || coalesce(u.email, ''))`;

/**
 * the fields a short keyword must start, exactly the expressions of the btree indexes
 * users_*_prefix_idx (text_pattern_ops, server/db/schema/accounts.ts)
 */
const USER_PREFIX_FIELDS = [sql`lower(u.username)`, sql`lower(u.nickname)`, sql`u.mobile`, sql`lower(u.email)`];

/**
 * below this many characters a Latin-script keyword matches the start of a field, not any part
 * of it: a trigram index cannot narrow a search for one or two characters, and such a search
 * would read the whole table on every request
 */
const USER_SUBSTRING_MIN_CHARS = 3;

/**
 * Chinese (and other non-Latin) names are one to three characters and are searched by any of
 * them (小明 in 王小明), so such keywords always match any part of a field, at the cost of a
 * table scan for one or two characters
 */
const latinOnly = (kw: string) => /^[\x20-\x7e]*$/.test(kw);

/**
 * The user list's keyword: any part of username, nickname, mobile or email (the trigram index
 * from 3 characters); a Latin keyword of 1 or 2 characters matches the start of one of them
 * (their prefix indexes). Either way also the users holding a role whose name matches the same
 * way, looked up in the same query (the roles' ids become an index condition once known).
 */
function userKeywordWhere(kw: string): SQL {
  const short = textLength(kw) < USER_SUBSTRING_MIN_CHARS && latinOnly(kw);
  const p = short ? likePrefix(kw) : likePattern(kw);
  const fields = short
    ? sql.join(
        USER_PREFIX_FIELDS.map((f) => sql`${f} LIKE lower(${p})`),
        sql` OR `,
      )
    : sql`${USER_SEARCH_TEXT} ILIKE ${p}`;
  return sql`${fields} OR u.role && ARRAY(SELECT role_id FROM roles WHERE role_name ILIKE ${p})`;
}

export const userList: ListSpec = {
  resource: 'users',
  from: sql`users u`,
  alias: 'u',
  columns: sql`u.id AS "_id", u.username, u.nickname, u.mobile, u.email, u.status, u.gender, u.avatar_file,
    u.role, ARRAY(SELECT r.role_name FROM roles r WHERE r.role_id = ANY(u.role) ORDER BY r.role_name) AS role_name,
    u.tags, ARRAY(SELECT g.name FROM tags g WHERE g.tagid = ANY(u.tags) ORDER BY g.name) AS tag_name,
    u.dcloud_appid, u.score, u.comment, u.last_login_date, u.last_login_ip, u.register_date`,
  keywordWhere: userKeywordWhere,
  filters: {
    id: { kind: 'eq', column: sql`u.id` },
    status: { kind: 'eq', column: sql`u.status`, type: 'int' },
    gender: { kind: 'eq', column: sql`u.gender`, type: 'int' },
    role: { kind: 'overlaps', column: sql`u.role` },
    tagid: { kind: 'overlaps', column: sql`u.tags` },
    /** users who may use one of these apps (null = every app) */
    dcloud_appid: { kind: 'custom', build: (v) => sql`(u.dcloud_appid IS NULL OR u.dcloud_appid && ${textArray(v)})` },
    register_date: { kind: 'range', column: sql`u.register_date` },
    last_login_date: { kind: 'range', column: sql`u.last_login_date` },
  },
  sorts: {
    username: sql`u.username`,
    register_date: sql`u.register_date`,
    last_login_date: sql`u.last_login_date`,
  },
  nullable: ['username', 'last_login_date'],
  defaultSort: { field: 'last_login_date', order: 'descend' },
  tiebreak: sql`u.id`,
  // role and tag names come along: all three are counted, so pages may be cached
  reads: ['users', 'roles', 'tags'],
  cached: true,
  exportColumns: [
    { key: 'username', width: 20 },
    { key: 'nickname', width: 20 },
    { key: 'mobile', width: 14 },
    { key: 'email', width: 26 },
    { key: 'status', width: 12, value: (r, lang) => t(lang, `export.userStatus.${r.status}`) },
    { key: 'role_name', width: 24 },
    { key: 'tag_name', width: 24 },
    { key: 'dcloud_appid', width: 24, value: (r, lang) => (r.dcloud_appid === null ? t(lang, 'export.allApps') : (r.dcloud_appid as string[]).join(', ')) },
    { key: 'last_login_date', date: true, width: 20 },
    { key: 'register_date', date: true, width: 20 },
    { key: 'comment', width: 30 },
  ],
};

export interface AvatarFile {
  name?: string;
  extname?: string;
  url: string;
}

export interface UserInput {
  username?: string;
  nickname?: string | null;
  password?: string;
  mobile?: string | null;
  email?: string | null;
  role?: string[];
  tags?: string[];
  dcloud_appid?: string[] | null;
  status?: number;
  gender?: number;
  comment?: string | null;
  avatar_file?: AvatarFile | null;
  /** PUT only: set a new password (in `password`) */
  resetPassword?: boolean;
}

const UNIQUE = {
  users_username_key: { code: 'ACCOUNT_EXISTS' as const, field: 'username' },
  users_mobile_key: { code: 'ACCOUNT_EXISTS' as const, field: 'mobile' },
  users_email_key: { code: 'ACCOUNT_EXISTS' as const, field: 'email' },
};

/** normalised, validated account fields (undefined = not given) */
function accountFields(input: UserInput) {
  const username = input.username === undefined ? undefined : input.username.trim().toLowerCase();
  if (username !== undefined) {
    const e = checkUsername(username);
    if (e) throw new AppError(e, { field: 'username' });
  }
  const nickname = clean(input.nickname);
  const n = checkNickname(nickname);
  if (n) throw new AppError(n, { field: 'nickname' });
  const mobile = clean(input.mobile);
  const m = checkMobile(mobile);
  if (m) throw new AppError(m, { field: 'mobile' });
  const email = clean(input.email)?.toLowerCase() ?? clean(input.email);
  const e = checkEmail(email);
  if (e) throw new AppError(e, { field: 'email' });
  return { username, nickname, mobile, email };
}

/**
 * PERMISSION_ERROR (field role) when a non-admin would hand out role admin, or roles whose
 * permissions go beyond their own.
 */
async function assertAssignable(tx: Db | Tx, caller: AuthUser | undefined, added: string[]) {
  if (caller?.isAdmin || !added.length) return;
  if (added.includes(ADMIN_ROLE)) throw new AppError('PERMISSION_ERROR', { field: 'role' });
  const rows = await query<{ p: string }>(tx, sql`SELECT DISTINCT unnest(permission) AS p FROM roles WHERE role_id = ANY(${textArray(added)})`);
  if (
    permissionsBeyond(
      caller,
      rows.map((r) => r.p),
    ).length
  )
    throw new AppError('PERMISSION_ERROR', { field: 'role' });
}

/** users lose deleted apps from their authorized apps (the apps' delete hook, in the delete's transaction) */
export async function dropAppsFromUsers(tx: Db | Tx, appids: string[]): Promise<void> {
  const arr = textArray(appids);
  await tx.execute(sql`UPDATE users SET dcloud_appid = ARRAY(SELECT x FROM unnest(dcloud_appid) x WHERE x <> ALL(${arr})) WHERE dcloud_appid && ${arr}`);
}

export class UserService {
  constructor(
    private db: Db,
    private accounts: AccountService,
    /** what other modules keep per user and must drop in the same transaction (real-name records) */
    private onDelete: (tx: Db | Tx, ids: string[]) => Promise<void> = async () => {},
  ) {}

  async get(id: string): Promise<UserRow> {
    return fetchRow<UserRow>(this.db, userList, sql`u.id`, id);
  }

  private async checkReferences(tx: Db | Tx, input: UserInput) {
    await assertReferences(tx, sql`roles`, sql`role_id`, input.role, 'role');
    await assertReferences(tx, sql`tags`, sql`tagid`, input.tags, 'tags');
    // the console itself (APP_ID) is always an app one may be authorized for
    await assertReferences(
      tx,
      sql`apps`,
      sql`appid`,
      input.dcloud_appid?.filter((a) => a !== APP_ID),
      'dcloud_appid',
    );
  }

  /** ACCOUNT_EXISTS on the first of username, mobile, email another user already holds */
  private async checkDuplicates(tx: Db | Tx, f: { username?: string | null; mobile?: string | null; email?: string | null }, self?: string) {
    for (const field of ['username', 'mobile', 'email'] as const) {
      const v = f[field];
      if (!v) continue;
      const rows = await query(tx, sql`SELECT 1 FROM users WHERE ${sql.identifier(field)} = ${v} ${self ? sql`AND id <> ${self}` : sql``} LIMIT 1`);
      if (rows.length) throw new AppError('ACCOUNT_EXISTS', { field });
    }
  }

  async create(input: UserInput & { username: string; password: string }, caller: AuthUser | undefined): Promise<UserRow> {
    const f = accountFields(input);
    const p = checkPassword(input.password);
    if (p) throw new AppError(p, { field: 'password' });
    await this.checkReferences(this.db, input);
    await assertAssignable(this.db, caller, input.role ?? []);
    await this.checkDuplicates(this.db, f);
    const passwordHash = await hashPassword(input.password);
    let id: string;
    try {
      const user = await this.db.transaction((tx) =>
        this.accounts.createAccount(tx, {
          username: f.username,
          nickname: f.nickname,
          mobile: f.mobile,
          email: f.email,
          passwordHash,
          role: [...new Set(input.role ?? [])],
          tags: [...new Set(input.tags ?? [])],
          dcloudAppid: input.dcloud_appid === undefined ? null : input.dcloud_appid,
          status: input.status ?? 0,
          gender: input.gender ?? 0,
          comment: clean(input.comment),
          avatarFile: input.avatar_file ?? null,
        }),
      );
      id = user.id;
    } catch (e) {
      uniqueViolation(e, UNIQUE);
    }
    return this.get(id);
  }

  async update(id: string, input: UserInput, client: ClientInfo, caller: AuthUser | undefined): Promise<UserRow> {
    const f = accountFields(input);
    if (input.resetPassword) {
      if (!input.password) throw new AppError('PASSWORD_INVALID', { field: 'password' });
      const p = checkPassword(input.password);
      if (p) throw new AppError(p, { field: 'password' });
    }
    try {
      await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: users.id, status: users.status, role: users.role })
          .from(users)
          .where(sql`${users.id} = ${id}`)
          .for('update');
        if (!current) throw new AppError('NOT_FOUND');
        const isAdminAccount = current.role.includes(ADMIN_ROLE);
        if (isAdminAccount && !caller?.isAdmin) throw new AppError('PERMISSION_ERROR');
        await this.checkReferences(tx, input);
        if (input.role)
          await assertAssignable(
            tx,
            caller,
            input.role.filter((r) => !current.role.includes(r)),
          );
        const demoted = input.role !== undefined && !input.role.includes(ADMIN_ROLE);
        const deactivated = input.status !== undefined && input.status !== 0;
        if (isAdminAccount && (demoted || deactivated)) await this.accounts.assertActiveAdminRemains(tx, [id]);
        await this.checkDuplicates(tx, f, id);
        const set: Partial<typeof users.$inferInsert> = {};
        if (f.username !== undefined) set.username = f.username;
        if (input.nickname !== undefined) set.nickname = f.nickname;
        if (input.mobile !== undefined) set.mobile = f.mobile;
        if (input.email !== undefined) set.email = f.email;
        if (input.role) set.role = [...new Set(input.role)];
        if (input.tags) set.tags = [...new Set(input.tags)];
        if (input.dcloud_appid !== undefined) set.dcloudAppid = input.dcloud_appid;
        if (input.status !== undefined) set.status = input.status;
        if (input.gender !== undefined) set.gender = input.gender;
        if (input.comment !== undefined) set.comment = clean(input.comment);
        if (input.avatar_file !== undefined) set.avatarFile = input.avatar_file;
        if (Object.keys(set).length)
          await tx
            .update(users)
            .set(set)
            .where(sql`${users.id} = ${id}`);
        // the reference forgot this: a user no longer in status 0 loses every token at once
        if (input.status !== undefined && input.status !== 0 && input.status !== current.status) {
          await this.accounts.sessions.revokeSessions(tx, [id]);
        }
        if (input.resetPassword) await this.accounts.resetPassword(tx, id, input.password!, client);
      });
    } catch (e) {
      uniqueViolation(e, UNIQUE);
    }
    return this.get(id);
  }

  /** sessions and refresh tokens go with the user (foreign keys); the user log keeps its rows */
  deleteMany(ids: string[], caller: AuthUser | undefined): Promise<number> {
    return deleteByIds(this.db, sql`users`, sql`id`, ids, async (tx, gone) => {
      const admins = await query(tx, sql`SELECT 1 FROM users WHERE id = ANY(${textArray(gone)}) AND ${ADMIN_ROLE} = ANY(role) LIMIT 1`);
      if (admins.length) {
        if (!caller?.isAdmin) throw new AppError('PERMISSION_ERROR');
        await this.accounts.assertActiveAdminRemains(tx, gone);
      }
      await this.onDelete(tx, gone);
    });
  }

  /** batch "set tags": overwrites the tags of these users */
  async setTags(ids: string[], tagIds: string[]): Promise<number> {
    await assertReferences(this.db, sql`tags`, sql`tagid`, tagIds, 'tags');
    const r = await this.db.execute(sql`UPDATE users SET tags = ${textArray([...new Set(tagIds)])} WHERE id = ANY(${textArray(ids)})`);
    return r.rowCount ?? 0;
  }

  /** self-service: only the caller's nickname, gender and avatar; answers whether anything changed */
  async updateMe(uid: string, input: { nickname?: string | null; gender?: number; avatar_file?: AvatarFile | null }): Promise<boolean> {
    const sets = [];
    const changed = [];
    if (input.nickname !== undefined) {
      const nickname = clean(input.nickname);
      const n = checkNickname(nickname);
      if (n) throw new AppError(n, { field: 'nickname' });
      sets.push(sql`nickname = ${nickname}`);
      changed.push(sql`nickname IS DISTINCT FROM ${nickname}`);
    }
    if (input.gender !== undefined) {
      sets.push(sql`gender = ${input.gender}`);
      changed.push(sql`gender IS DISTINCT FROM ${input.gender}`);
    }
    if (input.avatar_file !== undefined) {
      const v = input.avatar_file === null ? null : JSON.stringify(input.avatar_file);
      sets.push(sql`avatar_file = ${v}::jsonb`);
      changed.push(sql`avatar_file IS DISTINCT FROM ${v}::jsonb`);
    }
    if (!sets.length) return false;
    const r = await this.db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${uid} AND (${sql.join(changed, sql` OR `)})`);
    return (r.rowCount ?? 0) > 0;
  }
}
