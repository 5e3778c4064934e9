/**
 * Waits for a state, not for a time: reads until the value is the expected one (compared as JSON)
 * or passes the predicate, every 100 ms up to a deadline, and fails with the last value read.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  expected: T | ((value: T) => boolean),
  { what = 'the value', timeoutMs = 15_000 }: { what?: string; timeoutMs?: number } = {},
): Promise<T> {
  const ok = typeof expected === 'function' ? (expected as (value: T) => boolean) : (v: T) => JSON.stringify(v) === JSON.stringify(expected);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      const wanted = typeof expected === 'function' ? 'a value that passes the check' : JSON.stringify(expected);
      throw new Error(`${what}: expected ${wanted} within ${timeoutMs} ms, last read ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
