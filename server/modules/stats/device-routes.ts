/** Device and user report routes (overview, activity, trend, retention, comparison, stickiness). */
import type { ModuleContext } from '../services';

export async function deviceRoutes(ctx: ModuleContext) {
  void ctx;
}
