/** Money as people read it: integer cents (fen) shown as yuan with two decimals. */

/** 1234 -> '12.34', -5 -> '-0.05' */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
