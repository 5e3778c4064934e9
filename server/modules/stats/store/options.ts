/** What the filter bar offers: the apps, and the platforms, channels and versions an app reported. */
import { sql } from 'drizzle-orm';
import { query } from '../../../core/sql';
import type { StatPools } from '../pools';

export interface StatOptions {
  apps: { appid: string; name: string }[];
  platforms: string[];
  channels: string[];
  versions: string[];
}

export interface OptionsStore {
  options(appId: string | undefined): Promise<StatOptions>;
}

export class PgOptionsStore implements OptionsStore {
  constructor(private pools: StatPools) {}

  async options(appId: string | undefined): Promise<StatOptions> {
    const db = this.pools.read;
    // the app list is system/apps' table: read for the names only
    const apps = await query<{ appid: string; name: string }>(db, sql`SELECT appid, name FROM apps ORDER BY name, appid`);
    if (!appId) return { apps, platforms: [], channels: [], versions: [] };
    const dims = await query<{ platform: string; channel: string; version: string }>(
      db,
      sql`SELECT DISTINCT platform, channel, version FROM stat_daily WHERE app_id = ${appId}`,
    );
    const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))].sort();
    return {
      apps,
      platforms: uniq(dims.map((d) => d.platform)),
      channels: uniq(dims.map((d) => d.channel)),
      // newest version first (multi-segment compare)
      versions: uniq(dims.map((d) => d.version)).sort((a, b) => b.localeCompare(a, undefined, { numeric: true })),
    };
  }
}
