/**
 * Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify)
 * while it starts: with a few hundred routes that was most of the start time and tens of MB of
 * heap kept afterwards. These wrappers compile a route's schema on its first request instead; the
 * tests compile eagerly (createTestApp), so a broken schema still fails at start there.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Ctx = Record<string, unknown>;
type ValidatorFn = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type ValidatorFactory = (externalSchemas: unknown, options?: never) => (ctx: Ctx) => ValidatorFn;
type SerializerFactory = (externalSchemas: unknown, options?: never) => (ctx: Ctx) => (data: unknown) => string;

export function lazyValidators(build: ValidatorFactory): ValidatorFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (ctx) => {
      let fn: ValidatorFn | undefined;
      const lazy: ValidatorFn = (data, parent) => {
        fn ??= compile(ctx);
        const ok = fn(data, parent);
        lazy.errors = fn.errors;
        return ok;
      };
      // ajv's functions carry schemaEnv; fastify then passes the parent, so coercion reaches the root value
      lazy.schemaEnv = true;
      return lazy;
    };
  };
}

export function lazySerializers(): SerializerFactory {
  const base = SerializerSelector() as unknown as SerializerFactory;
  return (externalSchemas, options) => {
    const compile = base(externalSchemas, options);
    return (ctx) => {
      let fn: ((data: unknown) => string) | undefined;
      return (data) => (fn ??= compile(ctx))(data);
    };
  };
}
