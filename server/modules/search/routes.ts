/**
 * The search API: one search over what the caller may see (ranked, with counts per kind and
 * highlight ranges). "Ask AI" over the results is the chat module's (chat/ask-routes.ts).
 */
import { Type } from '@sinclair/typebox';
import type { ModuleContext } from '../services';
import { KindCounts, Kind, Locale, Query, SearchHit } from './schemas';

export async function searchRoutes({ app, search }: ModuleContext) {
  for (const s of [SearchHit, KindCounts]) app.addSchema(s);
  const tags = ['search'];

  app.get('/api/search', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'what the caller may see that matches q (help documents in their language first), ranked; counts per kind for the filters',
      querystring: Type.Object({
        q: Query,
        kind: Type.Optional(Kind),
        locale: Type.Optional(Locale),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      }),
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Array(Type.Ref('SearchHit')),
          total: Type.Integer(),
          counts: Type.Ref('SearchKindCounts'),
          /** a word found nearly everywhere: only the first matches were counted and ranked, there are more */
          more: Type.Boolean(),
        }),
      },
    },
    handler: async (req) => ({ success: true as const, ...(await search.search(req.auth!.uid, req.query)) }),
  });
}
