/**
 * "Ask AI" over search results: an answer from the caller's top results, streamed and billed as
 * a one-shot AI task, citing them. Its paths stay under /api/search; it is the chat's because it
 * runs on the chat's task runner.
 */
import { Type } from '@sinclair/typebox';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import { sseSink } from '../../core/sse';
import { Kind, Locale, Query } from '../search/schemas';
import type { ModuleContext } from '../services';
import { ASK_MAX_TOKENS, ASK_SNIPPET, ASK_SOURCES, ASK_SYSTEM, askPrompt } from './ask';
import { resultData } from './tasks';
import { callerOf } from '../../core/auth';

export async function askRoutes({ app, search, aiTasks }: ModuleContext) {
  const tags = ['search'];

  app.post('/api/search/ask', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary:
        'an answer from the top results, streamed as server-sent events (start, delta..., done with the cited sources); no results: done at once, nothing billed; errors before it starts answer as JSON',
      body: Type.Object({
        q: Query,
        kind: Type.Optional(Nullable(Kind)),
        locale: Type.Optional(Locale),
        model_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
      }),
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
      const prepared = await aiTasks.prepare(callerOf(req), { purpose: 'ask', modelId, system: ASK_SYSTEM, prompt, maxTokens: ASK_MAX_TOKENS });
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
    handler: async (req) => ok({ stopped: aiTasks.stop(req.auth!.uid, req.params.id) }),
  });
}
