/** Response envelopes shared by the route schemas (they also shape /api/openapi.json). */
import { type TSchema, Type } from '@sinclair/typebox';

export const Ok = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });
/** the answer of a route whose schema is Ok(...): `return ok(row)` */
export const ok = <T>(data: T) => ({ success: true as const, data });

export const List = <T extends TSchema>(item: T) => Type.Object({ success: Type.Literal(true), data: Type.Array(item), total: Type.Integer() });

export const ErrorResponse = Type.Object(
  {
    success: Type.Literal(false),
    errorCode: Type.String(),
    errorMessage: Type.String(),
    /** the spec's numeric code, for the few errors that have one (INVALID_CLIENT: 20101) */
    code: Type.Optional(Type.Integer()),
    field: Type.Optional(Type.String()),
    requestId: Type.String(),
  },
  { $id: 'ErrorResponse' },
);

export const Empty = Type.Object({});

export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** a calendar day (YYYY-MM-DD) PostgreSQL can hold: format 'date' alone lets year 0000 through */
export const Day = (opts: { description?: string } = {}) => Type.String({ format: 'date', pattern: '^[1-9][0-9]{3}-', ...opts });
