/** Accounts (uni-id): users, roles, permissions, refresh tokens, user log. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** stored lowercase */
    username: text(),
    nickname: text(),
    passwordHash: text(),
    mobile: text(),
    mobileConfirmed: boolean().notNull().default(false),
    email: text(),
    emailConfirmed: boolean().notNull().default(false),
    avatarFile: jsonb().$type<{ name?: string; extname?: string; url: string } | null>(),
    gender: integer().notNull().default(0),
    role: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** authorized apps: null = all apps, [] = none */
    dcloudAppid: text().array(),
    /** 0 normal, 1 disabled, 2 under review, 3 review rejected, 4 closed */
    status: integer().notNull().default(0),
    score: integer().notNull().default(0),
    comment: text(),
    lastLoginDate: timestamp({ withTimezone: true }),
    lastLoginIp: text(),
    registerDate: now(),
    registerIp: text(),
    /** tokens issued before this instant are no longer valid */
    validTokenDate: timestamp({ withTimezone: true }),
    /** weixin web sign-in: the open platform's openid for our appid, and the unionid */
    wxOpenid: text(),
    wxUnionid: text(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_wx_openid_key').on(t.wxOpenid),
    uniqueIndex('users_wx_unionid_key').on(t.wxUnionid),
    index('users_role_idx').using('gin', t.role),
    // system administration: tag filter, default order, keyword search (pg_trgm)
    index('users_tags_idx').using('gin', t.tags),
    index('users_last_login_idx').on(t.lastLoginDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('users_register_date_idx').on(t.registerDate, t.id),
    // status filters (disabled, under review: few users) narrow a broad keyword's matches
    index('users_status_idx').on(t.status),
    // one trigram index over the four searched fields (one lookup instead of four); the user
    // list searches exactly this expression (USER_SEARCH_TEXT in modules/system/users)
    index('users_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.username}, '') || E'\\n' || coalesce(${t.nickname}, '') || E'\\n' || coalesce(${t.mobile}, '') || E'\\n' || coalesce(${t.email}, '')) gin_trgm_ops`,
    ),
    // keywords too short for a trigram match the start of a field instead (USER_PREFIX_FIELDS in
    // modules/system/users): one range scan per field, each on exactly this expression
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_nickname_prefix_idx').using('btree', sql`lower(${t.nickname}) text_pattern_ops`),
    index('users_mobile_prefix_idx').using('btree', sql`${t.mobile} text_pattern_ops`),
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
  ],
);

export const roles = pgTable('roles', {
  roleId: text().primaryKey(),
  roleName: text().notNull(),
  permission: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** credits a member may spend on AI a day (null: no limit); the most generous role counts */
  dailyCreditLimit: integer(),
  comment: text(),
  createDate: now(),
});

export const permissions = pgTable('permissions', {
  permissionId: text().primaryKey(),
  permissionName: text().notNull(),
  comment: text(),
  createDate: now(),
});

/** One sign-in on one device; logout or a password change revokes it and its tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text(),
    ua: text(),
    createdAt: now(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token; the token itself is never stored */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: now(),
    /** set when rotated or revoked; a rotated token presented again is a replay */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const userLogs = pgTable(
  'user_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text(),
    username: text(),
    /** login, logout, register, reset-pwd, bind-mobile, ... */
    type: text().notNull(),
    /** 1 ok, 0 failed */
    state: integer().notNull(),
    ip: text(),
    ua: text(),
    createdAt: now(),
  },
  (t) => [index('user_logs_created_idx').on(t.createdAt.desc()), index('user_logs_lockout_idx').on(t.userId, t.ip, t.type, t.createdAt)],
);

/** Server-wide settings that must be shared by every instance (e.g. the JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});
