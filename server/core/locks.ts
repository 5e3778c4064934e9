/**
 * Every PostgreSQL advisory lock key the server takes, in one registry so no two uses share one.
 * A key alone locks one thing (a job, a seed); with a second key (hashtext of an id) it locks one
 * row's worth of work (a user's attempts, an app's rollup).
 */
import { type SQL, sql } from 'drizzle-orm';

export const LOCKS = {
  /** migrations: one instance applies them */
  MIGRATIONS: 727001,
  /** the first admin's registration and the last active admin */
  ADMINS: 727002,
  /** sign-ups' count-and-insert (the registration caps) */
  SIGN_UPS: 727003,
  /** verification codes' per-target send limits */
  CODE_SENDS: 727004,
  /** a user's upload quota (with the owner) */
  UPLOAD_QUOTA: 727006,
  /** a user's real-name attempts (with the user) */
  REALNAME_ATTEMPTS: 727010,
  /** an app's stable version per (appid, type, platform) */
  STABLE_VERSION: 727013,
  /** a live process's holds (with the owner): its lock free means its holds are orphans */
  HOLD_OWNER: 727020,
  /** the orphan-hold settler: one instance */
  HOLD_SETTLER: 727021,
  /** the ledger reconciliation: one instance */
  RECONCILIATION: 727022,
  /** the pay-order re-query job: one instance */
  PAY_REQUERY: 727030,
  /** the statistics rollup job: one instance */
  STAT_ROLLUP: 727040,
  /** one app-day's rollup (with the app and day) */
  STAT_ROLLUP_DAY: 727041,
  /** one app's rollups (with the app) */
  STAT_ROLLUP_APP: 727042,
  /** a user's redeem attempts (with the user) */
  REDEEM_ATTEMPTS: 727050,
  /** one weixin identity's sign-in or binding (with the openid) */
  WEIXIN_IDENTITY: 727060,
  /** the help documents' seed */
  HELP_SEED: 727070,
  /** a user's rewarded ad views (with the user) */
  AD_REWARDS: 727080,
  /** the statistics partitions' upkeep: one instance */
  STAT_PARTITIONS: 727101,
  /** a user's conversation folders, counted against their cap (with the user) */
  CHAT_FOLDERS: 727110,
  /** a user's assistants, counted against their cap (with the user) */
  CHAT_ASSISTANTS: 727111,
  /** a user's API keys, counted against their cap (with the user) */
  API_KEYS: 727120,
} as const;

export type LockKey = (typeof LOCKS)[keyof typeof LOCKS];

/** waits for a transaction-scoped lock on `key` (and `of`: one id's worth of it) */
export const xactLock = (key: LockKey, of?: string): SQL =>
  of === undefined ? sql`SELECT pg_advisory_xact_lock(${key})` : sql`SELECT pg_advisory_xact_lock(${key}, hashtext(${of}))`;
