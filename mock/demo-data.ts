/**
 * The demo data set of `npm run dev`: one account per kind of user, a role with a couple of
 * permissions, menus (one of them disabled) and some user-log history, so every console page
 * has something to show. Loaded on top of the initial data (server/db/seed.ts) by
 * mock/dev-api.ts; loading again changes nothing (rows are keyed, the history goes in once).
 *
 * Data only, through the server's own schema and password hashing: this is never a second
 * implementation of the API.
 */
import { sql } from 'drizzle-orm';
import { DayZone } from '../server/core/day-zone';
import { SettingsStore } from '../server/core/settings';
import type { Db } from '../server/db';
import { adminMenus, aiModels, permissions, roles, userLogs, users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { CreditService } from '../server/modules/credits/service';
import { ADMIN_ROLE, RULES } from '../shared/permissions';

export interface DemoAccount {
  username: string;
  password: string;
  nickname: string;
  role: string[];
  /** 0 normal, 1 disabled */
  status?: number;
  mobile?: string;
  email?: string;
  score: number;
  /** what the account shows in the console */
  about: string;
}

/** MANAGE_CONTENT and READ_UNI_ID_LOG are built in (shared/permissions.ts) */
export const DEMO_PERMISSIONS = [{ permissionId: 'READ_UNI_STAT', permissionName: 'Read usage statistics', comment: 'demo' }];

export const DEMO_ROLES = [
  {
    roleId: 'editor',
    roleName: 'Editor',
    permission: [RULES.manageContent, RULES.userLogs.read],
    comment: 'demo: edits content and reads the user log',
  },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    password: 'Admin#2026',
    nickname: 'Demo admin',
    role: [ADMIN_ROLE],
    email: 'admin@example.com',
    score: 10000,
    about: 'role admin: every page and action',
  },
  {
    username: 'editor',
    password: 'Editor#2026',
    nickname: 'Demo editor',
    role: ['editor'],
    mobile: '13800000001',
    score: 500,
    about: 'role editor: MANAGE_CONTENT, READ_UNI_ID_LOG',
  },
  {
    username: 'user',
    password: 'User#2026',
    nickname: 'Demo user',
    role: [],
    email: 'user@example.com',
    score: 120,
    about: 'no role: account pages and the console home',
  },
  {
    username: 'disabled',
    password: 'Disabled#2026',
    nickname: 'Disabled user',
    role: [],
    status: 1,
    score: 0,
    about: 'status disabled: sign-in is refused',
  },
];

/** menus besides the built-in ones; names that are not translation keys show as they are */
export const DEMO_MENUS = [
  { menuId: 'demo_content', name: 'Content', icon: 'ReadOutlined', url: '', sort: 200, parentId: null, permission: [], enable: true },
  {
    menuId: 'demo_content_articles',
    name: 'Articles',
    icon: 'FileTextOutlined',
    url: '/uni_modules/uni-cms/pages/article/list/list',
    sort: 210,
    parentId: 'demo_content',
    permission: [RULES.manageContent],
    enable: true,
  },
  {
    menuId: 'demo_content_categories',
    name: 'Categories',
    icon: 'FolderOutlined',
    url: '/uni_modules/uni-cms/pages/categories/list/list',
    sort: 220,
    parentId: 'demo_content',
    permission: [RULES.manageContent],
    enable: true,
  },
  {
    menuId: 'demo_stat_pages',
    name: 'Page statistics',
    icon: 'BarChartOutlined',
    url: '/pages/uni-stat/page-res/page-res',
    sort: 300,
    parentId: null,
    permission: ['READ_UNI_STAT'],
    // disabled: left out of everyone's navigation, still listed on the menu page
    enable: false,
  },
];

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
};

/** user-log history: [username, type, state, ip, ua, hours ago] */
const DEMO_LOGS: Array<[string, string, 0 | 1, string, string, number]> = [
  ['admin', 'register', 1, '192.168.1.10', UA.chrome, 24 * 7],
  ['admin', 'login', 1, '192.168.1.10', UA.chrome, 24 * 3],
  ['editor', 'login', 0, '10.0.0.23', UA.safari, 50],
  ['editor', 'login', 1, '10.0.0.23', UA.safari, 49.9],
  ['editor', 'logout', 1, '10.0.0.23', UA.safari, 45],
  ['user', 'login', 1, '172.16.4.2', UA.mobile, 26],
  ['user', 'change-pwd', 1, '172.16.4.2', UA.mobile, 25.5],
  ['disabled', 'login', 0, '203.0.113.7', UA.chrome, 5],
  ['admin', 'login', 1, '192.168.1.10', UA.chrome, 1],
];

/** Loads the demo data set; safe to run on every start. Answers whether anything was new. */
export async function loadDemoData(db: Db): Promise<boolean> {
  const hashed = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return db.transaction(async (tx) => {
    await tx.insert(permissions).values(DEMO_PERMISSIONS).onConflictDoNothing();
    await tx.insert(roles).values(DEMO_ROLES).onConflictDoNothing();
    await tx.insert(adminMenus).values(DEMO_MENUS).onConflictDoNothing();
    const now = Date.now();
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          username: a.username,
          nickname: a.nickname,
          passwordHash: hashed[i],
          role: a.role,
          status: a.status ?? 0,
          mobile: a.mobile ?? null,
          mobileConfirmed: Boolean(a.mobile),
          email: a.email ?? null,
          emailConfirmed: Boolean(a.email),
          registerDate: new Date(now - 7 * 24 * 3600e3),
          registerIp: '192.168.1.10',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username });
    if (created.length === 0) return false;
    // the balances go through the ledger like every credit movement, so reconciliation agrees
    const ledger = new CreditService(db, new DayZone(new SettingsStore(db)));
    for (const a of DEMO_ACCOUNTS) {
      const id = created.find((u) => u.username === a.username)?.id;
      if (id && a.score) await ledger.post(tx, { userId: id, kind: 'grant', amount: a.score, key: `demo:${id}`, reason: 'demo credits', refType: 'admin' });
    }

    // history only for accounts made just now, so a restart does not add it again
    const ids = new Map(created.map((u) => [u.username, u.id]));
    const logs = DEMO_LOGS.filter(([username]) => ids.has(username)).map(([username, type, state, ip, ua, hoursAgo]) => ({
      userId: ids.get(username)!,
      username,
      type,
      state,
      ip,
      ua,
      createdAt: new Date(now - hoursAgo * 3600e3),
    }));
    if (logs.length) await tx.insert(userLogs).values(logs);
    // the last sign-in shown on the user list follows the history
    await tx.execute(sql`
      UPDATE users u SET last_login_date = l.at, last_login_ip = l.ip
        FROM (SELECT DISTINCT ON (user_id) user_id, created_at AS at, ip FROM user_logs
               WHERE type = 'login' AND state = 1 ORDER BY user_id, created_at DESC) l
       WHERE u.id = l.user_id AND u.last_login_date IS NULL`);
    return true;
  });
}

/** the demo chat model: the OpenAI stand-in of tests/support, started by mock/dev-api.ts */
export const DEMO_MODEL_NAME = 'local stand-in (dev only)';
export const DEMO_SPEECH_MODEL_NAME = 'local speech stand-in (dev only)';

/**
 * Points the demo model at the stand-in's address of this start (a new port each time), adding
 * it on the first start. The stand-in takes no key.
 */
export async function loadDemoModel(db: Db, baseUrl: string): Promise<void> {
  const moved = await db
    .update(aiModels)
    .set({ baseUrl, updateDate: new Date() })
    .where(sql`${aiModels.name} = ${DEMO_MODEL_NAME}`)
    .returning({ id: aiModels.id });
  if (moved.length) return;
  await db.insert(aiModels).values({
    name: DEMO_MODEL_NAME,
    protocol: 'openai',
    baseUrl,
    providerModel: 'echo',
    contextWindow: 32000,
    maxOutputTokens: 2000,
    inputPrice: 1000,
    outputPrice: 2000,
    comment: 'Echoes the last message; [[tokens:N]] answers N words, model ids slow / error-mid / rate-limit / fail / hang misbehave on purpose',
  });
}

/** the same for the demo speech-to-text model (the stand-in's /audio/transcriptions) */
export async function loadDemoSpeechModel(db: Db, baseUrl: string): Promise<void> {
  const moved = await db
    .update(aiModels)
    .set({ baseUrl, updateDate: new Date() })
    .where(sql`${aiModels.name} = ${DEMO_SPEECH_MODEL_NAME}`)
    .returning({ id: aiModels.id });
  if (moved.length) return;
  await db.insert(aiModels).values({
    name: DEMO_SPEECH_MODEL_NAME,
    kind: 'speech-to-text',
    protocol: 'openai',
    baseUrl,
    providerModel: 'echo',
    contextWindow: 32000,
    maxOutputTokens: 2000,
    inputPrice: 60,
    outputPrice: 1000,
    comment: 'Names the length of the audio it got; model ids whisper (usage in seconds) / fail / rate-limit / hang behave as their names say',
  });
}
