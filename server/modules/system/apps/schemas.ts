/**
 * The app list's answer: its schema (the routes declare it; the OpenAPI document names it) and its
 * type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Text } from '../../../core/resource';
import { Nullable } from '../../../core/schemas';
import { MINI_PROGRAMS, type MiniProgramKey } from '../../../db/schema';

export const Url = Type.String({ maxLength: 1000 });
export const Link = Type.Object({ name: Type.Optional(Text(100)), url: Type.Optional(Url) });
export const IosLink = Type.Object({ name: Type.Optional(Text(100)), url: Type.Optional(Url), abm_url: Type.Optional(Url) });
export const MiniProgram = Type.Object({ name: Type.Optional(Text(100)), qrcode_url: Type.Optional(Url) });
export const H5 = Type.Object({ url: Type.Optional(Url) });
export const Store = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ maxLength: 100 }),
  scheme: Type.String({ maxLength: 1000 }),
  enable: Type.Boolean(),
  priority: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
const miniPrograms = Object.fromEntries(MINI_PROGRAMS.map((k) => [k, Nullable(MiniProgram)]));

export const AppRow = Type.Object(
  {
    appid: Type.String(),
    name: Type.String(),
    app_type: Type.Integer(),
    introduction: Nullable(Type.String()),
    description: Nullable(Type.String()),
    remark: Nullable(Type.String()),
    icon_url: Nullable(Type.String()),
    screenshot: Type.Array(Type.String()),
    app_android: Nullable(Link),
    app_ios: Nullable(IosLink),
    app_harmony: Nullable(Link),
    ...miniPrograms,
    h5: Nullable(H5),
    store_list: Type.Array(Store),
    create_date: Type.String({ format: 'date-time' }),
    update_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'AppRow' },
);

export type MiniProgram = Static<typeof MiniProgram>;
/** the mini-program fields are spread in from MINI_PROGRAMS, which Static cannot see: named here */
export type AppRow = Static<typeof AppRow> & Record<MiniProgramKey, MiniProgram | null>;
