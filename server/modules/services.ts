/**
 * The module services every module's routes may call, and the context type the routes receive
 * (core's ModuleContext over this record). Type-only: importing it registers nothing.
 */
import type { ModuleContext as CoreModuleContext } from '../core/context';
import type { DayZone } from '../core/day-zone';
import type { Mailer } from '../core/mailer';
import type { SettingsStore } from '../core/settings';
import type { AiModelService } from './ai-models/service';
import type { AccountService } from './auth/service';
import type { AiTaskService } from './chat/tasks';
import type { CreditService } from './credits/service';
import type { FileService } from './files/service';
import type { PaymentService } from './payments/service';
import type { RealnameService } from './realname/service';
import type { SearchIndex } from './search/service';
import type { StatService } from './stats/service';
import type { AppService } from './system/apps/service';
import type { VerificationService } from './verify/service';

export interface Services {
  accounts: AccountService;
  verification: VerificationService;
  files: FileService;
  realname: RealnameService;
  credits: CreditService;
  aiModels: AiModelService;
  /** one-shot AI tasks billed like chat answers (breakdowns, comparisons, Ask AI) */
  aiTasks: AiTaskService;
  /** the search index every searchable thing's module writes */
  search: SearchIndex;
  /** admin-editable settings of an area (payments, withdrawals, ads, ...) */
  settings: SettingsStore;
  /** the service's day zone: every "today", daily limit and period counts in it */
  zone: DayZone;
  /** SMTP mail (test mode: the outbox) */
  mailer: Mailer;
  /** top-up orders and their providers */
  payments: PaymentService;
  /** usage statistics: the storage, its pools, the settings */
  stats: StatService;
  /** the app list (system/apps); others ask it about apps and register app-delete hooks */
  apps: AppService;
}

export type ModuleContext = CoreModuleContext<Services>;
