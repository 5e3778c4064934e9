/** A user log entry as the console reads it (the list and the admin home's recent entries): its schema and type. */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const UserLog = Type.Object(
  {
    id: Type.Integer(),
    user_id: Nullable(Type.String()),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    type: Type.String(),
    state: Type.Integer(),
    ip: Nullable(Type.String()),
    ua: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'UserLog' },
);

export type UserLogRow = Static<typeof UserLog>;
