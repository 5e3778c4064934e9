/** The profile module: a user's own details, email binding and webview settings. */
import type { ModuleManifest } from '../services';
import { profileRoutes } from './routes';
import { ProfileService } from './service';

export const profileModule: ModuleManifest = {
  name: 'profile',
  tables: [],
  services: ({ db, accounts, verification }) => ({ profile: new ProfileService(db, accounts, verification) }),
  routes: profileRoutes,
};
