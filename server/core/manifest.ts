/**
 * A module's manifest: the tables it owns, the services it makes, its routes, its periodic jobs,
 * its seed step and what it releases on close. The composition root builds every service once, in
 * the manifests' order, from the services made before; nothing else constructs a service.
 */
import type { ModuleContext } from './context';
import type { Job } from './jobs';

export interface Manifest<S extends object> {
  /** the module's folder under server/modules */
  name: string;
  /** the tables only this module writes; others call its services */
  tables: readonly string[];
  /** this module's services, from those of the modules before it (asking for a later one is an error) */
  services?: (s: S) => Partial<S> | Promise<Partial<S>>;
  /** registers the module's routes; every service is built by then */
  routes?: (ctx: ModuleContext<S>) => Promise<unknown>;
  /** periodic work; one that must run on one instance only takes its own lock (core/locks.ts) */
  jobs?: (s: S) => Job[];
  /** initial rows every database gets: idempotent, run on every start, never overwriting */
  seed?: (s: S) => Promise<unknown>;
  /** releases what the services hold (pools, locks) when the server closes */
  close?: (s: S) => Promise<unknown>;
}

/**
 * Builds the manifests' services in order over `base`. Asking for a service no manifest has made
 * yet throws (a manifest out of order), and so does making one twice.
 */
export async function composeServices<S extends object>(base: Partial<S>, manifests: readonly Manifest<S>[]): Promise<S> {
  const built = { ...base } as Record<string | symbol, unknown>;
  let maker = '';
  const guarded = new Proxy(built, {
    get(target, key) {
      if (typeof key === 'string' && key !== 'then' && !(key in target)) {
        throw new Error(`${maker} asks for the service "${key}", which no module before it makes (order the manifests)`);
      }
      return Reflect.get(target, key);
    },
  }) as S;
  for (const m of manifests) {
    maker = `the ${m.name} module`;
    const made = (await m.services?.(guarded)) ?? {};
    for (const [key, value] of Object.entries(made)) {
      if (key in built) throw new Error(`${maker} makes the service "${key}", which is made already`);
      built[key] = value;
    }
  }
  return { ...built } as S;
}
