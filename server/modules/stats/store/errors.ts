/** JS error groups, one group's detail (source maps), app crashes: the queries over the rollups (read pool). */
import type { StatPools } from '../pools';

export interface ErrorReports {}

export class PgErrorReports implements ErrorReports {
  constructor(protected pools: StatPools) {}
}
