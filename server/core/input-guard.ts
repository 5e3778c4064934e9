/**
 * Checks every request's input before validation: PostgreSQL text cannot hold U+0000, so a NUL
 * character anywhere (a JSON body's values or keys, the query string, path parameters) is refused
 * with INVALID_PARAM naming the field, instead of failing later in the database with a 5xx.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';

/** the path ('a.b.0') of the first string or key holding a NUL, or undefined */
export function findNul(value: unknown): string | undefined {
  // iterative: a deeply nested JSON body must not exhaust the stack
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return at;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, at ? `${at}.${i}` : String(i)]));
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const p = at ? `${at}.${k}` : k;
        if (k.includes(NUL)) return p.replace(/\0/g, '\\0');
        stack.push([item, p]);
      }
    }
  }
  return undefined;
}

/** throws INVALID_PARAM when `value` holds a NUL character (for inputs read outside the hook: multipart) */
export function assertNoNul(value: unknown, field: string): void {
  const at = findNul(value);
  if (at !== undefined) throw nulError(at ? `${field}.${at}` : field);
}

const nulError = (field: string) => new AppError('INVALID_PARAM', { field, params: { reason: 'contains a NUL character' } });

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const at = findNul(part);
      if (at !== undefined) throw nulError(at || 'body');
    }
  });
}
