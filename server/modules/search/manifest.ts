/** The search module: one index the owners of searchable things write, and the search page's queries. */
import type { ModuleManifest } from '../services';
import { backfillSearch } from './backfill';
import { searchRoutes } from './routes';
import { SearchIndex } from './service';

export const searchModule: ModuleManifest = {
  name: 'search',
  tables: ['search_entries'],
  services: ({ db }) => ({ search: new SearchIndex(db) }),
  routes: searchRoutes,
  // at start (then rarely): entries written before their module indexed them
  jobs: ({ db, search }) => [{ name: 'search-backfill', everyMs: 24 * 3600_000, run: () => backfillSearch(db, search, search.backfillSources) }],
};
