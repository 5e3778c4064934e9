/**
 * The signed-in user's unread message count, shared by the top bar's bell, the console home and
 * the inbox: one in-memory value, refreshed on navigation and set from the answers of mark read.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { unreadCount } from '../../services/messages';

let count: number | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(n: number | null) {
  if (n === count) return;
  count = n;
  for (const l of listeners) l();
}

/** a count the server just answered (mark read, mark all read) */
export const setUnread = (n: number) => set(n);

/** asks the server again; calls made while one is on the way share it */
export function refreshUnread(): Promise<void> {
  pending ??= unreadCount({ skipErrorHandler: true })
    .then((r) => set(r.unread))
    // a failed count keeps the last one: the bell is no place for an error
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** on sign-out nothing of the previous user's count stays */
export const clearUnread = () => set(null);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** the count (null until known); `refreshOn` changes (the route) ask the server again */
export function useUnread(refreshOn?: unknown): number | null {
  useEffect(() => {
    void refreshUnread();
  }, [refreshOn]);
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
}
