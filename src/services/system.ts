/**
 * The system administration area's collections (docs/api-contract-system.md) as kit resources,
 * and its calls beyond the standard ones (set tags, built-in menus, publish page, real-name
 * decisions). Types come from the generated OpenAPI document through defineResource.
 */
import { defineResource, downloadFile, type Body, type ItemOf, type RowOf } from './resource';
import { api } from './client';
import type { RequestOptions } from './request-layer';
import { builtInText } from '../shared/i18n';

export const permissionResource = defineResource({
  name: 'permissions',
  base: '/api/system/permissions',
  idField: 'permission_id',
  rowName: (r) => builtInText('permission', r.permission_name),
});
export const roleResource = defineResource({ name: 'roles', base: '/api/system/roles', idField: 'role_id', rowName: (r) => builtInText('role', r.role_name) });
export const tagResource = defineResource({ name: 'tags', base: '/api/system/tags', idField: 'tagid', rowName: (r) => r.name });
export const userResource = defineResource({
  name: 'users',
  base: '/api/system/users',
  idField: '_id',
  rowName: (r) => r.username || r.nickname || r.mobile || r.email,
});
export const menuResource = defineResource({ name: 'menus', base: '/api/system/menus', idField: 'menu_id' });
export const appResource = defineResource({ name: 'apps', base: '/api/system/apps', idField: 'appid', rowName: (r) => r.name });
export const userLogResource = defineResource({ name: 'user-logs', base: '/api/system/user-logs', idField: 'id' });
export const realnameResource = defineResource({ name: 'realname', base: '/api/system/realname', idField: 'id', rowName: (r) => r.real_name });
export const smsOutboxResource = defineResource({ name: 'sms-outbox', base: '/api/system/sms-outbox', idField: 'id' });

export type PermissionRow = ItemOf<typeof permissionResource>;
export type RoleRow = ItemOf<typeof roleResource>;
export type TagRow = ItemOf<typeof tagResource>;
export type UserRow = ItemOf<typeof userResource>;
export type MenuRow = ItemOf<typeof menuResource>;
export type AppRow = ItemOf<typeof appResource>;
export type UserLogRow = RowOf<typeof userLogResource>;
export type RealnameRow = RowOf<typeof realnameResource>;
export type SmsOutboxRow = RowOf<typeof smsOutboxResource>;

export const setUserTags = (body: Body<'/api/system/users/set-tags', 'post'>, opts?: RequestOptions) => api.post('/api/system/users/set-tags', body, opts);

export const updateBuiltInMenus = (opts?: RequestOptions) => api.post('/api/system/menus/update-built-in', undefined, opts);

/** the generated publish page of an app (index.html) */
export const downloadPortal = (appid: string) => downloadFile(appResource.url(appid, 'portal'), { fallbackName: 'index.html' });

/** approve, or reject with the reason the user will see */
export const decideRealname = (id: string, body: Body<'/api/system/realname/{id}/decide', 'post'>, opts?: RequestOptions) =>
  api.post('/api/system/realname/{id}/decide', body, { ...opts, path: { id } });
