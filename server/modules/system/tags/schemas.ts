/**
 * The tag admin's answer: its schema (the routes declare it; the OpenAPI document names it) and
 * its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const TagRow = Type.Object(
  {
    tagid: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    /** members: the user list filtered by ?tagid= */
    user_count: Type.Integer(),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'TagRow' },
);

export type TagRow = Static<typeof TagRow>;
