/**
 * The statistics storage behind one interface: raw ingest, the rollup job and the reports each
 * pages family reads. PostgreSQL implements it here (partitioned raw events + rollup tables); a
 * column store (ClickHouse) or a distributed PostgreSQL would implement the same interface.
 */
import type { StatPools } from '../pools';
import { type DeviceReports, PgDeviceReports } from './devices';
import { type ErrorReports, PgErrorReports } from './errors';
import { type IngestStore, PgIngestStore } from './ingest';
import { type OptionsStore, PgOptionsStore } from './options';
import { type PageReports, PgPageReports } from './pages';
import type { PayReports } from '../../payments/stats';
import { type PayFunnelReports, PgAppPayReports, PgPayFunnelReports } from './pay';
import { PgRollupStore, type RollupStore } from './rollup';

export interface StatStore {
  ingest: IngestStore;
  rollup: RollupStore;
  options: OptionsStore;
  devices: DeviceReports;
  pages: PageReports;
  errors: ErrorReports;
  pay: PayFunnelReports;
  /** the payments apps report (the console's own orders are the payments module's) */
  appPay: PayReports;
}

export function pgStatStore(pools: StatPools): StatStore {
  return {
    ingest: new PgIngestStore(pools),
    rollup: new PgRollupStore(pools),
    options: new PgOptionsStore(pools),
    devices: new PgDeviceReports(pools),
    pages: new PgPageReports(pools),
    errors: new PgErrorReports(pools),
    pay: new PgPayFunnelReports(pools),
    appPay: new PgAppPayReports(pools),
  };
}
