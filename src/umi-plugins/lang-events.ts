/**
 * Bundled into the console in place of the event-emitter package for umi's locale plugin only
 * (the replacement is in .umirc.ts): the plugin announces a language change through on/off/emit
 * of one event, and event-emitter with its es5-ext helpers is 3 kB (gzip) of the first load.
 */
type Listener = (...args: unknown[]) => void;

export default class LangEvents {
  private listeners = new Map<unknown, Set<Listener>>();

  on(type: unknown, listener: Listener): this {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
    return this;
  }

  once(type: unknown, listener: Listener): this {
    const once: Listener = (...args) => {
      this.off(type, once);
      listener.apply(this, args);
    };
    return this.on(type, once);
  }

  off(type: unknown, listener: Listener): this {
    this.listeners.get(type)?.delete(listener);
    return this;
  }

  emit(type: unknown, ...args: unknown[]): void {
    // a listener that removes itself does not shorten this round
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener.apply(this, args);
  }
}
