/**
 * The upgrade center's answers: their schemas (the routes declare them; the OpenAPI document names
 * the version row) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const Store = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ maxLength: 100 }),
  scheme: Type.String({ maxLength: 1000 }),
  enable: Type.Boolean(),
  priority: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

/** a version record as apps see it (the update check's answer carries these fields) */
export const recordFields = {
  id: Type.String(),
  appid: Type.String(),
  platform: Type.String(),
  /** native_app | wgt */
  type: Type.String(),
  version: Type.String(),
  title: Nullable(Type.String()),
  contents: Type.String(),
  url: Type.String(),
  min_uni_version: Nullable(Type.String()),
  stable_publish: Type.Boolean(),
  is_silently: Type.Boolean(),
  is_mandatory: Type.Boolean(),
  store_list: Type.Array(Store),
  create_date: Type.String({ format: 'date-time' }),
};

export const VersionRow = Type.Object({ ...recordFields, app_name: Nullable(Type.String()), file_id: Nullable(Type.String()) }, { $id: 'VersionRow' });

export type VersionRecord = Static<TObject<typeof recordFields>>;
export type VersionRow = Static<typeof VersionRow>;
