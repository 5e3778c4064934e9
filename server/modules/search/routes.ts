/**
 * The search API: one search over what the caller may see (ranked, with counts per kind and
 * highlight ranges), and "Ask AI": an answer from the top results, streamed, citing them.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../core/resource';
import { Nullable, Ok } from '../../core/schemas';
import { sseSink } from '../../core/sse';
import { resultData } from '../chat/tasks';
import type { ModuleContext } from '../services';
import { ASK_MAX_TOKENS, ASK_SNIPPET, ASK_SOURCES, ASK_SYSTEM, askPrompt } from './ask';
import { SEARCH_KINDS, SEARCH_LOCALES } from './service';

const Kind = Type.Union(SEARCH_KINDS.map((k) => Type.Literal(k)));
const Locale = Type.Union(SEARCH_LOCALES.map((k) => Type.Literal(k)));
/** [start, end) in UTF-16 code units of the text it belongs to */
const Marks = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));
// long enough that the service, not the schema, refuses an over-long query with its reason
const Query = Type.String({ maxLength: 2000 });

const SearchHit = Type.Object(
  {
    kind: Kind,
    ref_id: Type.String(),
    title: Type.String(),
    title_marks: Marks,
    /** the body's text around the first match, "…" where it was cut */
    snippet: Type.String(),
    snippet_marks: Marks,
    url: Type.String(),
    locale: Nullable(Type.String()),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'SearchHit' },
);

const KindCounts = Type.Object(Object.fromEntries(SEARCH_KINDS.map((k) => [k, Type.Integer()])), { $id: 'SearchKindCounts' });

export async function searchRoutes({ app, search, aiTasks }: ModuleContext) {
  for (const s of [SearchHit, KindCounts]) app.addSchema(s);
  const tags = ['search'];
  const caller = (req: FastifyRequest) => ({ uid: req.auth!.uid, role: req.auth!.role, permission: req.auth!.permission });

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
    handler: async (req) => ({ success: true as const, ...(await search.search(req.auth!.uid, req.query)) }) as never,
  });

  app.post('/api/search/ask', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary:
        'an answer from the top results, streamed as server-sent events (start, delta..., done with the cited sources); no results: done at once, nothing billed; errors before it starts answer as JSON',
      body: Type.Object({ q: Query, kind: Type.Optional(Nullable(Kind)), locale: Type.Optional(Locale), model_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))) }),
      produces: ['text/event-stream'],
      response: { 200: Type.String({ description: 'text/event-stream: start, delta..., then done {sources} or error' }) },
    },
    handler: async (req, reply) => {
      const { q, kind, locale, model_id: modelId } = req.body;
      const found = await search.search(req.auth!.uid, { q, kind, locale, pageSize: ASK_SOURCES, snippetSize: ASK_SNIPPET, anyWord: true });
      if (!found.data.length) {
        const sink = sseSink(req, reply);
        sink.send('done', { status: 'no_results', text: '', sources: [], credits: 0 });
        reply.raw.end();
        return;
      }
      const { prompt, sources } = askPrompt(q.trim(), found.data);
      // a catalogue error here (no model, credits, daily limit) is answered as JSON
      const prepared = await aiTasks.prepare(caller(req), { purpose: 'ask', modelId, system: ASK_SYSTEM, prompt, maxTokens: ASK_MAX_TOKENS });
      const sink = sseSink(req, reply);
      try {
        const result = await aiTasks.run(prepared, sink);
        if (result.error) sink.send('error', { ...sink.describe(result.error), ...resultData(result), sources });
        else sink.send('done', { ...resultData(result), sources });
      } catch (e) {
        req.log.error({ err: e }, 'ask answer failed after it started');
      } finally {
        reply.raw.end();
      }
    },
  });

  app.post('/api/search/ask/:id/stop', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'stops an answer being written; its stream ends with done, status stopped (what was generated is paid)',
      params: IdParam,
      response: { 200: Ok(Type.Object({ stopped: Type.Boolean() })) },
    },
    handler: async (req) => ({ success: true as const, data: { stopped: aiTasks.stop(req.auth!.uid, req.params.id) } }),
  });
}
