/** Site messages: the staff's resource (list, one, write, edit, withdraw, readers) and each user's inbox calls; types from the generated paths. */
import { request } from '@umijs/max';
import { listQueryString, withQuery, type ListQuery } from './query-string';
import type { RequestOptions } from './request-layer';
import { defineResource, type Data, type ItemOf, type RowOf } from './resource';
import { builtInText } from '../shared/i18n';

export const siteMessageResource = defineResource({ name: 'site-messages', base: '/api/site-messages', idField: 'id', rowName: (r) => r.title });
/** the audience pickers' lists (id and name), open to whoever manages messages */
export const audienceRoles = defineResource({ name: 'audience-roles', base: '/api/site-messages/audience/roles', idField: 'id', rowName: (r) => builtInText('role', r.name) });
export const audienceTags = defineResource({ name: 'audience-tags', base: '/api/site-messages/audience/tags', idField: 'id', rowName: (r) => r.name });
const users = defineResource({ name: 'audience-users', base: '/api/site-messages/audience/users', idField: 'id', rowName: (r) => r.name });
/** users by name alone: their ids mean nothing to the reader */
export const audienceUsers: typeof users = { ...users, optionOf: (r) => ({ value: r.id, label: r.name }) };

export type SiteMessageRow = RowOf<typeof siteMessageResource>;
export type SiteMessageDetail = ItemOf<typeof siteMessageResource>;
export type SiteMessageRead = Data<'/api/site-messages/{id}/reads', 'get'>[number];
export type InboxMessage = Data<'/api/messages', 'get'>[number];

export type MessageStatus = 'draft' | 'scheduled' | 'published' | 'withdrawn';
export const MESSAGE_STATUSES: MessageStatus[] = ['draft', 'scheduled', 'published', 'withdrawn'];
export type Audience = 'everyone' | 'roles' | 'tags' | 'users';
export const AUDIENCES: Audience[] = ['everyone', 'roles', 'tags', 'users'];

interface Ok<T> {
  success: true;
  data: T;
}
const call = <T>(url: string, opts: RequestOptions & { method: string; data?: unknown }) => request<Ok<T>>(url, opts).then((r) => r.data);

export const withdrawMessage = (id: string) => call<SiteMessageDetail>(siteMessageResource.url(id, 'withdraw'), { method: 'POST' });
export const messageReads = (id: string, q: ListQuery) =>
  request<{ success: true; data: SiteMessageRead[]; total: number }>(`${siteMessageResource.url(id, 'reads')}${listQueryString(q)}`, { method: 'GET' });

export const inbox = (q: { keyword?: string; unread?: boolean; current?: number; pageSize?: number }) =>
  request<{ success: true; data: InboxMessage[]; total: number }>(withQuery('/api/messages', q), { method: 'GET' });
export const unreadCount = (opts?: RequestOptions) => call<{ unread: number }>('/api/messages/unread-count', { method: 'GET', ...opts });
export const markRead = (id: string) => call<{ unread: number }>(`/api/messages/${encodeURIComponent(id)}/read`, { method: 'POST' });
export const markAllRead = () => call<{ marked: number; unread: number }>('/api/messages/read-all', { method: 'POST' });
