/** The files module: uploads, quotas and signed downloads; other modules keep their files here. */
import type { ModuleManifest } from '../services';
import { fileRoutes } from './routes';
import { FileService } from './service';

export const filesModule: ModuleManifest = {
  name: 'files',
  tables: ['files'],
  services: ({ db, config, secret }) => ({ files: new FileService(db, config.dataDir, secret, config.uploadQuota) }),
  routes: fileRoutes,
};
