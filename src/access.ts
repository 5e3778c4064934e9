/**
 * Access (spec section 6), mirroring the server's rule for showing things — never instead
 * of the server's check:
 *  - hasPermission passes when the role list holds 'admin' or the permission list holds it;
 *  - hasRole passes when the role list holds the role.
 * Route rules (config/routes.ts `access`): 'admin' is the admin role; anything else is a
 * permission. Every rule the route list uses is also a key of the access object, for
 * umi's useAccess()/<Access> on buttons.
 */
import { routes } from '../config/routes';
import type { TokenPayload } from './shared/session';

export const ADMIN_ROLE = 'admin';

export interface AccessSubject {
  role?: string[] | null;
  permission?: string[] | null;
}

export function hasRole(user: AccessSubject | null | undefined, role: string): boolean {
  return !!user?.role?.includes(role);
}

export function hasPermission(user: AccessSubject | null | undefined, permission: string): boolean {
  return hasRole(user, ADMIN_ROLE) || !!user?.permission?.includes(permission);
}

/** a route's or button's rule: absent = any signed-in user, 'admin' = the role, else a permission */
export function checkAccess(rule: string | undefined | null, user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  if (!rule) return true;
  if (rule === ADMIN_ROLE) return hasRole(user, ADMIN_ROLE);
  return hasPermission(user, rule);
}

export interface AccessState {
  currentUser?: AccessSubject | null;
  tokenPayload?: TokenPayload | null;
}

export const ROUTE_RULES: string[] = Array.from(new Set(routes.map((r) => r.access).filter((a): a is string => !!a)));

export default function access(initialState: AccessState | undefined) {
  // the loaded user info wins; before it arrives, the decoded token says the same
  const user: AccessSubject | null = initialState?.currentUser ?? initialState?.tokenPayload ?? null;
  const ruleKeys = Object.fromEntries(ROUTE_RULES.map((rule) => [rule, checkAccess(rule, user)]));
  return {
    ...ruleKeys,
    isSignedIn: !!user,
    isAdmin: hasRole(user, ADMIN_ROLE),
    hasPermission: (permission: string) => hasPermission(user, permission),
    hasRole: (role: string) => hasRole(user, role),
    canAccess: (rule?: string | null) => checkAccess(rule, user),
  };
}
