/** Money is integer cents (fen) everywhere; these turn it into yuan text and back, never through floats. Browser-safe. */

/** 1234 -> '12.34', -5 -> '-0.05' */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '12.34' / '12.3' / '12' -> 1234 / 1230 / 1200; null when it is not an amount with at most 2 decimals */
export function parseYuan(text: string): number | null {
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
