/**
 * The module services every module's routes may call, and the context type the routes receive
 * (core's ModuleContext over this record). Type-only: importing it registers nothing.
 */
import type { ModuleContext as CoreModuleContext } from '../core/context';
import type { AiModelService } from './ai-models/service';
import type { AccountService } from './auth/service';
import type { CreditService } from './credits/service';
import type { FileService } from './files/service';
import type { RealnameService } from './realname/service';
import type { VerificationService } from './verify/service';

export interface Services {
  accounts: AccountService;
  verification: VerificationService;
  files: FileService;
  realname: RealnameService;
  credits: CreditService;
  aiModels: AiModelService;
}

export type ModuleContext = CoreModuleContext<Services>;
