/**
 * The server's view of the shared rules (shared/permissions.ts RULES): the same rules as the
 * AccessRule values routes declare. Nothing here decides who may do what.
 */
import { RULES } from '../../shared/permissions';
import { type AccessRule, accessOf } from './auth';
import type { ResourceAccess } from './list/routes';

const crud = (r: { read: string; create: string; update: string; delete: string }): ResourceAccess => ({
  read: accessOf(r.read),
  create: accessOf(r.create),
  update: accessOf(r.update),
  delete: accessOf(r.delete),
});

export const ACCESS = {
  users: crud(RULES.users),
  roles: crud(RULES.roles),
  permissions: crud(RULES.permissions),
  menus: crud(RULES.menus),
  tags: crud(RULES.tags),
  apps: crud(RULES.apps),
  userLogs: { read: accessOf(RULES.userLogs.read) },
  adminHome: accessOf(RULES.adminHome),
  realnameReview: accessOf(RULES.realnameReview),
  smsOutbox: accessOf(RULES.smsOutbox),
  aiModels: accessOf(RULES.aiModels),
  aiUsage: accessOf(RULES.aiUsage),
  apiKeys: accessOf(RULES.apiKeys),
  creditsAdmin: accessOf(RULES.creditsAdmin),
  manageContent: accessOf(RULES.manageContent),
  manageFinance: accessOf(RULES.manageFinance),
  readStats: accessOf(RULES.readStats),
  manageStats: accessOf(RULES.manageStats),
} satisfies Record<string, ResourceAccess | AccessRule | { read: AccessRule }>;
