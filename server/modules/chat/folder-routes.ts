/** The conversation folders' API: a user's own folders, with how many conversations each holds. Rules in folders.ts. */
import { Type } from '@sinclair/typebox';
import { IdParam } from '../../core/resource';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { FOLDER_NAME_MAX } from './folders';
import { ChatFolder } from './schemas';

export async function chatFolderRoutes({ app, chatFolders: folders }: ModuleContext) {
  app.addSchema(ChatFolder);
  const tags = ['chat'];
  // a character may be several UTF-16 units: the service counts code points
  const Name = Type.Object({ name: Type.String({ maxLength: FOLDER_NAME_MAX * 2 }) });
  const folder = Ok(Type.Ref('ChatFolder'));

  app.get('/api/chat/folders', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's folders by name, each with how many conversations it holds",
      response: { 200: Ok(Type.Array(Type.Ref('ChatFolder'))) },
    },
    handler: async (req) => ok(await folders.list(req.auth!.uid)),
  });
  app.post('/api/chat/folders', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'a new folder (names are unique per user)', body: Name, response: { 200: folder } },
    handler: async (req) => ok(await folders.create(req.auth!.uid, req.body.name)),
  });
  app.put('/api/chat/folders/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'renames a folder', params: IdParam, body: Name, response: { 200: folder } },
    handler: async (req) => ok(await folders.rename(req.auth!.uid, req.params.id, req.body.name)),
  });
  app.delete('/api/chat/folders/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'deletes a folder; its conversations stay, unfiled', params: IdParam, response: { 200: Ok(Type.Object({})) } },
    handler: async (req) => {
      await folders.remove(req.auth!.uid, req.params.id);
      return ok({});
    },
  });
}
