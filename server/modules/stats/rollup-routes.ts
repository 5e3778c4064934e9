/** The rollup job's routes: bring the statistics up to date now (analysts' "refresh", the tests). */
import type { ModuleContext } from '../services';

export async function rollupRoutes(ctx: ModuleContext) {
  void ctx;
}
