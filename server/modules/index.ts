/**
 * Registers every module's routes. A module owns its tables: only its services write them, and
 * others call those services. Reads may cross where one query needs them (a list's display
 * names, a reference check, the permissions of a user's roles); route files run no SQL.
 *
 *   users, sessions, refresh_tokens, user_logs  accounts = auth/ (AccountService, the one writer
 *                                               of new accounts) + its admin faces system/users
 *                                               and system/user-logs
 *   roles                                       system/roles
 *   permissions                                 system/permissions
 *   tags                                        system/tags
 *   admin_menus                                 system/menus (menus/ builds the nav through it)
 *   apps                                        system/apps
 *   captchas, verification_codes, sms_outbox    verify/
 *   files                                       files/
 *   realname_verifications                      realname/
 *   oauth_states                                weixin/
 *   users.score, credit_ledger, credit_holds,   credits/ (the ledger: the one writer of balances)
 *   credit_reconciliations
 *   ai_models                                   ai-models/ (AiModelService: the chat asks it
 *                                               which models a user may use)
 *   conversations, chat_messages, ai_usage      chat/ (answers are billed through credits/)
 *   conversations... + one-shot AI tasks         chat/tasks.ts (AiTaskService: breakdowns, comparisons,
 *                                               Ask AI; billed and logged in ai_usage like answers)
 *   prompt_templates, prompt_template_versions  prompts/ (a user's own templates)
 *   store_prompts, store_prompt_favourites,     prompt-store/ (the store, submissions of own templates
 *                                               and their curation; the chat reports uses to it)
 *   store_prompt_uses
 *   todos                                       todos/ (the task assistant)
 *   help_documents, help_document_texts         docs/
 *   audio_recordings, audio_transcripts         audio/ (the audio itself is a file of files/)
 *   search_entries                              search/ (SearchIndex: the owners of searchable
 *                                               things put and remove their entries through it)
 *   pay_packages, pay_orders, pay_notifications, payments/ (PaymentService: orders, crediting once through
 *   pay_refunds                                 credits/, the re-query job, refunds; provider clients
 *                                               in payments/providers)
 *   app_settings                                core/secret.ts (the JWT secret), core/settings.ts (the
 *                                               areas' admin settings, each area's key its own)
 *   withdraw_requests                           withdrawals/ (holds and returns are ledger entries
 *                                               through credits/)
 *   invoices, invoice_orders                    invoices/ (reads pay_orders; the PDF is a file of files/)
 *   redeem_batches, redeem_codes,               redeem/ (codes are redeemed through credits/)
 *   redeem_attempts
 *   ad_views                                    ads/ (rewards are posted through credits/)
 *   stat_events (partitioned, hand-made),       stats/ (StatService over the StatStore interface:
 *   stat_dirty, stat_hourly, stat_daily, ...    receiver, rollup job, reports; pay-order figures come
 *   stat_source_maps, stat_names                from payments/ PaymentService)
 *   welfare_campaigns, welfare_claims           welfare/ (claims are posted through credits/)
 *   change_counters                             the database itself (migration 0005 triggers)
 *   app_versions                                upgrade/ (app deletion removes them: the hook of system/apps)
 *   cms_categories, cms_articles                cms/ (articles and categories; published ones go to search/)
 *   site_messages, site_message_reads           messages/ (site messages and each user's inbox)
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleApp, ModuleContext as CoreModuleContext } from '../core/context';
import { adRoutes } from './ads/routes';
import { aiModelRoutes } from './ai-models/routes';
import { audioRoutes } from './audio/routes';
import { authRoutes } from './auth/routes';
import { askRoutes } from './chat/ask-routes';
import { chatRoutes } from './chat/routes';
import { cmsRoutes } from './cms/routes';
import { creditRoutes } from './credits/routes';
import { dashboardRoutes } from './dashboard/routes';
import { docRoutes } from './docs/routes';
import { fileRoutes } from './files/routes';
import { invoiceRoutes } from './invoices/routes';
import { menuRoutes } from './menus/routes';
import { messageRoutes } from './messages/routes';
import { paymentRoutes } from './payments/routes';
import { profileRoutes } from './profile/routes';
import { promptStoreRoutes } from './prompt-store/routes';
import { promptRoutes } from './prompts/routes';
import { realnameRoutes } from './realname/routes';
import { redeemRoutes } from './redeem/routes';
import { searchRoutes } from './search/routes';
import { statRoutes } from './stats/routes';
import type { Services } from './services';
import { systemRoutes } from './system';
import { todoRoutes } from './todos/routes';
import { upgradeRoutes } from './upgrade/routes';
import { verifyRoutes } from './verify/routes';
import { weixinRoutes } from './weixin/routes';
import { welfareRoutes } from './welfare/routes';
import { withdrawalRoutes } from './withdrawals/routes';

export async function registerModules(app: FastifyInstance, ctx: Omit<CoreModuleContext<Services>, 'app'>) {
  const typed = app as unknown as ModuleApp;
  for (const mod of [authRoutes, verifyRoutes, menuRoutes, dashboardRoutes, systemRoutes, fileRoutes, profileRoutes, realnameRoutes, weixinRoutes, creditRoutes, aiModelRoutes, chatRoutes, promptStoreRoutes, promptRoutes, todoRoutes, audioRoutes, docRoutes, searchRoutes, askRoutes, paymentRoutes, withdrawalRoutes, invoiceRoutes, redeemRoutes, adRoutes, statRoutes, cmsRoutes, welfareRoutes, upgradeRoutes, messageRoutes]) await mod({ ...ctx, app: typed });
}
