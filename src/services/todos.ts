/** The task assistant API (the caller's tasks, reorder, due tasks, the streamed breakdown and comparison); row types from the generated paths. */
import { eventOf, postEventStream } from './chat';
import { api, type ApiBodyOf as Body, type ApiResult as Data } from './client';
import type { RequestOptions } from './request-layer';

export type TodoList = Data<'/api/todos', 'get'>;
export type TodoRow = TodoList['tasks'][number];
export type TodoSubtask = TodoRow['subtasks'][number];
export type TodoCounts = TodoList['counts'];
export type TodoFilter = keyof TodoCounts;
export type TodoCreate = Body<'/api/todos', 'post'>;
export type TodoPatch = Body<'/api/todos/{id}', 'put'>;
export type DueTasks = Data<'/api/todos/due', 'get'>;

const BASE = '/api/todos';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** the user's own date: "today" and "overdue" follow their day, not the server's */
export const localToday = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const listTodos = (filter: TodoFilter, keyword: string) => api.get('/api/todos', { query: { filter, keyword, today: localToday() } });
export const dueTodos = (opts?: RequestOptions) => api.get('/api/todos/due', { ...opts, query: { today: localToday(), limit: 5 } });
export const createTodo = (body: TodoCreate) => api.post('/api/todos', body);
export const updateTodo = (id: string, body: TodoPatch) => api.put('/api/todos/{id}', body, { path: { id } });
export const deleteTodo = (id: string) => api.delete('/api/todos/{id}', { path: { id } });
export const reorderTodos = (parentId: string | null, ids: string[]) => api.post('/api/todos/reorder', { parent_id: parentId, ids });
export const addSubtasks = (id: string, titles: string[]) => api.post('/api/todos/{id}/subtasks', { titles }, { path: { id } });
export const stopRun = (id: string) => api.post('/api/todos/runs/{id}/stop', undefined, { path: { id } });

/** the closing fields of a run (resultData on the server) */
export interface RunResult {
  id: string;
  status: 'done' | 'stopped' | 'error';
  text: string;
  model: { id: string; name: string };
  input_tokens: number;
  output_tokens: number;
  credits: number;
  balance: number;
  first_token_ms: number | null;
  total_ms: number;
}

export type RunEvent =
  | { type: 'start'; id: string; lane?: string; model: { id: string; name: string }; prompt_tokens: number }
  | { type: 'delta'; text: string; lane?: string }
  | ({ type: 'done'; lane?: string; subtasks: string[] } & RunResult)
  | ({ type: 'error'; lane?: string; errorCode: string; errorMessage: string } & RunResult);

const EVENTS = new Set(['start', 'delta', 'done', 'error']);
const runEventOf = (m: { event: string; data: string }) => eventOf<RunEvent>(m, EVENTS);

export const streamBreakdown = (id: string, body: { model_id?: string | null; prompt?: string | null }, onEvent: (e: RunEvent) => void, signal: AbortSignal) =>
  postEventStream(`${one(id)}/breakdown`, body, runEventOf, onEvent, signal);

export const streamCompare = (body: { goal: string; prompt?: string | null; model_ids: string[] }, onEvent: (e: RunEvent) => void, signal: AbortSignal) =>
  postEventStream(`${BASE}/compare`, body, runEventOf, onEvent, signal);
