/**
 * An account page's address query read back as the query-string builder's params, so a page
 * can pass it on with keys added, changed or left out (services/query-string withQuery).
 */
import type { QueryParams } from '../../../services/query-string';

/** '?a=1&b=2&b=3' -> { a: '1', b: ['2', '3'] } (a repeated key keeps all its values, in order) */
export function paramsOf(search: string): QueryParams {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    out[key] = had === undefined ? value : [...[had].flat(), value];
  }
  return out;
}
