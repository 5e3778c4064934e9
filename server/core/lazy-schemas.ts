/**
 * Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify)
 * while it starts: with a few hundred routes that was most of the start time and tens of MB of
 * heap kept afterwards. These wrappers compile a route's schema on its first request instead; the
 * tests compile eagerly (createTestApp), so a broken schema still fails at start there.
 */
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** what ajv compiles a schema into */
type AnyValidateFunction = ReturnType<ReturnType<BuildCompilerFromPool>>;

export function lazyValidators(build: BuildCompilerFromPool): BuildCompilerFromPool {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route, meta) => {
      let fn: AnyValidateFunction | undefined;
      const check = (data: unknown, parent?: unknown) => {
        fn ??= compile(route, meta);
        const ok = (fn as (d: unknown, p?: unknown) => boolean)(data, parent);
        lazy.errors = fn.errors;
        return ok;
      };
      // ajv's functions carry schemaEnv; fastify then passes the parent, so coercion reaches the root value
      const lazy = Object.assign(check, { errors: null, schemaEnv: true, schema: route }) as unknown as AnyValidateFunction;
      return lazy;
    };
  };
}

export function lazySerializers(): SerializerFactory {
  const base = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = base(externalSchemas, options);
    return (route) => {
      let fn: ((data: unknown) => string) | undefined;
      return (data) => (fn ??= compile(route))(data);
    };
  };
}
