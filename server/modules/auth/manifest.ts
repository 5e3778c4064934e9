/** The accounts module: sign-up, sign-in by password and mobile code, sessions and passwords. */
import type { ModuleManifest } from '../services';
import { MobileAccountService } from './mobile';
import { RegistrationPolicy } from './policy';
import { authRoutes } from './routes';
import { AccountService } from './service';
import { SessionService } from './sessions';

export const authModule: ModuleManifest = {
  name: 'auth',
  // system/users and system/user-logs are these tables' admin faces, through AccountService
  tables: ['users', 'sessions', 'refresh_tokens', 'user_logs'],
  services: ({ db, config, tokens, credits }) => {
    const registration = new RegistrationPolicy(db, config);
    const accounts = new AccountService(db, tokens, registration, credits, new SessionService(db, tokens));
    return { registration, accounts, mobileAccounts: new MobileAccountService(db, accounts) };
  },
  routes: authRoutes,
};
