/**
 * Security headers on every answer, console and API: a Content-Security-Policy, no framing by
 * other sites, nosniff, a referrer policy and the request id. An onSend hook for fastify's
 * replies, and `app.standardHeaders` for answers written around them (events streams, the router's
 * and Node's own refusals).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface CspOptions {
  /** origins the console may frame (the webview allow-list) */
  frameOrigins: Iterable<string>;
  /** the text of inline <script> elements of the built index.html, allowed by their hash */
  inlineScripts?: string[];
}

/** the inline <script> bodies of an html page (scripts with a src are covered by 'self') */
export function inlineScriptsOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]) && m[2].trim()) out.push(m[2]);
  }
  return out;
}

export function contentSecurityPolicy({ frameOrigins, inlineScripts = [] }: CspOptions): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...hashes].join(' ')}`,
    // antd's CSS-in-JS writes <style> elements at run time: inline styles cannot be hashed ahead
    "style-src 'self' 'unsafe-inline'",
    // avatars and app icons may live elsewhere (weixin head images); captchas are data: svg
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // recordings are played from blob: urls of what the browser recorded or fetched with a token
    "media-src 'self' blob:",
    "connect-src 'self'",
    // the webview page frames the allow-listed origins; the publish-page preview is a blob:
    `frame-src ${["'self'", 'blob:', ...frameOrigins].join(' ')}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** the headers every answer carries, whichever layer writes it */
export interface StandardHeaders {
  /** the headers of an answer to the request with this id (CSP included) */
  (requestId: string): Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The standard headers of an answer: what an answer written outside fastify's reply
     * (server-sent events, the router's and Node's own refusals) sets itself.
     */
    standardHeaders: StandardHeaders;
  }
}

export function installSecurityHeaders(app: FastifyInstance, opts: CspOptions) {
  const csp = contentSecurityPolicy(opts);
  const fixed = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // for browsers that predate frame-ancestors
    'x-frame-options': 'SAMEORIGIN',
  };
  app.decorate('standardHeaders', ((requestId: string) => ({ ...fixed, 'x-request-id': requestId })) as StandardHeaders);
  app.addHook('onSend', async (req, reply) => {
    for (const [name, value] of Object.entries(fixed)) {
      // a route that sets its own CSP (a served user file: sandboxed) keeps it
      if (name !== 'content-security-policy' || !reply.hasHeader(name)) reply.header(name, value);
    }
    reply.header('x-request-id', req.id);
  });
}
