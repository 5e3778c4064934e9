/** The pay-order pages' statistics side: the active devices and users the funnel starts from (the orders' figures come from the payments module's service). */
import type { StatPools } from '../pools';

export interface PayFunnelReports {}

export class PgPayFunnelReports implements PayFunnelReports {
  constructor(protected pools: StatPools) {}
}
