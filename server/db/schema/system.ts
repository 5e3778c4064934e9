/** System administration: user tags and the app list (opendb-app-list). */
import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const tags = pgTable('tags', {
  tagid: text().primaryKey(),
  name: text().notNull(),
  description: text(),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export interface PlatformLink {
  name?: string;
  url?: string;
}
export interface IosLink extends PlatformLink {
  /** Apple Business Manager url */
  abm_url?: string;
}
export interface MiniProgram {
  name?: string;
  qrcode_url?: string;
}
export interface StoreEntry {
  id: string;
  name: string;
  scheme: string;
  enable: boolean;
  priority: number;
}

import type { MiniProgramKey } from '../../../shared/apps';

export { MINI_PROGRAMS, type MiniProgramKey } from '../../../shared/apps';

export const apps = pgTable('apps', {
  /** fixed once created */
  appid: text().primaryKey(),
  /** fixed once created */
  name: text().notNull(),
  appType: integer().notNull().default(0),
  introduction: text(),
  description: text(),
  remark: text(),
  iconUrl: text(),
  screenshot: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  appAndroid: jsonb().$type<PlatformLink | null>(),
  appIos: jsonb().$type<IosLink | null>(),
  appHarmony: jsonb().$type<PlatformLink | null>(),
  /** mini programs and quick app: { mp_weixin: { name, qrcode_url }, ... } */
  miniPrograms: jsonb().$type<Partial<Record<MiniProgramKey, MiniProgram>>>().notNull().default({}),
  h5: jsonb().$type<{ url?: string } | null>(),
  storeList: jsonb().$type<StoreEntry[]>().notNull().default([]),
  createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updateDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One counter per table whose rows the cached lists show (users, roles, tags): a deferred
 * trigger (migration 0005) adds 1 at the commit of every transaction that changed the table,
 * so `sum(n)` read before a query tells whether anything those lists show changed since
 * (server/core/list/cache.ts, the list cache; COUNTED_TABLES lists the counted tables).
 */
export const changeCounters = pgTable('change_counters', {
  tbl: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull().default(0),
});
