/** Page, entry page, scene, channel and custom event reports: the queries over the rollups (read pool). */
import type { StatPools } from '../pools';

export interface PageReports {}

export class PgPageReports implements PageReports {
  constructor(protected pools: StatPools) {}
}
