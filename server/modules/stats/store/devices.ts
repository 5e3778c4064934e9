/** Device and user reports: overview, activity, trend, retention, comparison, stickiness (subject device or user): the queries over the rollups (read pool). */
import type { StatPools } from '../pools';

export interface DeviceReports {}

export class PgDeviceReports implements DeviceReports {
  constructor(protected pools: StatPools) {}
}
