/**
 * Checks every request's input before validation: PostgreSQL text cannot hold U+0000, so a NUL
 * character anywhere (a JSON body's values or keys, the query string, path parameters) is refused
 * with INVALID_PARAM naming the field, instead of failing later in the database with a 5xx; a
 * JSON body nested deeper than MAX_INPUT_DEPTH is refused (INPUT_TOO_DEEP) before any recursive
 * code (validation, JSON.stringify of a stored value) can run out of stack on it; and lone
 * surrogates become U+FFFD, so every string past this point is well-formed UTF-16.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';

/** levels of arrays and objects a request body may nest (the API's own bodies use a handful) */
export const MAX_INPUT_DEPTH = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'own': the route bounds the nesting of its body itself (the statistics receiver, which
     * names one bad record in its answer instead of refusing the report)
     */
    inputDepth?: 'own';
  }
}

type Found = { kind: 'nul' } | { kind: 'deep'; at: string } | null;

/** `s` with every lone surrogate as U+FFFD */
const wellFormed = (s: string) => (s.isWellFormed() ? s : s.toWellFormed());

/**
 * Walks a request part once: finds the first NUL (in a string or a key) or nesting past
 * `maxDepth`, and turns lone surrogates (which JSON's \ud800 escapes can carry) into U+FFFD in
 * place, as PostgreSQL would store them anyway; a jsonb column or a provider's header would
 * refuse them instead. Iterative, so a deeply nested body cannot exhaust the stack; every
 * request's input goes through this, so it builds no paths (the rare hit is walked again).
 */
function scan(value: unknown, maxDepth: number): Found {
  const containers: object[] = [];
  const depths: number[] = [];
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    containers.push(value);
    depths.push(0);
  }
  while (containers.length) {
    const c = containers.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return { kind: 'deep', at: topKeyTowards(value, maxDepth) };
    const visit = (v: unknown, put: (s: string) => void): Found => {
      if (typeof v === 'string') {
        if (v.includes(NUL)) return { kind: 'nul' };
        if (!v.isWellFormed()) put(v.toWellFormed());
      } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
        containers.push(v);
        depths.push(depth + 1);
      }
      return null;
    };
    if (Array.isArray(c)) {
      for (let i = 0; i < c.length; i++) {
        const found = visit(c[i], (s) => (c[i] = s));
        if (found) return found;
      }
    } else {
      const o = c as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (k.includes(NUL)) return { kind: 'nul' };
        let key = k;
        if (!k.isWellFormed()) {
          key = k.toWellFormed();
          o[key] = o[k];
          delete o[k];
        }
        const found = visit(o[key], (s) => (o[key] = s));
        if (found) return found;
      }
    }
  }
  return typeof value === 'string' && value.includes(NUL) ? { kind: 'nul' } : null;
}

/** the top-level key (or index) under which the value nests `maxDepth` levels deep */
function topKeyTowards(value: unknown, maxDepth: number): string {
  if (!value || typeof value !== 'object') return 'body';
  for (const [k, item] of Object.entries(value)) {
    if (scanDepthOnly(item, maxDepth - 1)) return k;
  }
  return 'body';
}

const scanDepthOnly = (value: unknown, maxDepth: number): boolean => {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (depth >= maxDepth) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, depth + 1]);
  }
  return false;
};

/** the path ('a.b.0') of the first string or key holding a NUL, or undefined */
export function findNul(value: unknown): string | undefined {
  return scan(value, Infinity)?.kind === 'nul' ? pathOfNul(value) : undefined;
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
    const ownDepth = req.routeOptions.config?.inputDepth === 'own';
    // a body that is one string (a payment notification, a report sent as text) is replaced whole
    if (typeof req.body === 'string') req.body = wellFormed(req.body);
    for (const part of [req.params, req.query, req.body]) {
      const found = scan(part, part === req.body && !ownDepth ? MAX_INPUT_DEPTH : Infinity);
      if (found?.kind === 'nul') throw nulError(pathOfNul(part) || 'body');
      if (found?.kind === 'deep') throw new AppError('INPUT_TOO_DEEP', { field: found.at, params: { max: MAX_INPUT_DEPTH } });
    }
  });
}
