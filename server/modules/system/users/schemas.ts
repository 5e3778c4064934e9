/**
 * The user admin's answer: its schema (the routes declare it; the OpenAPI document names it) and
 * its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../core/schemas';

export const AvatarFile = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  extname: Type.Optional(Type.String({ maxLength: 20 })),
  url: Type.String({ minLength: 1, maxLength: 1000 }),
});

export const UserRow = Type.Object(
  {
    _id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    mobile: Nullable(Type.String()),
    email: Nullable(Type.String()),
    /** 0 normal, 1 disabled, 2 under review, 3 review rejected, 4 closed */
    status: Type.Integer(),
    /** 0 unknown, 1 male, 2 female */
    gender: Type.Integer(),
    avatar_file: Nullable(AvatarFile),
    role: Type.Array(Type.String()),
    role_name: Type.Array(Type.String()),
    tags: Type.Array(Type.String()),
    tag_name: Type.Array(Type.String()),
    /** authorized apps: null = every app, [] = none */
    dcloud_appid: Nullable(Type.Array(Type.String())),
    score: Type.Integer(),
    comment: Nullable(Type.String()),
    last_login_date: Nullable(Type.String({ format: 'date-time' })),
    last_login_ip: Nullable(Type.String()),
    register_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'UserRow' },
);

export type UserRow = Static<typeof UserRow>;
