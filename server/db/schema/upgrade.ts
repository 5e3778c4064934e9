/**
 * The upgrade center (opendb-app-versions): the version records of the app list's apps, at most
 * one stable record per (appid, type, platform). Owned by server/modules/upgrade.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoreEntry } from './system';

export const appVersions = pgTable(
  'app_versions',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    appid: text().notNull(),
    /** android | ios | harmony */
    platform: text().notNull(),
    /** native_app | wgt (hot update package) */
    type: text().notNull(),
    version: text().notNull(),
    /** the version's numeric segments without trailing zeros (shared/version.ts versionKey): sorts as versions do */
    versionKey: integer().array().notNull(),
    title: text(),
    /** release notes */
    contents: text().notNull(),
    /** the package's download address: an http(s) url, or the package route of an uploaded file */
    url: text().notNull(),
    /** the uploaded package (a file of the file service), deleted with the record */
    fileId: text(),
    /** wgt only: the lowest native app version the hot update installs on */
    minUniVersion: text(),
    stablePublish: boolean().notNull().default(false),
    /** wgt only: installs without asking */
    isSilently: boolean().notNull().default(false),
    isMandatory: boolean().notNull().default(false),
    storeList: jsonb().$type<StoreEntry[]>().notNull().default([]),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_versions_app_idx').on(t.appid, t.platform, t.type, t.createDate.desc()),
    uniqueIndex('app_versions_one_stable')
      .on(t.appid, t.type, t.platform)
      .where(sql`${t.stablePublish}`),
  ],
);
