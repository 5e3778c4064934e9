import fs from 'node:fs';

export default async function teardown() {
  const held = (globalThis as Record<string, unknown>).__TEST_PG__ as { pg: { stop(): Promise<void> }; dataDir: string } | undefined;
  if (!held) return;
  await held.pg.stop();
  fs.rmSync(held.dataDir, { recursive: true, force: true });
}
