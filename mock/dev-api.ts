/**
 * The API of `npm run dev`: the real server (server/main.ts) on its own embedded PostgreSQL
 * (data in ./data/dev, or DEV_DATA_DIR) loaded with the demo data set (mock/demo-data.ts),
 * listening on 127.0.0.1:API_PORT (default 8001). umi dev proxies /api there (.umirc.ts).
 * scripts/dev.mjs runs this under `node --watch`, so a change in server/ restarts it.
 * It also starts the OpenAI-compatible stand-in of the tests (tests/support) as the demo model
 * "local stand-in (dev only)" and the speech-to-text model "local speech stand-in (dev only)", so
 * the chat and transcription work without a provider; `npm start` never does.
 * On the first start (a fresh dev database) a small run of the statistics demo
 * (scripts/stat-demo.ts: 60 days, a tenth of its scale) reports through the receiver, so the
 * uni-stat pages have data.
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { main } from '../server/main';
import { runStatDemo } from '../scripts/stat-demo';
import { startOpenAiStandin } from '../tests/support/openai-standin';
import { DEMO_ACCOUNTS, DEMO_MODEL_NAME, DEMO_SPEECH_MODEL_NAME, loadDemoData, loadDemoModel, loadDemoSpeechModel } from './demo-data';

const root = path.join(__dirname, '..');
const env = process.env;
const base = loadConfig(env);

const config = {
  ...base,
  host: '127.0.0.1',
  port: Number(env.API_PORT || 8001),
  // dev never touches the production data or an external database
  databaseUrl: undefined,
  dataDir: path.resolve(env.DEV_DATA_DIR || path.join(root, 'data', 'dev')),
  embeddedDbPort: Number(env.DEV_EMBEDDED_DB_PORT || 54339),
  logLevel: env.LOG_LEVEL || 'warn',
  // the console comes from umi dev, not from a build
  staticDir: path.join(root, 'dist', 'not-served-in-dev'),
};

const log = (line: string) => console.log(`[dev-api] ${line}`);

// a visible pace: one token every 30 ms
const standin = startOpenAiStandin({ tokenDelayMs: 30 });

let freshDatabase = false;

void main(config, {
  log,
  prepare: async (db) => {
    freshDatabase = await loadDemoData(db);
    if (freshDatabase) log('demo data loaded');
    const { baseUrl } = await standin;
    await loadDemoModel(db, baseUrl);
    await loadDemoSpeechModel(db, baseUrl);
    log(`AI models "${DEMO_MODEL_NAME}" and "${DEMO_SPEECH_MODEL_NAME}" answer from the stand-in at ${baseUrl}`);
  },
}).then(() => {
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(10)} ${a.password.padEnd(15)} ${a.about}`);
  log(`demo accounts (data in ${config.dataDir}):\n  ${'username'.padEnd(10)} ${'password'.padEnd(15)} \n${rows.join('\n')}`);
  // DEV_STAT_DEMO=0 skips the statistics demo (the dev-mode test does not need its load)
  if (!freshDatabase || env.DEV_STAT_DEMO === '0') return;
  const admin = DEMO_ACCOUNTS.find((a) => a.username === 'admin')!;
  // in the background: the console is usable meanwhile
  runStatDemo({ url: `http://127.0.0.1:${config.port}`, days: 60, scale: 0.1, admin, concurrency: 2, log: (l) => log(`statistics demo: ${l}`) }).then(
    (s) => log(`statistics demo: ${s.accepted} records accepted`),
    (e: unknown) => log(`statistics demo not loaded: ${e instanceof Error ? e.message : String(e)}`),
  );
});
