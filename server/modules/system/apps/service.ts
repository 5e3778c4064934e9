/**
 * Apps (opendb-app-list): appid and name fixed once created, per-platform download blocks and
 * the store list. Deleting an app runs the registered delete hooks in the same transaction: the
 * modules that keep app ids drop them (users their authorized apps, the upgrade center the app's
 * version records).
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { apps, type IosLink, type MiniProgram, MINI_PROGRAMS, type MiniProgramKey, type PlatformLink, type StoreEntry } from '../../../db/schema';
import type { AppRow } from './schemas';

/** the stored mini-program map spread into mp_weixin, mp_alipay, ... fields (a missing block is null) */
function spreadMiniPrograms<T extends { mini_programs?: unknown }>({
  mini_programs,
  ...r
}: T): Omit<T, 'mini_programs'> & Record<MiniProgramKey, MiniProgram | null> {
  const mp = (mini_programs ?? {}) as Partial<Record<MiniProgramKey, MiniProgram>>;
  return { ...r, ...(Object.fromEntries(MINI_PROGRAMS.map((k) => [k, mp[k] ?? null])) as Record<MiniProgramKey, MiniProgram | null>) };
}

export const appList: ListSpec = {
  resource: 'apps',
  from: sql`apps a`,
  alias: 'a',
  columns: sql`a.appid, a.name, a.app_type, a.introduction, a.description, a.remark, a.icon_url, a.screenshot,
    a.app_android, a.app_ios, a.app_harmony, a.mini_programs, a.h5, a.store_list, a.create_date, a.update_date`,
  search: [sql`a.appid`, sql`a.name`, sql`a.description`, sql`a.introduction`],
  filters: { app_type: { kind: 'eq', column: sql`a.app_type`, type: 'int' }, create_date: { kind: 'range', column: sql`a.create_date` } },
  sorts: { appid: sql`a.appid`, name: sql`a.name`, create_date: sql`a.create_date` },
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`a.appid`,
  toRow: spreadMiniPrograms,
  exportColumns: [
    { key: 'appid', width: 22 },
    { key: 'name', width: 24 },
    { key: 'app_type', width: 10 },
    { key: 'description', width: 40 },
    { key: 'app_android', width: 36, value: (r) => (r.app_android as PlatformLink | null)?.url },
    { key: 'app_ios', width: 36, value: (r) => (r.app_ios as PlatformLink | null)?.url },
    { key: 'app_harmony', width: 36, value: (r) => (r.app_harmony as PlatformLink | null)?.url },
    { key: 'h5', width: 36, value: (r) => (r.h5 as { url?: string } | null)?.url },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export type AppInput = {
  appid?: string;
  name?: string;
  app_type?: number;
  introduction?: string | null;
  description?: string | null;
  remark?: string | null;
  icon_url?: string | null;
  screenshot?: string[];
  app_android?: PlatformLink | null;
  app_ios?: IosLink | null;
  app_harmony?: PlatformLink | null;
  h5?: { url?: string } | null;
  store_list?: StoreEntry[];
} & Partial<Record<MiniProgramKey, MiniProgram | null>>;

/** runs inside the delete transaction, with the appids being deleted */
export type AppDeleteHook = (tx: Tx, appids: string[]) => Promise<void>;

function checkStoreList(list: StoreEntry[] | undefined) {
  if (!list) return;
  const seen = new Set<string>();
  list.forEach((s, i) => {
    if (seen.has(s.id)) throw new AppError('ID_EXISTS', { field: `store_list.${i}.id` });
    seen.add(s.id);
  });
}

export class AppService {
  /** delete hooks: the upgrade center's "delete the app's version records" goes here */
  private deleteHooks: AppDeleteHook[] = [];

  constructor(private db: Db) {}

  /** registers a function that runs in the app delete's transaction (the upgrade center deletes the app's versions) */
  onDelete(hook: AppDeleteHook) {
    this.deleteHooks.push(hook);
  }

  async get(appid: string, db: Db | Tx = this.db): Promise<AppRow> {
    return fetchRow<AppRow>(db, appList, sql`a.appid`, appid);
  }

  private values(input: AppInput) {
    const v: Partial<typeof apps.$inferInsert> = {};
    if (input.app_type !== undefined) v.appType = input.app_type;
    if (input.introduction !== undefined) v.introduction = clean(input.introduction);
    if (input.description !== undefined) v.description = clean(input.description);
    if (input.remark !== undefined) v.remark = clean(input.remark);
    if (input.icon_url !== undefined) v.iconUrl = clean(input.icon_url);
    if (input.screenshot !== undefined) v.screenshot = input.screenshot.filter(Boolean);
    if (input.app_android !== undefined) v.appAndroid = input.app_android;
    if (input.app_ios !== undefined) v.appIos = input.app_ios;
    if (input.app_harmony !== undefined) v.appHarmony = input.app_harmony;
    if (input.h5 !== undefined) v.h5 = input.h5;
    if (input.store_list !== undefined) {
      checkStoreList(input.store_list);
      v.storeList = input.store_list;
    }
    return v;
  }

  private miniPrograms(input: AppInput, current: Record<string, MiniProgram> = {}) {
    const given = MINI_PROGRAMS.filter((k) => input[k] !== undefined);
    if (!given.length) return undefined;
    const next: Record<string, MiniProgram> = { ...current };
    for (const k of given) {
      const block = input[k];
      if (block && (block.name || block.qrcode_url)) next[k] = block;
      else delete next[k];
    }
    return next;
  }

  async create(input: AppInput & { appid: string; name: string }): Promise<AppRow> {
    const name = clean(input.name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    try {
      await this.db.insert(apps).values({ appid: input.appid, name, ...this.values(input), miniPrograms: this.miniPrograms(input) ?? {} });
    } catch (e) {
      uniqueViolation(e, { apps_pkey: { field: 'appid' } });
    }
    return this.get(input.appid);
  }

  async update(appid: string, input: AppInput): Promise<AppRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(apps)
        .where(sql`${apps.appid} = ${appid}`)
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      assertUnchanged(input.appid, current.appid, 'appid');
      assertUnchanged(input.name === undefined ? undefined : input.name.trim(), current.name, 'name');
      const set = this.values(input);
      const mp = this.miniPrograms(input, current.miniPrograms as Record<string, MiniProgram>);
      if (mp) set.miniPrograms = mp;
      if (Object.keys(set).length)
        await tx
          .update(apps)
          .set({ ...set, updateDate: new Date() })
          .where(sql`${apps.appid} = ${appid}`);
      return this.get(appid, tx);
    });
  }

  /** the modules that keep app ids (users' authorized apps, app versions) drop them through their delete hooks, in the same transaction */
  deleteMany(appids: string[]): Promise<number> {
    return deleteByIds(this.db, sql`apps`, sql`appid`, appids, async (tx, gone) => {
      for (const hook of this.deleteHooks) await hook(tx, gone);
    });
  }
}
