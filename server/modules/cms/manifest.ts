/** The CMS module: article categories, articles, their preview links; published ones go to search. */
import type { ModuleManifest } from '../services';
import { cmsRoutes } from './routes';
import { CmsService, previewKey } from './service';

export const cmsModule: ModuleManifest = {
  name: 'cms',
  tables: ['cms_categories', 'cms_articles'],
  // the secret every instance signs with, so a preview link opens on any of them
  services: ({ db, search, secret }) => ({ cms: new CmsService(db, search, previewKey(secret)) }),
  routes: cmsRoutes,
};
