/** The statistics module: the apps' receiver, the raw events' partitions, the rollups and the reports. */
import type { ModuleManifest } from '../services';
import { statPools } from './pools';
import { rollupJob } from './rollup-job';
import { statRoutes } from './routes';
import { StatService } from './service';
import { pgStatStore } from './store';

export const statsModule: ModuleManifest = {
  name: 'stats',
  // stat_events is partitioned by day and made by hand (store/partitions.ts)
  tables: [
    'stat_events',
    'stat_dirty',
    'stat_hourly',
    'stat_daily',
    'stat_activity',
    'stat_activity_dirty',
    'stat_device_days',
    'stat_devices',
    'stat_error_days',
    'stat_error_groups',
    'stat_event_days',
    'stat_names',
    'stat_pages',
    'stat_pay_orders',
    'stat_retention',
    'stat_sessions',
    'stat_source_maps',
    'stat_user_days',
    'stat_users',
  ],
  services: ({ db, settings, zone }) => {
    const pools = statPools(db);
    return { stats: new StatService(pgStatStore(pools), pools, settings, zone) };
  },
  routes: statRoutes,
  jobs: ({ stats, log }) => [
    // the app-days with new raw events recomputed into the rollups
    { name: 'stat-rollup', everyMs: 30_000, run: rollupJob(stats, log) },
    // the raw statistics' daily partitions: today's and tomorrow's made, those past the retention dropped
    { name: 'stat-partitions', everyMs: 3600_000, run: async () => stats.store.ingest.maintain((await stats.settings()).raw_retention_days) },
  ],
  close: ({ stats }) => stats.pools.end(),
};
