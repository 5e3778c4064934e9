/**
 * StatService: the statistics area's entry for routes and jobs: the storage (StatStore), its
 * pools, and the settings (reporting switch, with the service's day zone days count in).
 */
import type { DayZone } from '../../core/day-zone';
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
    readonly zone: DayZone,
  ) {}

  async settings(): Promise<StatSettings> {
    const [stored, tz] = await Promise.all([this.settingsStore.get(STAT_SETTINGS), this.zone.offsetMinutes()]);
    return { ...stored, tz_offset_minutes: tz };
  }

  /** changes the settings and the day zone together; answers the settings before and after */
  async update(patch: Partial<StatSettings>): Promise<{ before: StatSettings; next: StatSettings }> {
    const before = await this.settings();
    const { tz_offset_minutes: tz, ...own } = patch;
    await this.settingsStore.transaction(async (tx) => {
      await this.settingsStore.put(STAT_SETTINGS, own, tx);
      if (tz !== undefined) await this.zone.set(tz, 'tz_offset_minutes', tx);
    });
    return { before, next: await this.settings() };
  }

  tz(): Promise<number> {
    return this.zone.offsetMinutes();
  }

  /** a report query's filter in the configured time zone (STAT_RANGE_INVALID on a bad range) */
  async filter(q: StatFilterInput): Promise<StatFilter> {
    return parseFilter(q, await this.tz());
  }
}
