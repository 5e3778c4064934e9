import { defineConfig } from '@umijs/max';
import { routes as consoleRoutes, type ConsoleRoute } from './config/routes';

/**
 * config/routes.ts is the single route list; umi gets it as is (component '@/<path>' is the
 * file src/<path>.tsx). Routes with frame 'none' carry `layout: false`, so src/layouts/index.tsx
 * (the console frame: top bar, left menu, login guard) does not wrap them.
 */
const umiRoutes = consoleRoutes.map((r: ConsoleRoute) => ({ ...r }));

const apiPort = process.env.API_PORT || 8001;

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
  initialState: {},
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
  // evergreen browsers only (umi's default targets): no core-js polyfill bundle (~40 KB gzip)
  polyfill: false,
  // umi's preload-on-load script picks route chunks by location.pathname, which under hash
  // routing is always '/': it would preload the frame and the home page on the login page
  plugins: ['./src/umi-plugins/hash-routing.ts'],
  // CONSOLE_OUT_DIR lets a measurement build go elsewhere than dist/ (which the server serves)
  outputPath: process.env.CONSOLE_OUT_DIR || 'dist',
  codeSplitting: { jsStrategy: 'granularChunks' },
  npmClient: 'npm',
  chainWebpack(config) {
    // umi provides a Buffer polyfill for any mention of Buffer; only axios mentions it, in a
    // branch browsers never take (no Blob), so the 7 KB polyfill is left out
    config.plugin('node-polyfill-provider').tap((args: Record<string, unknown>[]) => {
      const { Buffer: _ignored, ...rest } = args[0] ?? {};
      return [rest];
    });
  },
  // ANALYZE=1 npx max build: writes the bundle report (report.json) next to the output
  ...(process.env.ANALYZE ? { analyze: { analyzerMode: 'json', reportFilename: 'report.json', generateStatsFile: false } } : {}),
});
