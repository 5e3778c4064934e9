/**
 * The console's own origin for absolute links (temp file urls, the weixin redirect_uri). The
 * Host header is written by the client, so it is used only when ALLOWED_HOSTS names it:
 * PUBLIC_URL first, then an allowed Host, else the address the server listens on.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** http://<host>:<port> of the listen address (all interfaces -> 127.0.0.1) */
export function listenOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** an ALLOWED_HOSTS entry without a port allows the host on any port */
function hostAllowed(host: string, allowed: string[]): boolean {
  const h = host.toLowerCase();
  const name = h.replace(/:\d+$/, '');
  return allowed.some((a) => a === h || (!/:\d+$/.test(a) && a === name));
}

export function publicOrigin(req: FastifyRequest, config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = req.host;
  if (host && /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) && hostAllowed(host, config.allowedHosts)) {
    return `${req.protocol}://${host}`;
  }
  return listenOrigin(config);
}
