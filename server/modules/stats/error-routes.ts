/** JS error and app crash report routes, source map upload. */
import type { ModuleContext } from '../services';

export async function errorRoutes(ctx: ModuleContext) {
  void ctx;
}
