/**
 * A throwaway server's set-up: a fresh data folder and free ports, and the environment that runs
 * the server on them with its embedded PostgreSQL. The e2e harness, the npm start test and the
 * bench start their servers with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface ThrowawayServer {
  dataDir: string;
  port: number;
  dbPort: number;
  base: string;
  env: NodeJS.ProcessEnv;
}

/** `prefix` names the data folder under the system's temp folder; `extraEnv` adds settings */
export async function throwawayServer(prefix: string, extraEnv: Record<string, string> = {}): Promise<ThrowawayServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // as root, PostgreSQL runs as another user that must reach the data folder
  fs.chmodSync(dataDir, 0o777);
  // a caller that must know the origin before the start (PUBLIC_URL) picks the port itself
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dbPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_DB_PORT: String(dbPort),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // the embedded PostgreSQL, never a database the caller's shell points at
  delete env.DATABASE_URL;
  return { dataDir, port, dbPort, base: `http://127.0.0.1:${port}`, env };
}
