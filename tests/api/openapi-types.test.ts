/**
 * The console's API types are generated from the server's OpenAPI document; a route schema
 * changed without regenerating them would let the console compile against an API that no
 * longer exists. The generator runs in its own process (openapi-typescript is an ES module).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function runGenerator(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/gen-api.ts', ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('generated API types (src/services/api-types.d.ts)', () => {
  it('match what the current server generates', async () => {
    const { code, stdout, stderr } = await runGenerator(['--check']);
    if (code !== 0) {
      throw new Error(`src/services/api-types.d.ts is out of date: run npm run api:generate\n${stderr}${stdout}`);
    }
    expect(stdout).toContain('is current');
  }, 60_000);
});
