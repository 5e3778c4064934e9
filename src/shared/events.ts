/**
 * App-wide events (spec section 4): 'login-success' reloads the user info, 'logout' and
 * 'login-expired' clear it.
 */
export interface AppEvents {
  'login-success': { userInfo?: unknown };
  logout: undefined;
  'login-expired': { code: string };
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;

const handlers = new Map<keyof AppEvents, Set<(payload: never) => void>>();

export function on<K extends keyof AppEvents>(name: K, fn: Handler<K>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  const s = set;
  s.add(fn as (payload: never) => void);
  return () => void s.delete(fn as (payload: never) => void);
}

export function emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]) {
  (handlers.get(name) as Set<Handler<K>> | undefined)?.forEach((fn) => {
    try {
      fn(payload);
    } catch (e) {
      console.error(e);
    }
  });
}
