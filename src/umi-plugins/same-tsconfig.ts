/**
 * Umi plugin (node side, never bundled into the console): in Vite mode (npm run dev) umi's
 * generated files import through Vite's "@fs/" prefix (the project root), and
 * src/.umi/tsconfig.json, which the project's tsconfig.json extends, maps it as "@fs/*": ["*"].
 * Without a baseUrl, tsx (which runs the server, its scripts and tests) refuses such a path; the
 * same mapping relative to that tsconfig's folder serves tsc, tsx and the editor alike.
 */
import path from 'node:path';
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.describe({ key: 'consoleSameTsconfig' });
  api.modifyTSConfig((memo: { compilerOptions?: { paths?: Record<string, string[]> } }) => {
    const paths = memo.compilerOptions?.paths;
    if (paths?.['@fs/*']) {
      const root = path.relative(api.paths.absTmpPath, api.cwd).split(path.sep).join('/');
      paths['@fs/*'] = [`${root}/*`];
    }
    return memo;
  });
};
