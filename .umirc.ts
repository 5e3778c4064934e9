import { defineConfig } from '@umijs/max';
import path from 'node:path';
import { routes as consoleRoutes, type ConsoleRoute } from './config/routes';

/**
 * config/routes.ts is the single route list; umi gets what it routes by (component '@/<path>' is
 * the file src/<path>.tsx). Routes with frame 'none' carry `layout: false`, so src/layouts/index.tsx
 * (the console frame: top bar, left menu, login guard) does not wrap them. Titles, rules and frames
 * are read from config/routes.ts by the console itself: copying them into umi's route table too
 * would load them twice with the login page.
 */
const umiRoutes = consoleRoutes.map((r: ConsoleRoute) => ({ path: r.path, component: r.component, ...(r.layout === false ? { layout: false } : {}) }));

const apiPort = process.env.API_PORT || 8001;

type ChainWebpack = NonNullable<Parameters<typeof defineConfig>[0]['chainWebpack']>;
type ChainConfig = Parameters<ChainWebpack>[0];
type Webpack = Parameters<ChainWebpack>[1]['webpack'];

/**
 * Bundles src/umi-plugins/<file> in place of what `request` names, for imports from the module
 * `issuer` only (a dependency's internal import that costs the first load more than it gives).
 */
function replaceImport(config: ChainConfig, webpack: Webpack, request: RegExp, issuer: RegExp, file: string) {
  config.plugin(`replace-${file}`).use(webpack.NormalModuleReplacementPlugin, [
    request,
    (resource: { request: string; contextInfo?: { issuer?: string } }) => {
      if (issuer.test(resource.contextInfo?.issuer ?? '')) resource.request = path.resolve(__dirname, 'src/umi-plugins', file);
    },
  ]);
}

/** the production build's size work (webpack only) */
const chainWebpack: ChainWebpack = (config, { webpack }) => {
  // react-intl parses every message at run time; the stock ICU parser is 17 kB of the first load
  config.resolve.alias.set('intl-messageformat-parser$', path.resolve(__dirname, 'src/umi-plugins/lean-icu-parser.ts'));
  // antd's button style takes isBright from the colour picker's presets panel, which brings
  // the picker and Collapse along to every page with a button
  replaceImport(
    config,
    webpack,
    /[\\/]color-picker[\\/]components[\\/]ColorPresets$/,
    /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    'antd-is-bright.ts',
  );
  // antd's form labels import Tooltip for the rare label tooltip: loaded when one shows
  replaceImport(config, webpack, /^\.\.\/tooltip$/, /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/, 'form-label-tooltip.tsx');
  // umi's locale plugin needs on/off/emit of one event, not event-emitter and es5-ext
  replaceImport(config, webpack, /[\\/]event-emitter$/, /[\\/]plugin-locale[\\/]localeExports\.ts$/, 'lang-events.ts');
  // react-intl and intl-messageformat start the browser's Intl on load; the loader defers that
  // to the first number or date formatted (the login page formats none)
  const lazyIntl = path.resolve(__dirname, 'src/umi-plugins/lazy-intl-loader.cjs');
  config.module.rule('lazy-intl').enforce('pre').test(require(lazyIntl).FILES).use('lazy-intl').loader(lazyIntl);
  // one copy of babel's helpers: umi's runtime packages bring their own older copies
  config.resolve.alias.set('@babel/runtime', path.dirname(require.resolve('@babel/runtime/package.json')));
  // umi's useRequest export (unused: the console uses ahooks') is all that imports
  // @ahooksjs/use-request; declared free of side effects, it and its lodash stay out of umi.js
  config.module
    .rule('umi-use-request')
    .test(/[\\/]@ahooksjs[\\/]use-request[\\/]/)
    .sideEffects(false);
  // umi provides a Buffer polyfill for any mention of Buffer; only axios mentions it, in a
  // branch browsers never take (no Blob), so the 7 KB polyfill is left out
  config.plugin('node-polyfill-provider').tap((args: Record<string, unknown>[]) => {
    const { Buffer: _ignored, ...rest } = args[0] ?? {};
    return [rest];
  });
};

export default defineConfig({
  history: { type: 'hash' },
  base: '/',
  // hash routing: the document is always index.html, so relative asset paths work wherever
  // the console is served from
  publicPath: process.env.NODE_ENV === 'production' ? './' : '/',
  routes: umiRoutes,
  title: 'console',
  // mock/ holds the demo data set, not umi mocks
  mock: false,
  proxy: {
    '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true },
  },
  // while the user's info loads at start, the loading component (the skeleton), not a blank page
  initialState: { loading: '@/loading' },
  model: {},
  access: {},
  request: {},
  locale: {
    default: 'en-US',
    antd: true,
    baseNavigator: true,
    useLocalStorage: true,
    title: false,
  },
  // dayjs instead of moment for the locale plugin (antd 5 uses dayjs)
  moment2dayjs: { preset: 'none', plugins: [] },
  hash: true,
  // evergreen browsers only: no core-js polyfill bundle (~40 KB gzip)
  polyfill: false,
  // umi's default targets, said explicitly: src/umi-plugins/modern-build.ts hands them to
  // babel's preset-env, which otherwise compiles src/ down to ES5
  targets: { chrome: 80 },
  // umi's preload-on-load script picks route chunks by location.pathname, which under hash
  // routing is always '/': it would preload the frame and the home page on the login page.
  // antd-static-style: the account pages' antd CSS is a file, not generated at first render.
  // same-tsconfig: src/.umi/tsconfig.json's Vite paths in a form tsx accepts
  // boot-skeleton: index.html starts with the console's skeleton instead of a blank page
  plugins: [
    './src/umi-plugins/boot-skeleton.ts',
    './src/umi-plugins/hash-routing.ts',
    './src/umi-plugins/modern-build.ts',
    './src/umi-plugins/antd-static-style.ts',
    './src/umi-plugins/same-tsconfig.ts',
  ],
  // CONSOLE_OUT_DIR lets a measurement build go elsewhere than dist/ (which the server serves)
  outputPath: process.env.CONSOLE_OUT_DIR || 'dist',
  codeSplitting: { jsStrategy: 'granularChunks' },
  // terser packs the bundles smaller than umi's default minifier (esbuild)
  jsMinifier: 'terser',
  jsMinifierOptions: { compress: { passes: 2 } },
  // no <Helmet> anywhere (AppRoot sets the document title): 3 kB less in umi.js
  helmet: false,
  npmClient: 'npm',
  // npm run dev: umi's Vite mode, where esbuild pre-bundles the dependencies in seconds (webpack's
  // MFSU took over a minute from empty caches on 2 cores). The build stays webpack, with its size work.
  // HMR_PORT: the hot-reload socket's port, which scripts/dev.mjs picks free
  ...(process.env.NODE_ENV === 'development' ? { vite: { server: { hmr: { port: Number(process.env.HMR_PORT) || 24678 } } }, mfsu: false } : { chainWebpack }),
  // ANALYZE=1 npx max build: writes the bundle report (report.json) next to the output
  ...(process.env.ANALYZE ? { analyze: { analyzerMode: 'json', reportFilename: 'report.json', generateStatsFile: false } } : {}),
});
