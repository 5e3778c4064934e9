/**
 * Every service of the server, each made once by its module's manifest (server/modules/index.ts
 * builds them in order), and the context type the routes receive. Type-only: importing it
 * registers nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { TokenService } from '../core/auth';
import type { ModuleContext as CoreModuleContext } from '../core/context';
import type { DayZone } from '../core/day-zone';
import type { Mailer } from '../core/mailer';
import type { Manifest } from '../core/manifest';
import type { SettingsStore } from '../core/settings';
import type { SmsSender } from '../core/sms';
import type { Db } from '../db';
import type { AdService } from './ads/service';
import type { ChannelService } from './ai-models/channels';
import type { streamChat } from './ai-models/providers';
import type { AiModelService } from './ai-models/service';
import type { AudioService } from './audio/service';
import type { MobileAccountService } from './auth/mobile';
import type { RegistrationPolicy } from './auth/policy';
import type { AccountService } from './auth/service';
import type { ApiKeyMeter } from './api-keys/meter';
import type { ApiKeyService } from './api-keys/service';
import type { ChatAssistantService } from './chat/assistants';
import type { ChatAttachmentService } from './chat/attachments';
import type { ChatFeedbackService } from './chat/feedback';
import type { ChatFolderService } from './chat/folders';
import type { ChatService } from './chat/service';
import type { ChatShareService } from './chat/shares';
import type { AiTaskService } from './chat/tasks';
import type { CmsService } from './cms/service';
import type { CreditService } from './credits/service';
import type { DocService } from './docs/service';
import type { FileService } from './files/service';
import type { InvoiceService } from './invoices/service';
import type { MessageService } from './messages/service';
import type { PackageService } from './payments/packages';
import type { RefundService } from './payments/refunds';
import type { PaymentService } from './payments/service';
import type { ProfileService } from './profile/service';
import type { StorePromptService } from './prompt-store/service';
import type { PromptService } from './prompts/service';
import type { RealnameService } from './realname/service';
import type { RelayService } from './relay/service';
import type { RedeemService } from './redeem/service';
import type { SearchIndex } from './search/service';
import type { StatService } from './stats/service';
import type { AppService } from './system/apps/service';
import type { MenuService } from './system/menus/service';
import type { PermissionService } from './system/permissions/service';
import type { RoleService } from './system/roles/service';
import type { TagService } from './system/tags/service';
import type { UserLogService } from './system/user-logs/service';
import type { UserService } from './system/users/service';
import type { TodoService } from './todos/service';
import type { UpgradeService } from './upgrade/service';
import type { VerificationService } from './verify/service';
import type { WeixinService } from './weixin/service';
import type { WelfareService } from './welfare/service';
import type { WithdrawService } from './withdrawals/service';

/** what the server itself provides before any module (server/app.ts) */
export interface BaseServices {
  config: Config;
  db: Db;
  /** the secret tokens, sealed values and preview links are signed with (one per database) */
  secret: string;
  tokens: TokenService;
  log: FastifyBaseLogger;
  /** admin-editable settings of an area (payments, withdrawals, ads, ...) */
  settings: SettingsStore;
  /** the service's day zone: every "today", daily limit and period counts in it */
  zone: DayZone;
  /** SMTP mail (test mode: the outbox) */
  mailer: Mailer;
  sms: SmsSender;
}

export interface Services extends BaseServices {
  /** the ledger: the one writer of balances */
  credits: CreditService;
  registration: RegistrationPolicy;
  /** accounts: the one writer of new accounts, sessions and sign-in */
  accounts: AccountService;
  mobileAccounts: MobileAccountService;
  verification: VerificationService;
  realname: RealnameService;
  files: FileService;
  aiModels: AiModelService;
  /** more providers behind a model: their health and the order a call tries them */
  aiChannels: ChannelService;
  /** an answer streamed from a model, over its channels (failing over before the first token) */
  aiStream: typeof streamChat;
  /** the search index every searchable thing's module writes */
  search: SearchIndex;
  prompts: PromptService;
  storePrompts: StorePromptService;
  chat: ChatService;
  /** thumbs up or down on answers */
  chatFeedback: ChatFeedbackService;
  /** a user's folders for their conversations */
  chatFolders: ChatFolderService;
  /** images and documents on questions */
  chatAttachments: ChatAttachmentService;
  /** read-only links to conversations */
  chatShares: ChatShareService;
  /** assistants: presets a user keeps, or an admin publishes */
  chatAssistants: ChatAssistantService;
  /** personal API keys (the relay authenticates calls with them) */
  apiKeys: ApiKeyService;
  /** a key's caps, rate limits and use per day */
  apiKeyMeter: ApiKeyMeter;
  /** the OpenAI- and Anthropic-compatible relay's accounting */
  relay: RelayService;
  /** one-shot AI tasks billed like chat answers (breakdowns, comparisons, Ask AI) */
  aiTasks: AiTaskService;
  todos: TodoService;
  audio: AudioService;
  docs: DocService;
  /** top-up orders and their providers */
  payments: PaymentService;
  /** the top-up packages the recharge page offers */
  payPackages: PackageService;
  /** refunds and an order's detail (finance) */
  payRefunds: RefundService;
  withdrawals: WithdrawService;
  invoices: InvoiceService;
  redeem: RedeemService;
  ads: AdService;
  permissions: PermissionService;
  roles: RoleService;
  tags: TagService;
  users: UserService;
  menus: MenuService;
  /** the app list; others ask it about apps and register app-delete hooks */
  apps: AppService;
  userLogs: UserLogService;
  /** usage statistics: the storage, its pools, the settings */
  stats: StatService;
  cms: CmsService;
  welfare: WelfareService;
  upgrade: UpgradeService;
  messages: MessageService;
  profile: ProfileService;
  weixin: WeixinService;
}

export type ModuleContext = CoreModuleContext<Services>;
export type ModuleManifest = Manifest<Services>;
