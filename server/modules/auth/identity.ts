/**
 * Who a signed-in person is: the account row's type, the user info every sign-in answers, the
 * permissions of a set of roles, the status that refuses a sign-in, and the user log's writer.
 * Shared by the account rules (service.ts) and the sessions (sessions.ts).
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { APP_ID } from '../../../shared/app-info';
import { ADMIN_ROLE } from '../../../shared/permissions';
import { cutText } from '../../../shared/text';
import type { UserLogType } from '../../../shared/user-log';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import { roles, userLogs, users } from '../../db/schema';

export type User = typeof users.$inferSelect;

/** the columns a new account may be given; its credits are not among them (see createAccount) */
export type NewAccount = Omit<typeof users.$inferInsert, 'id' | 'score' | 'registerIp'>;

/** a weixin identity: the openid of this app, the unionid across the open platform account */
export interface WeixinIdentity {
  openid: string;
  unionid?: string | null;
}

export interface UserInfo {
  _id: string;
  username: string | null;
  nickname: string | null;
  mobile: string | null;
  email: string | null;
  avatar_file: unknown;
  role: string[];
  permission: string[];
  score: number;
  hasPassword: boolean;
  wxBound: boolean;
}

export interface TokenBundle {
  token: string;
  refreshToken: string;
  userInfo: UserInfo;
}

export type LogType = UserLogType;

const STATUS_ERRORS = {
  1: 'ACCOUNT_DISABLED',
  2: 'ACCOUNT_UNDER_REVIEW',
  3: 'ACCOUNT_REVIEW_REJECTED',
  4: 'ACCOUNT_CLOSED',
} as const;

/** the error that refuses a sign-in to an account in this status (1-4), or undefined */
export const statusErrorOf = (status: number) => STATUS_ERRORS[status as keyof typeof STATUS_ERRORS];

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** reference: at most this many open sessions per user; the oldest ends when one more opens */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * Spec section 6: an account whose authorized apps (dcloud_appid) leave out the console cannot
 * sign in here (INVALID_CLIENT, 20101). As the reference and the user form read the field:
 * null = every app, [] = none.
 */
export function assertAppAuthorized(user: Pick<User, 'dcloudAppid'>) {
  if (user.dcloudAppid && !user.dcloudAppid.includes(APP_ID)) throw new AppError('INVALID_CLIENT');
}

/** Admin tokens carry permission []; others the union of their roles' permissions. */
export async function permissionsFor(tx: Db | Tx, roleIds: string[]): Promise<string[]> {
  if (roleIds.includes(ADMIN_ROLE) || roleIds.length === 0) return [];
  const rows = await tx.select({ permission: roles.permission }).from(roles).where(inArray(roles.roleId, roleIds));
  return [...new Set(rows.flatMap((r) => r.permission))].sort();
}

export function toUserInfo(u: User, permission: string[]): UserInfo {
  return {
    _id: u.id,
    username: u.username,
    nickname: u.nickname,
    mobile: u.mobile,
    email: u.email,
    avatar_file: u.avatarFile ?? null,
    role: u.role,
    permission,
    score: u.score,
    hasPassword: !!u.passwordHash,
    wxBound: !!(u.wxOpenid || u.wxUnionid),
  };
}

/** one entry of the user log (sign-ins, sign-outs, password changes, ...) */
export async function writeUserLog(tx: Db | Tx, type: LogType, state: 0 | 1, client: ClientInfo, user?: { id: string | null; username: string | null }) {
  await tx.insert(userLogs).values({
    type,
    state,
    ip: client.ip,
    ua: client.ua && cutText(client.ua, 512),
    userId: user?.id ?? null,
    username: user?.username ?? null,
  });
}
