/**
 * Build-time umi plugin (node side, never bundled into the console).
 *
 * umi's "route preload on load" inlines a script that preloads the chunks of the route at
 * location.pathname. Under hash routing the pathname is always '/', so every first load
 * (the login page included) would also fetch the frame and the home page. This plugin
 * switches that feature off; routes still load their own chunks on demand.
 */
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.describe({ key: 'consoleHashRouting' });
  api.skipPlugins(['routePreloadOnLoad']);
};
