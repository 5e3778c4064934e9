/** The verification module: captchas, mail and SMS codes. */
import type { ModuleManifest } from '../services';
import { verifyRoutes } from './routes';
import { VerificationService } from './service';

export const verifyModule: ModuleManifest = {
  name: 'verify',
  tables: ['captchas', 'verification_codes', 'sms_outbox'],
  services: ({ db, mailer, secret, sms, config }) => ({ verification: new VerificationService(db, mailer, secret, sms, config.limits) }),
  routes: verifyRoutes,
};
