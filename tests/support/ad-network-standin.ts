/**
 * A local stand-in of a rewarded-ad network, over node http:
 *   GET  /ad       the ad page the console frames (trans_id, user_id in the query): an "ad" and a
 *                  "Finish the ad" button
 *   POST /finish   what finishing does at a real network: its server sends the signed reward
 *                  callback (GET /api/ads/callback?trans_id&user_id&reward_amount&sign) to the console
 * The signature is the documented one: hex HMAC-SHA256 over the other parameters sorted by name as
 * `k=v&k=v`, with the shared secret. `callbacks` records each callback sent and its answer.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AdNetworkStandin {
  /** the ad page URL to set in the console (an origin to list in AD_PAGE_ALLOW) */
  pageUrl: string;
  origin: string;
  callbacks: Array<{ query: string; status: number; body: string }>;
  /** the callback's query string for these parameters, signed with `secret` (default: the stand-in's) */
  signedQuery(params: Record<string, string>, secret?: string): string;
  close(): Promise<void>;
}

export function sign(params: Record<string, string>, secret: string): string {
  const base = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(base).digest('hex');
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `send` delivers a callback (path with query) to the console and answers its status and body:
 * by default a real HTTP GET to `consoleBase`; API tests pass app.inject.
 */
export async function startAdNetworkStandin(opts: {
  secret: string;
  rewardAmount?: number;
  consoleBase?: string;
  send?: (pathAndQuery: string) => Promise<{ status: number; body: string }>;
}): Promise<AdNetworkStandin> {
  const callbacks: AdNetworkStandin['callbacks'] = [];
  const signedQuery = (params: Record<string, string>, secret = opts.secret) => new URLSearchParams({ ...params, sign: sign(params, secret) }).toString();
  const send =
    opts.send ??
    (async (path: string) => {
      const res = await fetch(`${opts.consoleBase}${path}`);
      return { status: res.status, body: await res.text() };
    });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method === 'GET' && url.pathname === '/ad') {
      const transId = url.searchParams.get('trans_id') ?? '';
      const userId = url.searchParams.get('user_id') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><body><h1>Stand-in ad</h1><p>A short advertisement.</p>
<form method="post" action="/finish"><input type="hidden" name="trans_id" value="${esc(transId)}"><input type="hidden" name="user_id" value="${esc(userId)}">
<button type="submit">Finish the ad</button></form></body></html>`);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/finish') {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', async () => {
        const form = new URLSearchParams(raw);
        const params: Record<string, string> = { trans_id: form.get('trans_id') ?? '', user_id: form.get('user_id') ?? '' };
        if (opts.rewardAmount !== undefined) params.reward_amount = String(opts.rewardAmount);
        const query = signedQuery(params);
        const answer = await send(`/api/ads/callback?${query}`).catch((e: Error) => ({ status: 0, body: e.message }));
        callbacks.push({ query, ...answer });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><body><p>Ad finished.</p></body></html>`);
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    pageUrl: `${origin}/ad`,
    origin,
    callbacks,
    signedQuery,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
