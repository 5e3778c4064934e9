/**
 * What every module's routes receive: the typed app, the config, the database and the token
 * service, plus the module services (typed by the caller, so core does not know the modules).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { TokenService } from './auth';

/** the app as modules see it: any server types, TypeBox schemas infer the handlers' types */
export type ModuleApp = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

/** `Services`: the module services record (server/modules/services.ts) */
export type ModuleContext<Services extends object = object> = {
  app: ModuleApp;
  config: Config;
  db: Db;
  tokens: TokenService;
} & Services;

/** who made a request, as the user log records it */
export interface ClientInfo {
  ip: string;
  ua?: string;
}

export const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, ua: req.headers['user-agent'] });
