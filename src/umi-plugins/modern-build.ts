/**
 * Build-time umi plugin (node side, never bundled into the console): compiles the console's own
 * code for the configured browser targets.
 *
 * umi hands `targets` to babel-loader as a top-level option, which the preset-env bundled in
 * umi 4.7 ignores: without targets of its own it compiles src/ (and umi's generated runtime)
 * down to ES5, with regenerator for every async function and class helpers, a good part of the
 * login page's JavaScript. Here preset-env gets the targets directly.
 */
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.describe({ key: 'consoleModernBuild' });
  api.modifyBabelPresetOpts((memo) => ({
    ...memo,
    presetEnv: { ...memo.presetEnv, targets: api.config.targets },
  }));
};
