/** The receiver (apps report records; the config check) and the statistics settings. */
import type { ModuleContext } from '../services';

export async function receiverRoutes(ctx: ModuleContext) {
  void ctx;
}
