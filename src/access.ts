/**
 * umi's access object: the rule of shared/permissions.ts (spec section 6) applied to the
 * signed-in user, for showing things, never instead of the server's check. Every rule the
 * route list uses is also a key of the object, for useAccess()/<Access> on buttons.
 */
import { routes } from '../config/routes';
import { checkRule, hasPermission, hasRole, ADMIN_ROLE, type AccessSubject } from '../shared/permissions';
import type { TokenPayload } from './shared/session';

export { ADMIN_ROLE, hasPermission, hasRole, type AccessSubject } from '../shared/permissions';
/** a route's or button's rule: absent = any signed-in user, 'admin' = the role, else a permission */
export const checkAccess = checkRule;

export interface AccessState {
  currentUser?: AccessSubject | null;
  tokenPayload?: TokenPayload | null;
}

export const ROUTE_RULES: string[] = Array.from(new Set(routes.map((r) => r.access).filter((a): a is string => !!a)));

export default function access(initialState: AccessState | undefined) {
  // the loaded user info wins; before it arrives, the decoded token says the same
  const user: AccessSubject | null = initialState?.currentUser ?? initialState?.tokenPayload ?? null;
  const ruleKeys = Object.fromEntries(ROUTE_RULES.map((rule) => [rule, checkRule(rule, user)]));
  return {
    ...ruleKeys,
    isSignedIn: !!user,
    isAdmin: hasRole(user, ADMIN_ROLE),
    hasPermission: (permission: string) => hasPermission(user, permission),
    hasRole: (role: string) => hasRole(user, role),
    canAccess: (rule?: string | null) => checkRule(rule, user),
  };
}
