/**
 * The permission admin's answer: its schema (the routes declare it; the OpenAPI document names it) and
 * its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const PermissionRow = Type.Object(
  {
    permission_id: Type.String(),
    permission_name: Type.String(),
    comment: Nullable(Type.String()),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'PermissionRow' },
);

export type PermissionRow = Static<typeof PermissionRow>;
