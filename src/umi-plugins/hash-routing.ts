/**
 * Build-time umi plugin (node side, never bundled into the console).
 *
 * umi's "route preload on load" writes a small script (preload_helper.*.js) that, before the
 * app starts, adds the chunks of the route being opened to the page, so they download in
 * parallel with umi.js instead of after it. It reads the route from location.pathname, which
 * under hash routing is always '/'. This plugin rewrites that script to read the route from
 * location.hash, so the login page (or any deep link) fetches exactly its own chunks at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from 'umi';

/** the minified `x=location.pathname` (terser picks the variable name) */
const PATHNAME = /\b([A-Za-z_$][\w$]*)=location\.pathname\b/;
/** '#/a/b?x=1' -> '/a/b' (and the base prefix check that follows stays valid) */
const HASH_PATH = '$1=(location.hash.slice(1).split("?")[0]||"/")';

export default (api: IApi) => {
  api.describe({ key: 'consoleHashRouting' });
  api.onBuildComplete(({ err }) => {
    if (err) return;
    const dir = api.paths.absOutputPath;
    for (const file of fs.readdirSync(dir).filter((f) => /^preload_helper.*\.js$/.test(f))) {
      const full = path.join(dir, file);
      const text = fs.readFileSync(full, 'utf8');
      if (!PATHNAME.test(text)) {
        throw new Error(`consoleHashRouting: umi's ${file} changed shape; cannot make it read location.hash`);
      }
      fs.writeFileSync(full, text.replace(PATHNAME, HASH_PATH));
    }
  });
};
