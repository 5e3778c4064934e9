/**
 * Access tokens (HS256 JWT: uid, role, permission, iat, exp) and the per-route access rules.
 * Every route declares `config.access`; a route without one cannot be registered.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { type AccessSubject, ADMIN_ROLE, hasPermission, hasRole, type Rule } from '../../shared/permissions';
import { AppError } from './errors';

export type AccessRule =
  | 'public'
  /** any signed-in user */
  | 'signedIn'
  | { role: string }
  | { permission: string }
  /**
   * a personal API key whose holder has this permission: the module's own request hook reads the
   * key and sets `req.auth` to its holder; no sign-in token is read
   */
  | { apiKey: string };

export interface TokenPayload {
  uid: string;
  /** the sign-in session; logout and password changes revoke it */
  sid: string;
  role: string[];
  permission: string[];
  /** seconds, as in every JWT */
  iat: number;
  exp: number;
}

/**
 * The caller as the access check saw them: the token's uid and session, with the roles and
 * permissions read from the database on this request (the token's copies are only a hint
 * for the console: a role change takes effect on the next request).
 */
export interface AuthUser extends TokenPayload {
  isAdmin: boolean;
}

/** who is calling, as services take it: the route's access rule has made sure there is a token */
export function callerOf(req: FastifyRequest): AccessSubject & { uid: string } {
  const a = req.auth!;
  return { uid: a.uid, role: a.role, permission: a.permission };
}

/** what the per-request check reads along with the session (AccountService.assertTokenStands) */
export interface StandingAccess {
  role: string[];
  permission: string[];
  dataVersion?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    /** set for a valid access token, whatever the route's rule */
    auth?: AuthUser;
    /**
     * what the token check read along with the session: the sum of change_counters (users,
     * roles, tags) at that moment; the list cache (core/list/cache.ts) compares it with its entries'
     */
    dataVersion?: string;
  }
}

/** the server's form of a shared rule (shared/permissions.ts): 'admin' is the role, else a permission */
export const accessOf = (rule: Rule): AccessRule => (rule === ADMIN_ROLE ? { role: ADMIN_ROLE } : { permission: rule });

/** role admin passes every rule */
function allows(rule: AccessRule, user: AuthUser | undefined): boolean {
  if (rule === 'public') return true;
  if (!user) return false;
  if (rule === 'signedIn' || user.isAdmin) return true;
  if ('role' in rule) return hasRole(user, rule.role);
  if ('apiKey' in rule) return hasPermission(user, rule.apiKey);
  return hasPermission(user, rule.permission);
}

/** how many verified tokens TokenService remembers (a signature check costs ~80 µs a request) */
const VERIFIED_MAX = 10_000;

export class TokenService {
  private key: Uint8Array;
  /**
   * token -> its verified payload. A token's signature is checked once: the same string under
   * the same key verifies the same way, so only the expiry is checked again on every use
   * (exactly as jose does: expired once exp <= now). Revocation is not this cache's business:
   * the per-request session check (checkUser) runs whatever the cache holds.
   */
  private verified = new Map<string, TokenPayload>();
  constructor(
    secret: string,
    private ttlS: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A value only this server can compute from `input` (HMAC-SHA256 under the signing secret,
   * separated by `purpose`): a retried refresh derives the same successor token.
   */
  derive(purpose: string, input: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${input}`).digest('base64url');
  }

  async sign(p: { uid: string; sid: string; role: string[]; permission: string[] }, nowS = Math.floor(Date.now() / 1000)) {
    const exp = nowS + this.ttlS;
    const token = await new SignJWT({ uid: p.uid, sid: p.sid, role: p.role, permission: p.permission })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(nowS)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, exp };
  }

  /** throws ACCESS_TOKEN_EXPIRED for an expired token, uni-id-check-token-failed for a bad one */
  async verify(token: string): Promise<TokenPayload> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      throw new AppError('ACCESS_TOKEN_EXPIRED');
    }
    const p = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, p);
    return p;
  }

  private async verifySignature(token: string): Promise<TokenPayload> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { uid, sid, role, permission, iat, exp } = payload as Record<string, unknown>;
      if (
        typeof uid !== 'string' ||
        typeof sid !== 'string' ||
        !Array.isArray(role) ||
        !Array.isArray(permission) ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      ) {
        throw new AppError('uni-id-check-token-failed');
      }
      return { uid, sid, role: role as string[], permission: permission as string[], iat, exp };
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof joseErrors.JWTExpired) throw new AppError('ACCESS_TOKEN_EXPIRED');
      throw new AppError('uni-id-check-token-failed');
    }
  }
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && h.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  const t = req.headers['x-uni-id-token'];
  return typeof t === 'string' && t ? t : undefined;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

const routeTables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** every route registered on the app, with its declared rule (the access-matrix test walks it) */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return [...(routeTables.get(app) ?? [])];
}

/**
 * Installs the access check. `checkUser` confirms the token still stands in the database
 * (session, status), so password changes and closed accounts take effect at once, and answers
 * the user's current roles and permissions, which are what the rules are checked against.
 */
export function installAccessControl(app: FastifyInstance, tokens: TokenService, checkUser: (p: TokenPayload) => Promise<StandingAccess>) {
  const table: DeclaredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (!access && (route.url.startsWith('/api/') || route.url.startsWith('/v1/')) && route.method !== 'HEAD') {
      throw new Error(`route ${route.method} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
  // before validation: an anonymous or unauthorised caller learns nothing about the input rules
  app.addHook('preValidation', async (req) => {
    const rule = req.routeOptions.config?.access;
    if (!rule) return;
    if (typeof rule === 'object' && 'apiKey' in rule) {
      if (!req.auth) throw new AppError('uni-id-token-not-exist');
      if (!allows(rule, req.auth)) throw new AppError('PERMISSION_ERROR');
      return;
    }
    const token = bearer(req);
    if (token) {
      try {
        const p = await tokens.verify(token);
        const seen = await checkUser(p);
        req.auth = { ...p, role: seen.role, permission: seen.permission, isAdmin: seen.role.includes(ADMIN_ROLE) };
        if (seen.dataVersion) req.dataVersion = seen.dataVersion;
      } catch (e) {
        if (rule !== 'public') throw e;
      }
    }
    if (rule === 'public') return;
    if (!req.auth) throw new AppError('uni-id-token-not-exist');
    if (!allows(rule, req.auth)) throw new AppError('PERMISSION_ERROR');
  });
}
