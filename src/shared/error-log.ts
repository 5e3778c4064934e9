/**
 * The error log list (spec section 3: "entries with a route"): the JS errors of this tab
 * (window error, unhandled rejection, what a page error boundary catches) and its failed page
 * loads, each with the route it happened on and the time. In memory only: it is about this
 * tab's session, as in uni-admin.
 */
export const ERROR_KINDS = ['error', 'rejection', 'render', 'page-load'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorLogEntry {
  id: number;
  kind: ErrorKind;
  message: string;
  stack?: string;
  /** the console route (hash path and query) */
  route: string;
  /** ms since the epoch */
  time: number;
}

/** the event a failed page load fires (spec section 4), on window, with the error as detail */
export const PRELOAD_ERROR_EVENT = 'preload-error';

/** keeps the list bounded on a page that throws in a loop */
const MAX_ENTRIES = 100;

let entries: ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
/** errors already logged (the same rejection or error reported twice) */
const seen = new WeakSet<object>();

const notify = () => listeners.forEach((l) => l());

/** the route of the page now shown (hash routing: the part after '#') */
export function currentRoute(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.hash.replace(/^#/, '') || '/';
}

function textOf(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (error && typeof error === 'object' && 'message' in error) return { message: String((error as { message: unknown }).message) };
  return { message: String(error) };
}

/** how close in time a window report and a boundary's catch of one error are */
const SAME_ERROR_MS = 2000;
const fromBoundary = (kind: ErrorKind) => kind === 'render' || kind === 'page-load';

export function logError(kind: ErrorKind, error: unknown, route: string = currentRoute()): ErrorLogEntry | null {
  const { message, stack } = textOf(error);
  const time = Date.now();
  // In development React reports an error its boundary catches to window as well (once per
  // render attempt): the boundary's entry says more, so it replaces those reports.
  const twin = (e: ErrorLogEntry) => e.message === message && time - e.time <= SAME_ERROR_MS;
  if (fromBoundary(kind)) {
    entries = entries.filter((e) => !(e.kind === 'error' && twin(e)));
  } else {
    if (entries.some((e) => fromBoundary(e.kind) && twin(e))) return null;
    if (error && typeof error === 'object') {
      if (seen.has(error)) return null;
      seen.add(error);
    }
  }
  const entry: ErrorLogEntry = { id: nextId++, kind, message, stack, route, time };
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  notify();
  return entry;
}

/** newest first */
export const errorLogEntries = (): ErrorLogEntry[] => entries;

export function clearErrorLog() {
  entries = [];
  notify();
}

export function subscribeErrorLog(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** whether an error is a page's code that failed to load (a lazy route chunk) */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return /Loading (CSS )?chunk|ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed/i.test(
    `${e?.name ?? ''} ${e?.message ?? ''}`,
  );
}

/** a page's code failed to load: fires the preload-error event (the log records it) */
export function firePreloadError(error: unknown) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error }));
}

let installed = false;

/** listens for this tab's errors; once */
export function installErrorLog() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (e: ErrorEvent) => {
    // resource load errors (img, script) do not bubble here; this is a thrown JS error
    logError('error', e.error ?? new Error(e.message || 'Script error'));
  });
  window.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => logError('rejection', e.reason));
  window.addEventListener(PRELOAD_ERROR_EVENT, (e) => logError('page-load', (e as CustomEvent).detail));
}

/** for tests */
export function resetErrorLogForTests() {
  entries = [];
  nextId = 1;
  notify();
}
