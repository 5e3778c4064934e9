/**
 * The role admin's answer: its schema (the routes declare it; the OpenAPI document names it) and
 * its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const RoleRow = Type.Object(
  {
    role_id: Type.String(),
    role_name: Type.String(),
    permission: Type.Array(Type.String()),
    comment: Nullable(Type.String()),
    /** credits a member may spend on AI per day (UTC); the most generous of a user's roles counts; null: no limit */
    daily_credit_limit: Nullable(Type.Integer()),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'RoleRow' },
);

export type RoleRow = Static<typeof RoleRow>;
