/** Registers every module's routes. A module owns its tables; others call its service. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { TokenService } from '../core/auth';
import type { Db } from '../db';
import { authRoutes } from './auth/routes';
import type { AccountService } from './auth/service';
import { dashboardRoutes } from './dashboard/routes';
import { fileRoutes } from './files/routes';
import type { FileService } from './files/service';
import { menuRoutes } from './menus/routes';
import { profileRoutes } from './profile/routes';
import { realnameRoutes } from './realname/routes';
import type { RealnameService } from './realname/service';
import { systemRoutes } from './system';
import { verifyRoutes } from './verify/routes';
import type { VerificationService } from './verify/service';
import { weixinRoutes } from './weixin/routes';

export interface ModuleContext {
  // typed loosely so each module can use its own type provider
  app: FastifyInstance<any, any, any, any, import('@fastify/type-provider-typebox').TypeBoxTypeProvider>;
  config: Config;
  db: Db;
  tokens: TokenService;
  accounts: AccountService;
  verification: VerificationService;
  files: FileService;
  realname: RealnameService;
}

export async function registerModules(app: FastifyInstance, ctx: Omit<ModuleContext, 'app'>) {
  const typed = app as unknown as ModuleContext['app'];
  for (const mod of [authRoutes, verifyRoutes, menuRoutes, dashboardRoutes, systemRoutes, fileRoutes, profileRoutes, realnameRoutes, weixinRoutes]) await mod({ ...ctx, app: typed });
}
