/**
 * The upgrade center (uni-upgrade-center): version records of the app list's apps, the add and
 * delete rules, stable publishing (one stable record per appid, type and platform) and the
 * public update check apps call. Packages are files of the file service, served to apps by
 * this module's package route; an app's deletion takes its records and packages with it.
 */
import { sql } from 'drizzle-orm';
import {
  compareVersions,
  extensionOf,
  PACKAGE_FOLDER,
  packageExtension,
  parseVersion,
  UPGRADE_PLATFORMS,
  UPGRADE_TYPES,
  type UpgradePlatform,
  type UpgradeType,
  versionKey,
} from '../../../shared/version';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { assertUnchanged, clean, fetchRow } from '../../core/resource';
import { plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import { appVersions, type StoreEntry } from '../../db/schema';
import type { FileService } from '../files/service';
import type { AppService } from '../system/apps/service';
import { LOCKS } from '../../core/locks';
import type { VersionRecord, VersionRow } from './schemas';

/** where apps download an uploaded package */
export const packageUrl = (fileId: string) => `/api/upgrade/packages/${fileId}`;
/** the extensions that name a package file: a url ending in another one of these is the wrong package */
const PACKAGE_EXTENSIONS = new Set(['apk', 'ipa', 'hap', 'wgt']);

export const versionList: ListSpec = {
  resource: 'app-versions',
  from: sql`app_versions v LEFT JOIN apps a ON a.appid = v.appid`,
  columns: sql`v.id, v.appid, a.name AS app_name, v.platform, v.type, v.version, v.title, v.contents, v.url, v.file_id,
    v.min_uni_version, v.stable_publish, v.is_silently, v.is_mandatory, v.store_list, v.create_date`,
  search: [sql`v.appid`, sql`a.name`, sql`v.version`, sql`v.title`, sql`v.contents`],
  filters: {
    appid: { kind: 'eq', column: sql`v.appid` },
    platform: { kind: 'eq', column: sql`v.platform` },
    type: { kind: 'eq', column: sql`v.type` },
    stable_publish: { kind: 'eq', column: sql`v.stable_publish`, type: 'bool' },
    is_mandatory: { kind: 'eq', column: sql`v.is_mandatory`, type: 'bool' },
    create_date: { kind: 'range', column: sql`v.create_date` },
  },
  sorts: {
    appid: sql`v.appid`,
    platform: sql`v.platform`,
    type: sql`v.type`,
    version: sql`v.version_key`,
    create_date: sql`v.create_date`,
  },
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`v.id`,
  exportColumns: [
    { key: 'appid', width: 22 },
    { key: 'app_name', width: 22 },
    { key: 'platform', width: 10 },
    { key: 'type', width: 12 },
    { key: 'version', width: 12 },
    { key: 'title', width: 24 },
    { key: 'contents', width: 40 },
    { key: 'url', width: 40 },
    { key: 'min_uni_version', width: 14 },
    { key: 'stable_publish', width: 10 },
    { key: 'is_mandatory', width: 10 },
    { key: 'is_silently', width: 10 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface VersionInput {
  appid?: string;
  platform?: UpgradePlatform;
  type?: UpgradeType;
  version?: string;
  title?: string | null;
  contents?: string;
  url?: string | null;
  file_id?: string | null;
  min_uni_version?: string | null;
  stable_publish?: boolean;
  is_silently?: boolean;
  is_mandatory?: boolean;
  store_list?: StoreEntry[];
}

/** an edit: platform and type are compared with the stored ones, so any text is taken */
export type VersionPatch = Omit<VersionInput, 'platform' | 'type'> & { platform?: string; type?: string };

export interface CheckInput {
  appid?: string;
  appVersion?: string;
  wgtVersion?: string;
  platform?: string;
}

/** the update check's answer codes (the reference's) */
export const CHECK_CODES = { upToDate: 0, wgt: 101, native: 102, noRecord: -101, badInput: -102 } as const;
export type CheckCode = (typeof CHECK_CODES)[keyof typeof CHECK_CODES];

const version = (v: unknown, field: string): string => {
  if (!parseVersion(v)) throw new AppError('VERSION_INVALID', { field });
  return (v as string).trim();
};

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

function checkStoreList(list: StoreEntry[] | undefined) {
  const seen = new Set<string>();
  list?.forEach((s, i) => {
    if (seen.has(s.id)) throw new AppError('ID_EXISTS', { field: `store_list.${i}.id` });
    seen.add(s.id);
  });
}

export class UpgradeService {
  constructor(
    private db: Db,
    private apps: AppService,
    private files: FileService,
  ) {
    apps.onDelete((tx, appids) => this.deleteOfApps(tx, appids));
  }

  async get(id: string, db: Db | Tx = this.db): Promise<VersionRow> {
    return fetchRow<VersionRow>(db, versionList, sql`v.id`, id);
  }

  /** one (appid, type, platform) at a time: the stable record read and written under this lock stays the one */
  private lock(tx: Tx, appid: string, type: string, platform: string) {
    return tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.STABLE_VERSION}, hashtext(${`${appid}\n${type}\n${platform}`}))`);
  }

  private async stableOf(tx: Tx, appid: string, type: string, platform: string) {
    const [r] = await query<{ id: string; version: string }>(
      tx,
      sql`SELECT id, version FROM app_versions WHERE appid = ${appid} AND type = ${type} AND platform = ${platform} AND stable_publish`,
    );
    return r;
  }

  /** the package's url and file: an http(s) url, or a package uploaded under PACKAGE_FOLDER, fitting the platform and type */
  private async packageOf(input: VersionInput, platform: UpgradePlatform, type: UpgradeType) {
    const ext = packageExtension(platform, type);
    const url = clean(input.url);
    const fileId = clean(input.file_id);
    if (url && fileId) throw new AppError('INVALID_PARAM', { field: 'url', params: { reason: 'a url or an uploaded package, not both' } });
    if (fileId) {
      const file = await this.files.find(fileId);
      if (!file || !file.cloudPath.replace(/^\/+/, '').startsWith(`${PACKAGE_FOLDER}/`)) {
        throw new AppError('REFERENCE_NOT_FOUND', { field: 'file_id', params: { value: fileId } });
      }
      if (extensionOf(file.name ?? file.cloudPath) !== ext) throw new AppError('VERSION_PACKAGE_MISMATCH', { field: 'file_id', params: { ext } });
      const [used] = await query(this.db, sql`SELECT 1 FROM app_versions WHERE file_id = ${fileId}`);
      if (used) throw new AppError('INVALID_PARAM', { field: 'file_id', params: { reason: 'already the package of another version' } });
      return { url: packageUrl(fileId), fileId };
    }
    if (!url) throw new AppError('INVALID_PARAM', { field: 'url', params: { reason: 'required: a download url or an uploaded package' } });
    if (!isHttpUrl(url)) throw new AppError('INVALID_PARAM', { field: 'url', params: { reason: 'an http or https url' } });
    // a native app may point at a store or download page; a hot update package is downloaded and installed as it is
    const given = extensionOf(url);
    if ((PACKAGE_EXTENSIONS.has(given) || type === 'wgt') && given !== ext) throw new AppError('VERSION_PACKAGE_MISMATCH', { field: 'url', params: { ext } });
    return { url, fileId: null };
  }

  async create(input: VersionInput & { appid: string; platform: UpgradePlatform; type: UpgradeType; version: string; contents: string }): Promise<VersionRow> {
    const { appid, platform, type } = input;
    const v = version(input.version, 'version');
    const contents = clean(input.contents);
    if (!contents) throw new AppError('INVALID_PARAM', { field: 'contents', params: { reason: 'required' } });
    const minUni = type === 'wgt' ? version(input.min_uni_version, 'min_uni_version') : null;
    await this.apps.get(appid).catch((e: unknown) => {
      throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('REFERENCE_NOT_FOUND', { field: 'appid', params: { value: appid } }) : e;
    });
    checkStoreList(input.store_list);
    const pkg = await this.packageOf(input, platform, type);
    return this.db.transaction(async (tx) => {
      await this.lock(tx, appid, type, platform);
      const stable = await this.stableOf(tx, appid, type, platform);
      if (stable && compareVersions(v, stable.version) <= 0)
        throw new AppError('VERSION_NOT_GREATER', { field: 'version', params: { current: stable.version } });
      if (input.stable_publish && stable) await tx.execute(sql`UPDATE app_versions SET stable_publish = false WHERE id = ${stable.id}`);
      const [row] = await tx
        .insert(appVersions)
        .values({
          appid,
          platform,
          type,
          version: v,
          versionKey: versionKey(v)!,
          title: clean(input.title) ?? null,
          contents,
          url: pkg.url,
          fileId: pkg.fileId,
          minUniVersion: minUni,
          stablePublish: !!input.stable_publish,
          isSilently: type === 'wgt' && !!input.is_silently,
          isMandatory: !!input.is_mandatory,
          storeList: input.store_list ?? [],
        })
        .returning({ id: appVersions.id });
      return this.get(row.id, tx);
    });
  }

  /** the editable fields; publishing as stable takes the stable mark off the previous stable record */
  /** the fixed fields (app, platform, type, version, package) may be sent again, unchanged, as any text */
  async update(id: string, input: VersionPatch): Promise<VersionRow> {
    return this.db.transaction(async (tx) => {
      const current = await this.get(id, tx);
      for (const f of ['appid', 'platform', 'type', 'version', 'url', 'file_id'] as const) assertUnchanged(input[f], current[f], f);
      const isWgt = current.type === 'wgt';
      const set: Partial<typeof appVersions.$inferInsert> = {};
      if (input.title !== undefined) set.title = clean(input.title) ?? null;
      if (input.contents !== undefined) {
        const contents = clean(input.contents);
        if (!contents) throw new AppError('INVALID_PARAM', { field: 'contents', params: { reason: 'required' } });
        set.contents = contents;
      }
      if (input.is_mandatory !== undefined) set.isMandatory = input.is_mandatory;
      if (input.is_silently !== undefined) set.isSilently = isWgt && input.is_silently;
      if (input.min_uni_version !== undefined && isWgt) set.minUniVersion = version(input.min_uni_version, 'min_uni_version');
      if (input.store_list !== undefined) {
        checkStoreList(input.store_list);
        set.storeList = input.store_list;
      }
      if (input.stable_publish !== undefined && input.stable_publish !== current.stable_publish) {
        const { appid, type, platform } = current;
        await this.lock(tx, appid, type, platform);
        if (input.stable_publish) {
          await tx.execute(
            sql`UPDATE app_versions SET stable_publish = false WHERE appid = ${appid} AND type = ${type} AND platform = ${platform} AND stable_publish`,
          );
        }
        set.stablePublish = input.stable_publish;
      }
      if (Object.keys(set).length)
        await tx
          .update(appVersions)
          .set(set)
          .where(sql`${appVersions.id} = ${id}`);
      return this.get(id, tx);
    });
  }

  /** never the current stable record; the uploaded packages go with their records */
  async deleteMany(ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    const { count, files } = await this.db.transaction(async (tx) => {
      const rows = await query<{ id: string; version: string; stable_publish: boolean; file_id: string | null }>(
        tx,
        sql`SELECT id, version, stable_publish, file_id FROM app_versions WHERE id = ANY(${textArray(unique)}) FOR UPDATE`,
      );
      const stable = rows.find((r) => r.stable_publish);
      if (stable) throw new AppError('VERSION_STABLE_UNDELETABLE', { field: 'id', params: { version: stable.version } });
      await tx.execute(sql`DELETE FROM app_versions WHERE id = ANY(${textArray(rows.map((r) => r.id))})`);
      const gone = await this.files.deleteStored(
        tx,
        rows.flatMap((r) => (r.file_id ? [r.file_id] : [])),
      );
      return { count: rows.length, files: gone };
    });
    await Promise.all(files.map((f) => this.files.discardStored(f)));
    return count;
  }

  /**
   * The app delete hook: the apps' records and package rows go in the app delete's transaction.
   * The bytes are removed here, before that transaction ends: should it still fail, the records
   * stay and their packages answer NOT_FOUND (apps then keep their version).
   */
  private async deleteOfApps(tx: Tx, appids: string[]) {
    const rows = await query<{ file_id: string | null }>(tx, sql`DELETE FROM app_versions WHERE appid = ANY(${textArray(appids)}) RETURNING file_id`);
    const gone = await this.files.deleteStored(
      tx,
      rows.flatMap((r) => (r.file_id ? [r.file_id] : [])),
    );
    await Promise.all(gone.map((f) => this.files.discardStored(f)));
  }

  /** the stable record of each platform and type of these apps (the app list links them) */
  async latest(appids: string[]) {
    if (!appids.length) return [];
    return query<{ id: string; appid: string; platform: string; type: string; version: string }>(
      this.db,
      sql`SELECT id, appid, platform, type, version FROM app_versions
        WHERE appid = ANY(${textArray(appids)}) AND stable_publish ORDER BY appid, platform, type`,
    );
  }

  /** an uploaded package of a version record (apps download it without signing in), or null */
  async packageFile(fileId: string) {
    const [used] = await query(this.db, sql`SELECT 1 FROM app_versions WHERE file_id = ${fileId}`);
    return used ? this.files.find(fileId) : null;
  }

  /**
   * The update check (the reference's semantics): -102 missing input, -101 no stable record;
   * the candidate is the stable wgt when its version is at least appVersion, else the stable
   * native app. When the candidate is newer than both appVersion and wgtVersion: a wgt whose
   * min_uni_version is at most appVersion -> 101; else a native app newer than appVersion -> 102.
   * Otherwise 0. `origin` makes uploaded packages' urls absolute.
   */
  async check(input: CheckInput, origin: string): Promise<{ code: CheckCode; record?: VersionRecord }> {
    const { appid, appVersion, wgtVersion, platform } = input;
    const given = [appid, appVersion, wgtVersion, platform].every((x) => typeof x === 'string' && x.trim() !== '');
    if (!given || !parseVersion(appVersion) || !parseVersion(wgtVersion) || !(UPGRADE_PLATFORMS as readonly string[]).includes(platform!.trim())) {
      return { code: CHECK_CODES.badInput };
    }
    const rows = (
      await query<VersionRecord>(
        this.db,
        sql`SELECT id, appid, platform, type, version, title, contents, url, min_uni_version, stable_publish, is_silently,
          is_mandatory, store_list, create_date
        FROM app_versions WHERE appid = ${appid!.trim()} AND platform = ${platform!.trim()} AND stable_publish
        ORDER BY create_date DESC`,
      )
    ).map(plain);
    if (!rows.length) return { code: CHECK_CODES.noRecord };
    const native = rows.find((r) => r.type === UPGRADE_TYPES[0]);
    const wgt = rows.find((r) => r.type === UPGRADE_TYPES[1]);
    const app = appVersion!.trim();
    const candidate = wgt && compareVersions(wgt.version, app) >= 0 ? wgt : native;
    const answer = (r: VersionRecord): VersionRecord => ({ ...r, url: r.url.startsWith('/') ? `${origin}${r.url}` : r.url });
    if (candidate && compareVersions(candidate.version, app) > 0 && compareVersions(candidate.version, wgtVersion!.trim()) > 0) {
      const minUni = candidate.min_uni_version;
      if (minUni && compareVersions(minUni, app) <= 0) return { code: CHECK_CODES.wgt, record: answer(candidate) };
      if (native && compareVersions(native.version, app) > 0) return { code: CHECK_CODES.native, record: answer(native) };
    }
    return { code: CHECK_CODES.upToDate };
  }
}
