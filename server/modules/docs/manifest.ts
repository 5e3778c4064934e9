/** The help documents module: the tree, the texts per language, the initial documents. */
import type { ModuleManifest } from '../services';
import { docRoutes } from './routes';
import { DocService } from './service';

export const docsModule: ModuleManifest = {
  name: 'docs',
  tables: ['help_documents', 'help_document_texts'],
  services: ({ db, search }) => ({ docs: new DocService(db, search) }),
  routes: docRoutes,
  seed: ({ docs }) => docs.seed(),
};
