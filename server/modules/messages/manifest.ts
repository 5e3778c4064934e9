/** The site messages module: messages to everyone or to chosen users, and each user's inbox. */
import type { ModuleManifest } from '../services';
import { messageRoutes } from './routes';
import { MessageService } from './service';

export const messagesModule: ModuleManifest = {
  name: 'messages',
  tables: ['site_messages', 'site_message_reads'],
  services: ({ db }) => ({ messages: new MessageService(db) }),
  routes: messageRoutes,
};
