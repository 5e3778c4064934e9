/**
 * The names the seed writes for built-in rows (the admin role, the built-in permissions, the
 * store's starter prompts and their categories), each under a catalogue key (builtin.*). The
 * console shows a reader's translation while a row still holds the seeded text; what an admin
 * types instead is shown as typed.
 */
import { ADMIN_ROLE, RULES } from './permissions';

export type BuiltInKind = 'role' | 'permission' | 'comment' | 'storeTitle' | 'storeDescription' | 'storeCategory' | 'storeTag';

/** the admin role's seeded name */
export const ADMIN_ROLE_NAME = 'Super administrator';
/** the remark the seed writes on built-in roles and permissions */
export const BUILT_IN_COMMENT = 'built-in';

/** the built-in permissions' seeded names, by permission id */
export const PERMISSION_NAMES: Record<string, string> = {
  [RULES.users.read]: 'Read users',
  [RULES.users.delete]: 'Delete users',
  [RULES.roles.read]: 'Read roles',
  [RULES.roles.create]: 'Create roles',
  [RULES.roles.update]: 'Update roles',
  [RULES.roles.delete]: 'Delete roles',
  [RULES.permissions.read]: 'Read permissions',
  [RULES.permissions.create]: 'Create permissions',
  [RULES.permissions.update]: 'Update permissions',
  [RULES.permissions.delete]: 'Delete permissions',
  [RULES.menus.read]: 'Read menus',
  [RULES.menus.create]: 'Create menus',
  [RULES.menus.update]: 'Update menus',
  [RULES.menus.delete]: 'Delete menus',
  [RULES.tags.read]: 'Read user tags',
  [RULES.tags.create]: 'Create user tags',
  [RULES.tags.update]: 'Update user tags',
  [RULES.tags.delete]: 'Delete user tags',
  [RULES.apps.read]: 'Read apps',
  [RULES.apps.create]: 'Create apps',
  [RULES.apps.update]: 'Update apps',
  [RULES.apps.delete]: 'Delete apps',
  [RULES.userLogs.read]: 'Read user logs',
  [RULES.manageContent]: 'Manage content',
  [RULES.aiModels]: 'Manage AI models',
  [RULES.aiUsage]: 'Read the AI usage log',
  [RULES.apiKeys]: 'Hold personal API keys',
  [RULES.manageFinance]: 'Manage finance',
  [RULES.readStats]: 'Read usage statistics',
  [RULES.manageStats]: 'Manage usage statistics',
  [RULES.manageMessages]: 'Manage site messages',
  [RULES.manageWelfare]: 'Manage welfare campaigns',
  [RULES.manageVersions]: 'Manage app versions',
  [RULES.demo]: 'Open the demo pages',
};

/** the store's starter categories: key -> the seeded name (and the names earlier seeds wrote) */
export const STORE_CATEGORIES: Record<string, string[]> = {
  writing: ['Writing', '写作'],
  programming: ['Programming'],
  study: ['Study', '学习'],
  translation: ['Translation', '翻译'],
};

/** the store's starter prompts' seeded title, description and category key, by prompt id */
export const STORE_SEED_TEXT: Record<string, { title: string; description: string; category: keyof typeof STORE_CATEGORIES }> = {
  'seed-email-reply': { title: 'Professional email reply', description: 'Drafts a clear, polite reply to an email in the tone you pick.', category: 'writing' },
  'seed-code-review': {
    title: 'Code review',
    description: 'Reviews a piece of code for bugs, readability and performance, with concrete fixes.',
    category: 'programming',
  },
  'seed-summary': { title: 'Summarise a text', description: 'Key points, decisions and open questions of a long text.', category: 'study' },
  'seed-translate-zh': { title: '中英互译', description: '把一段文字在中文和英文之间互译，保留原文的语气和格式。', category: 'translation' },
  'seed-weekly-report-zh': { title: '周报生成', description: '根据本周的工作要点写一份条理清晰的工作周报。', category: 'writing' },
  'seed-explain-zh': { title: '通俗解释概念', description: '用简单的语言和例子把一个概念讲清楚。', category: 'study' },
};

/** the store's starter tags: key -> the seeded name */
export const STORE_TAGS = {
  email: 'email',
  work: 'work',
  code: 'code',
  review: 'review',
  summary: 'summary',
  reading: 'reading',
  chinese: '中文',
  english: '英文',
  weeklyReport: '周报',
  workplace: '职场',
  science: '科普',
  explain: '解释',
} as const;

/** the tag names a starter prompt is seeded with */
export const seededTags = (...keys: (keyof typeof STORE_TAGS)[]) => keys.map((k) => STORE_TAGS[k]);

/** the category name a starter prompt is seeded with */
export const seededCategory = (key: keyof typeof STORE_CATEGORIES) => STORE_CATEGORIES[key][0];

/** seeded text -> catalogue key, per kind */
const KEYS: Record<BuiltInKind, Map<string, string>> = {
  role: new Map([[ADMIN_ROLE_NAME, `builtin.role.${ADMIN_ROLE}`]]),
  comment: new Map([[BUILT_IN_COMMENT, 'builtin.comment']]),
  permission: new Map(Object.entries(PERMISSION_NAMES).map(([id, name]) => [name, `builtin.permission.${id}`])),
  storeTitle: new Map(Object.entries(STORE_SEED_TEXT).map(([id, p]) => [p.title, `builtin.store.${id}.title`])),
  storeDescription: new Map(Object.entries(STORE_SEED_TEXT).map(([id, p]) => [p.description, `builtin.store.${id}.description`])),
  storeTag: new Map(Object.entries(STORE_TAGS).map(([key, name]) => [name, `builtin.tag.${key}`])),
  storeCategory: new Map(Object.entries(STORE_CATEGORIES).flatMap(([key, names]) => names.map((n) => [n, `builtin.category.${key}`] as [string, string]))),
};

/** the catalogue key of a seeded text, or null for anything else (what an admin typed) */
export function builtInKey(kind: BuiltInKind, text: string | null | undefined): string | null {
  return (text && KEYS[kind].get(text)) || null;
}

/** every builtin.* key (for the catalogue checks) */
export const BUILT_IN_KEYS = [...new Set(Object.values(KEYS).flatMap((m) => [...m.values()]))];
