/** Page, entry page, scene, channel and custom event report routes, and the display names of channels and events. */
import type { ModuleContext } from '../services';

export async function pageRoutes(ctx: ModuleContext) {
  void ctx;
}
