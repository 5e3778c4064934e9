/** Pay-order statistics routes (overview, list, funnel, ranking): the payments module's service answers them. */
import type { ModuleContext } from '../services';

export async function payStatRoutes(ctx: ModuleContext) {
  void ctx;
}
