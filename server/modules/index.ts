/**
 * The composition root: every module's manifest, in the order their services are built (a module
 * comes after those whose services it uses). Each manifest names the tables it owns: only its
 * services write them, others call those services; reads may cross where one query needs them.
 * app_settings (core/secret.ts, core/settings.ts), seed_marks (db/seed-marks.ts) and
 * change_counters (migration 0005's triggers) belong to no module.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleApp } from '../core/context';
import type { Job } from '../core/jobs';
import { composeServices } from '../core/manifest';
import { adsModule } from './ads/manifest';
import { apiKeysModule } from './api-keys/manifest';
import { aiModelsModule } from './ai-models/manifest';
import { audioModule } from './audio/manifest';
import { authModule } from './auth/manifest';
import { chatModule } from './chat/manifest';
import { cmsModule } from './cms/manifest';
import { creditsModule } from './credits/manifest';
import { dashboardModule } from './dashboard/manifest';
import { docsModule } from './docs/manifest';
import { filesModule } from './files/manifest';
import { invoicesModule } from './invoices/manifest';
import { menusModule } from './menus/manifest';
import { messagesModule } from './messages/manifest';
import { paymentsModule } from './payments/manifest';
import { profileModule } from './profile/manifest';
import { promptStoreModule } from './prompt-store/manifest';
import { promptsModule } from './prompts/manifest';
import { realnameModule } from './realname/manifest';
import { redeemModule } from './redeem/manifest';
import { relayModule } from './relay/manifest';
import { searchModule } from './search/manifest';
import type { BaseServices, ModuleManifest, Services } from './services';
import { statsModule } from './stats/manifest';
import { systemModule } from './system/manifest';
import { todosModule } from './todos/manifest';
import { upgradeModule } from './upgrade/manifest';
import { verifyModule } from './verify/manifest';
import { weixinModule } from './weixin/manifest';
import { welfareModule } from './welfare/manifest';
import { withdrawalsModule } from './withdrawals/manifest';

export const MANIFESTS: readonly ModuleManifest[] = [
  creditsModule,
  authModule,
  verifyModule,
  realnameModule,
  filesModule,
  aiModelsModule,
  searchModule,
  promptsModule,
  promptStoreModule,
  chatModule,
  apiKeysModule,
  relayModule,
  todosModule,
  audioModule,
  docsModule,
  paymentsModule,
  withdrawalsModule,
  invoicesModule,
  redeemModule,
  adsModule,
  systemModule,
  statsModule,
  cmsModule,
  welfareModule,
  upgradeModule,
  messagesModule,
  menusModule,
  dashboardModule,
  profileModule,
  weixinModule,
];

/** the tables no module owns (see above) */
export const CORE_TABLES = ['app_settings', 'seed_marks', 'change_counters'] as const;

/** every service, each built once */
export const buildServices = (base: BaseServices, manifests = MANIFESTS) => composeServices<Services>(base, manifests);

/** each module's seed step, in order (idempotent: every start runs them) */
export async function seedModules(s: Services, manifests = MANIFESTS) {
  for (const m of manifests) await m.seed?.(s);
}

export async function registerModules(app: FastifyInstance, s: Services, manifests = MANIFESTS) {
  const ctx = { ...s, app: app as unknown as ModuleApp };
  for (const m of manifests) await m.routes?.(ctx);
}

export const moduleJobs = (s: Services, manifests = MANIFESTS): Job[] => manifests.flatMap((m) => m.jobs?.(s) ?? []);

/** what the modules hold, released in the reverse of their building order */
export async function closeModules(s: Services, manifests = MANIFESTS) {
  for (const m of [...manifests].reverse()) await m.close?.(s);
}
