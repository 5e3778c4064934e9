/**
 * The menu admin's answer: its schema (the routes declare it; the OpenAPI document names it) and
 * its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const MenuRow = Type.Object(
  {
    menu_id: Type.String(),
    /** built-in menus carry a translation key (menu.*) */
    name: Type.String(),
    icon: Nullable(Type.String()),
    /** starts with '/' or http; empty = folder */
    url: Nullable(Type.String()),
    sort: Type.Integer(),
    /** null or '' = root */
    parent_id: Nullable(Type.String()),
    /** empty = admin only */
    permission: Type.Array(Type.String()),
    enable: Type.Boolean(),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'MenuRow' },
);

export type MenuRow = Static<typeof MenuRow>;
