/**
 * StatService: the statistics area's entry for routes and jobs: the storage (StatStore), its
 * pools, and the settings (time zone, reporting switch).
 */
import type { SettingsStore } from '../../core/settings';
import { type StatFilter, type StatFilterInput, parseFilter } from './filter';
import type { StatPools } from './pools';
import { STAT_SETTINGS, type StatSettings } from './settings';
import type { StatStore } from './store';

export class StatService {
  constructor(
    readonly store: StatStore,
    readonly pools: StatPools,
    private settingsStore: SettingsStore,
  ) {}

  settings(): Promise<StatSettings> {
    return this.settingsStore.get(STAT_SETTINGS);
  }

  async tz(): Promise<number> {
    return (await this.settings()).tz_offset_minutes;
  }

  /** a report query's filter in the configured time zone (STAT_RANGE_INVALID on a bad range) */
  async filter(q: StatFilterInput): Promise<StatFilter> {
    return parseFilter(q, await this.tz());
  }
}
