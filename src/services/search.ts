/** The search API (one search over what the caller may see) and "Ask AI" streamed from its top results; types from the generated paths. */
import { getLocale, request } from '@umijs/max';
import type { paths } from './api-types';
import { eventOf, postEventStream } from './chat';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';

type SearchJson = paths['/api/search']['get']['responses'][200]['content']['application/json'];
export type SearchQuery = NonNullable<paths['/api/search']['get']['parameters']['query']>;
export type SearchResult = Omit<SearchJson, 'success'>;
export type SearchHit = SearchJson['data'][number];
export type SearchKind = SearchHit['kind'];
export type AskBody = NonNullable<paths['/api/search/ask']['post']['requestBody']>['content']['application/json'];
type Locale = NonNullable<SearchQuery['locale']>;

export interface AskSource {
  n: number;
  title: string;
  url: string;
  kind: SearchKind;
}

/** the closing fields every Ask AI answer carries (see resultData on the server) */
interface AskEnd {
  id?: string;
  status: 'done' | 'stopped' | 'error' | 'no_results';
  text: string;
  sources: AskSource[];
  credits: number;
  balance?: number;
  input_tokens?: number;
  output_tokens?: number;
  model?: { id: string; name: string };
}

export type AskEvent =
  | { type: 'start'; id: string; model: { id: string; name: string }; prompt_tokens: number }
  | { type: 'delta'; text: string }
  | ({ type: 'done' } & AskEnd)
  | ({ type: 'error'; errorCode: string; errorMessage: string } & AskEnd);

const ASK_EVENTS = new Set(['start', 'delta', 'done', 'error']);
const LOCALES: readonly Locale[] = ['en-US', 'zh-CN', 'zh-TW'];

/** the console's language as the search's `locale` (help documents in it first) */
export const searchLocale = (): Locale => {
  const l = getLocale() as Locale;
  return LOCALES.includes(l) ? l : 'en-US';
};

export const searchEntries = (query: SearchQuery, opts?: RequestOptions) =>
  request<SearchJson>(withQuery('/api/search', query), { method: 'GET', ...opts }).then(({ success: _s, ...r }) => r as SearchResult);

export const askAi = (body: AskBody, onEvent: (e: AskEvent) => void, signal: AbortSignal) =>
  postEventStream('/api/search/ask', body, (m) => eventOf<AskEvent>(m, ASK_EVENTS), onEvent, signal);

export const stopAsk = (id: string, opts?: RequestOptions) =>
  request<{ success: true; data: { stopped: boolean } }>(`/api/search/ask/${encodeURIComponent(id)}/stop`, { method: 'POST', data: {}, ...opts });
