/**
 * Checks every request's input before validation: PostgreSQL text cannot hold U+0000, so a NUL
 * character anywhere (a JSON body's values or keys, the query string, path parameters) is refused
 * with INVALID_PARAM naming the field, instead of failing later in the database with a 5xx.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';

/**
 * whether any string or key holds a NUL: every request's input goes through this, so it builds
 * no paths (the rare hit is walked again by pathOfNul)
 */
function holdsNul(value: unknown): boolean {
  // iterative: a deeply nested JSON body must not exhaust the stack
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        if (k.includes(NUL)) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

/** the path ('a.b.0') of the first string or key holding a NUL, or undefined */
export function findNul(value: unknown): string | undefined {
  return holdsNul(value) ? pathOfNul(value) : undefined;
}

function pathOfNul(value: unknown): string | undefined {
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
