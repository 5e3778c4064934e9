/** The task assistant API: a user's own tasks, filters with counts, reorder, and the AI breakdown / model comparison streamed as server-sent events. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_BREAKDOWN_PROMPT, parseSubtasks, TODO_LIMITS } from '../../../shared/todo-breakdown';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import { sseSink } from '../../core/sse';
import { resultData, type TaskRun } from '../chat/tasks';
import type { ModuleContext } from '../services';
import { TodoCounts, TodoRow, TodoSubtask } from './schemas';
import { TODO_FILTERS } from './service';
import { callerOf } from '../../core/auth';

const Day = Type.String({ maxLength: 10, description: 'YYYY-MM-DD' });
const Title = Type.String({ maxLength: TODO_LIMITS.TITLE * 2 });
const Editable = {
  notes: Type.Optional(Nullable(Type.String({ maxLength: TODO_LIMITS.NOTES }))),
  due_date: Type.Optional(Nullable(Day)),
  priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
};
const ModelId = Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 })));
const BreakdownPrompt = Type.Optional(Nullable(Type.String({ maxLength: TODO_LIMITS.PROMPT })));
const sse = { 200: Type.String({ description: 'text/event-stream: start, delta..., then done (with subtasks) or error' }) };
/** a proposal's output is a short list: no need for a model's whole maximum */
const MAX_TOKENS = 1024;

/** the goal the model is asked to break down */
const goalOf = (title: string, notes: string) => (notes.trim() ? `${title}\n\n${notes.trim()}` : title);

export async function todoRoutes({ app, db, aiTasks, todos }: ModuleContext) {
  for (const s of [TodoSubtask, TodoRow, TodoCounts]) app.addSchema(s);
  const tags = ['todos'];
  const row = Ok(Type.Ref('TodoRow'));
  // the caller's own date (the console sends it): "today" is the user's day, not the server's
  const todayOf = (q: { today?: string }) => q.today ?? new Date().toISOString().slice(0, 10);

  app.get('/api/todos', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's top-level tasks of a filter (with subtasks, in the user's order) and every filter's count",
      querystring: Type.Object({
        filter: Type.Optional(Type.Union(TODO_FILTERS.map((f) => Type.Literal(f)))),
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
        today: Type.Optional(Day),
      }),
      response: { 200: Ok(Type.Object({ tasks: Type.Array(Type.Ref('TodoRow')), counts: Type.Ref('TodoCounts') })) },
    },
    handler: async (req) => ({
      success: true as const,
      data: await todos.list(req.auth!.uid, { filter: req.query.filter ?? 'all', keyword: req.query.keyword, today: todayOf(req.query) }),
    }),
  });

  app.get('/api/todos/due', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's not-done tasks due today or overdue, soonest first (a few), and how many",
      querystring: Type.Object({ today: Type.Optional(Day), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) }),
      response: { 200: Ok(Type.Object({ tasks: Type.Array(Type.Ref('TodoSubtask')), total: Type.Integer() })) },
    },
    handler: async (req) => ok(await todos.due(req.auth!.uid, todayOf(req.query), req.query.limit ?? 5)),
  });

  app.post('/api/todos/reorder', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "puts sibling tasks (or one task's subtasks) in the given order",
      body: Type.Object({
        parent_id: Nullable(Type.String({ maxLength: 64 })),
        ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
      }),
      response: { 200: Ok(Type.Object({})) },
    },
    handler: async (req) => {
      await todos.reorder(req.auth!.uid, req.body.parent_id || null, req.body.ids);
      return ok({});
    },
  });

  app.get('/api/todos/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "one of the caller's tasks with its subtasks", params: IdParam, response: { 200: row } },
    handler: async (req) => ok(await todos.getWithSubtasks(req.auth!.uid, req.params.id)),
  });

  app.post('/api/todos', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a new task at the end of the list (with parent_id: a subtask; with subtasks: added under it at once)',
      body: Type.Object({
        title: Title,
        ...Editable,
        parent_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
        subtasks: Type.Optional(Type.Array(Title, { maxItems: TODO_LIMITS.SUBTASKS })),
      }),
      response: { 200: row },
    },
    handler: async (req) => ok(await todos.create(req.auth!.uid, req.body)),
  });

  app.put('/api/todos/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'changes the given fields of a task or subtask (done sets or clears done_at)',
      params: IdParam,
      body: Type.Object({ title: Type.Optional(Title), ...Editable, done: Type.Optional(Type.Boolean()) }),
      response: { 200: row },
    },
    handler: async (req) => ok(await todos.update(req.auth!.uid, req.params.id, req.body)),
  });

  app.delete('/api/todos/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'deletes a task and its subtasks', params: IdParam, response: { 200: Ok(Type.Object({})) } },
    handler: async (req) => {
      await todos.remove(req.auth!.uid, req.params.id);
      return ok({});
    },
  });

  app.post('/api/todos/:id/subtasks', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'adds the accepted subtasks under a task, all or none',
      params: IdParam,
      body: Type.Object({ titles: Type.Array(Title, { minItems: 1, maxItems: TODO_LIMITS.SUBTASKS }) }),
      response: { 200: row },
    },
    handler: async (req) => ok(await todos.addSubtasks(req.auth!.uid, req.params.id, req.body.titles)),
  });

  app.post('/api/todos/:id/breakdown', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "streams a model's proposed subtasks for a task (billed; nothing saved: accept through /subtasks); errors before it starts answer as JSON",
      params: IdParam,
      body: Type.Object({ model_id: ModelId, prompt: BreakdownPrompt }),
      produces: ['text/event-stream'],
      response: sse,
    },
    handler: async (req, reply) => {
      const task = await todos.topLevel(db, req.auth!.uid, req.params.id);
      const prepared = await aiTasks.prepare(callerOf(req), {
        purpose: 'breakdown',
        refId: task.id as string,
        modelId: req.body.model_id,
        system: req.body.prompt?.trim() || DEFAULT_BREAKDOWN_PROMPT,
        prompt: goalOf(task.title as string, task.notes as string),
        maxTokens: MAX_TOKENS,
      });
      await stream(req, reply, [prepared]);
    },
  });

  app.post('/api/todos/compare', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "streams two models' proposals for a goal side by side (lanes a and b, each billed; nothing saved)",
      body: Type.Object({
        goal: Type.String({ minLength: 1, maxLength: TODO_LIMITS.GOAL }),
        prompt: BreakdownPrompt,
        model_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 2, maxItems: 2 }),
      }),
      produces: ['text/event-stream'],
      response: sse,
    },
    handler: async (req, reply) => {
      const ask = (modelId: string) =>
        aiTasks.prepare(callerOf(req), {
          purpose: 'compare',
          modelId,
          system: req.body.prompt?.trim() || DEFAULT_BREAKDOWN_PROMPT,
          prompt: req.body.goal,
          maxTokens: MAX_TOKENS,
        });
      const a = await ask(req.body.model_ids[0]);
      let b: TaskRun;
      try {
        b = await ask(req.body.model_ids[1]);
      } catch (e) {
        await aiTasks.cancel(a);
        throw e;
      }
      await stream(req, reply, [a, b], ['a', 'b']);
    },
  });

  app.post('/api/todos/runs/:id/stop', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'stops a breakdown or comparison being written (the provider request too); its stream ends with done, status stopped',
      params: IdParam,
      response: { 200: Ok(Type.Object({ stopped: Type.Boolean() })) },
    },
    handler: async (req) => ok({ stopped: aiTasks.stop(req.auth!.uid, req.params.id) }),
  });

  /** runs the prepared tasks into one stream; each closes with done (its subtasks) or error, with its lane */
  async function stream(req: FastifyRequest, reply: FastifyReply, runs: TaskRun[], lanes?: string[]) {
    const sink = sseSink(req, reply);
    try {
      await Promise.all(
        runs.map(async (p, i) => {
          const lane = lanes?.[i];
          const tag = lane === undefined ? {} : { lane };
          const r = await aiTasks.run(p, sink, lane);
          if (r.error) sink.send('error', { ...tag, ...sink.describe(r.error), ...resultData(r) });
          else sink.send('done', { ...tag, ...resultData(r), subtasks: parseSubtasks(r.text) });
        }),
      );
    } catch (e) {
      req.log.error({ err: e }, 'todo AI task failed after it started');
    } finally {
      reply.raw.end();
    }
  }
}
