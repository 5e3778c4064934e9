/** src/access.ts: spec section 6 rules, as the console shows pages and buttons. */
import access, { checkAccess, hasPermission, hasRole, ROUTE_RULES } from '@/access';

describe('access rules', () => {
  const admin = { role: ['admin'], permission: [] };
  const auditor = { role: ['auditor'], permission: ['READ_UNI_ID_LOG'] };
  const plain = { role: ['user'], permission: [] };

  test('hasPermission passes for role admin or a listed permission, and only then', () => {
    expect(hasPermission(admin, 'READ_UNI_ID_LOG')).toBe(true);
    expect(hasPermission(admin, 'ANYTHING')).toBe(true);
    expect(hasPermission(auditor, 'READ_UNI_ID_LOG')).toBe(true);
    expect(hasPermission(auditor, 'EDIT_MENU')).toBe(false);
    expect(hasPermission(plain, 'READ_UNI_ID_LOG')).toBe(false);
    expect(hasPermission(null, 'READ_UNI_ID_LOG')).toBe(false);
  });

  test('hasRole passes only when the role list holds the role (admin is not every role)', () => {
    expect(hasRole(auditor, 'auditor')).toBe(true);
    expect(hasRole(admin, 'auditor')).toBe(false);
    expect(hasRole(undefined, 'admin')).toBe(false);
  });

  test('route rules: none = any signed-in user, admin = the role, else a permission', () => {
    expect(checkAccess(undefined, plain)).toBe(true);
    expect(checkAccess(undefined, null)).toBe(false);
    expect(checkAccess('admin', admin)).toBe(true);
    expect(checkAccess('admin', auditor)).toBe(false);
    expect(checkAccess('READ_UNI_ID_LOG', auditor)).toBe(true);
    expect(checkAccess('READ_UNI_ID_LOG', plain)).toBe(false);
  });

  test('the access object has a key for every rule the route list uses, true only for those allowed', () => {
    expect(ROUTE_RULES).toContain('admin');
    const forAdmin = access({ currentUser: admin }) as Record<string, unknown>;
    const forPlain = access({ currentUser: plain }) as Record<string, unknown>;
    for (const rule of ROUTE_RULES) {
      expect(forAdmin[rule]).toBe(true);
      expect(typeof forPlain[rule]).toBe('boolean');
    }
    expect(forPlain.admin).toBe(false);
    expect(forAdmin.isAdmin).toBe(true);
  });

  test('before the user info loads, the decoded token decides; signed out, nothing passes', () => {
    const a = access({ currentUser: null, tokenPayload: { uid: 'u1', role: ['admin'], permission: [], exp: Date.now() + 1000 } });
    expect(a.isAdmin).toBe(true);
    expect(a.isSignedIn).toBe(true);
    const none = access(undefined);
    expect(none.isSignedIn).toBe(false);
    expect(none.hasPermission('READ_UNI_ID_LOG')).toBe(false);
    expect(none.canAccess(undefined)).toBe(false);
  });
});
