/** The chat module: conversations, billed answers, one-shot AI tasks and Ask AI. */
import type { ModuleManifest } from '../services';
import { askRoutes } from './ask-routes';
import { assistantRoutes } from './assistant-routes';
import { ChatAssistantService } from './assistants';
import { ChatAttachmentService } from './attachments';
import { ChatFeedbackService } from './feedback';
import { chatFolderRoutes } from './folder-routes';
import { ChatFolderService } from './folders';
import { chatRoutes } from './routes';
import { messagesMissingFromSearch } from './search-entries';
import { ChatService } from './service';
import { chatShareRoutes } from './share-routes';
import { ChatShareService } from './shares';
import { AiTaskService } from './tasks';

export const chatModule: ModuleManifest = {
  name: 'chat',
  tables: ['chat_assistants', 'conversations', 'conversation_folders', 'chat_messages', 'chat_feedback', 'chat_attachments', 'conversation_shares', 'ai_usage'],
  services: ({ db, config, credits, aiModels, aiStream, search, files, secret }) => {
    search.backfillFrom((n) => messagesMissingFromSearch(db, n));
    const chatAttachments = new ChatAttachmentService(db, files);
    return {
      chat: new ChatService(db, credits, aiModels, aiStream, config.ai, search, chatAttachments),
      chatAttachments,
      chatShares: new ChatShareService(db, secret, chatAttachments),
      aiTasks: new AiTaskService(db, credits, aiModels, aiStream, config.ai),
      chatFeedback: new ChatFeedbackService(db),
      chatFolders: new ChatFolderService(db),
      chatAssistants: new ChatAssistantService(db, aiModels),
    };
  },
  routes: async (ctx) => {
    await chatRoutes(ctx);
    await chatFolderRoutes(ctx);
    await chatShareRoutes(ctx);
    await assistantRoutes(ctx);
    await askRoutes(ctx);
  },
};
