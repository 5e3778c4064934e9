import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export default async function teardown() {
  const held = (globalThis as Record<string, unknown>).__E2E__ as { child: ChildProcess; dataDir: string } | undefined;
  if (!held) return;
  const exited = new Promise((r) => held.child.once('exit', r));
  held.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15000))]);
  if (held.child.exitCode === null) held.child.kill('SIGKILL');
  fs.rmSync(held.dataDir, { recursive: true, force: true });
}
