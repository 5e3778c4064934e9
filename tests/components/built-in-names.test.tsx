/**
 * Built-in names in the reader's language: the admin role, built-in permissions and remarks, the
 * store's starter prompts, categories and tags read as translated while a row holds the seeded text;
 * what an admin typed (even in a built-in row) stays as typed.
 */
import { resetUmiStandIn, setLocale } from './support/umi-max';
import { ADMIN_ROLE_NAME, builtInKey, BUILT_IN_KEYS, PERMISSION_NAMES, STORE_SEED_TEXT, STORE_TAGS } from '../../shared/built-in-names';
import { BUILT_IN_PERMISSIONS } from '../../shared/built-in';
import { builtInText } from '@/shared/i18n';
import en from '../../locales/en-US.json';

describe('built-in names', () => {
  beforeEach(() => resetUmiStandIn());

  it("shows the seeded texts in the reader's language", () => {
    setLocale('zh-CN', false);
    expect(builtInText('role', ADMIN_ROLE_NAME)).toBe('超级管理员');
    expect(builtInText('permission', 'Read usage statistics')).toBe('查看统计数据');
    expect(builtInText('comment', 'built-in')).toBe('内置');
    expect(builtInText('storeTitle', 'Code review')).toBe('代码审查');
    expect(builtInText('storeCategory', 'Writing')).toBe('写作');
    setLocale('zh-TW', false);
    expect(builtInText('role', ADMIN_ROLE_NAME)).toBe('超級管理員');
    setLocale('en-US', false);
    // a Chinese starter prompt reads in English too
    expect(builtInText('storeTitle', '中英互译')).toBe('Chinese–English translation');
    expect(builtInText('storeCategory', '写作')).toBe('Writing');
    // and its tags
    expect(builtInText('storeTag', '周报')).toBe('weekly report');
    setLocale('zh-CN', false);
    expect(builtInText('storeTag', 'code')).toBe('代码');
  });

  it('leaves what an admin typed as typed, and empty as empty', () => {
    setLocale('zh-CN', false);
    expect(builtInText('role', 'Super administrators')).toBe('Super administrators');
    expect(builtInText('role', '运营')).toBe('运营');
    // a permission's name is not a role's
    expect(builtInText('role', 'Read users')).toBe('Read users');
    expect(builtInText('permission', null)).toBe('');
  });

  it('has a key for every seeded name, whose English entry is the seeded English text', () => {
    for (const p of BUILT_IN_PERMISSIONS) {
      expect(p.permissionName).toBe(PERMISSION_NAMES[p.permissionId]);
      const key = builtInKey('permission', p.permissionName)!;
      expect((en as Record<string, string>)[key]).toBe(p.permissionName);
    }
    expect(Object.keys(PERMISSION_NAMES).sort()).toEqual(BUILT_IN_PERMISSIONS.map((p) => p.permissionId).sort());
    for (const [id, p] of Object.entries(STORE_SEED_TEXT)) {
      expect(builtInKey('storeTitle', p.title)).toBe(`builtin.store.${id}.title`);
      expect(builtInKey('storeDescription', p.description)).toBe(`builtin.store.${id}.description`);
    }
    for (const [key, name] of Object.entries(STORE_TAGS)) expect(builtInKey('storeTag', name)).toBe(`builtin.tag.${key}`);
    expect(BUILT_IN_KEYS.length).toBe(2 + BUILT_IN_PERMISSIONS.length + 2 * Object.keys(STORE_SEED_TEXT).length + 4 + Object.keys(STORE_TAGS).length);
  });
});
