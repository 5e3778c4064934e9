/** Site messages: the staff's resource (list, one, write, edit, withdraw, readers) and each user's inbox calls; types from the generated paths. */
import { listQueryString, type ListQuery } from './query-string';
import { api } from './client';
import type { RequestOptions } from './request-layer';
import { defineResource, type Data, type ItemOf, type RowOf } from './resource';
import { builtInText } from '../shared/i18n';

export const siteMessageResource = defineResource({ name: 'site-messages', base: '/api/site-messages', idField: 'id', rowName: (r) => r.title });
/** the audience pickers' lists (id and name), open to whoever manages messages */
export const audienceRoles = defineResource({
  name: 'audience-roles',
  base: '/api/site-messages/audience/roles',
  idField: 'id',
  rowName: (r) => builtInText('role', r.name),
});
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

export const withdrawMessage = (id: string) => api.post('/api/site-messages/{id}/withdraw', undefined, { path: { id } });
export const messageReads = (id: string, q: ListQuery) => api.page('/api/site-messages/{id}/reads', { path: { id }, search: listQueryString(q) });

export const inbox = (q: { keyword?: string; unread?: boolean; current?: number; pageSize?: number }) => api.page('/api/messages', { query: q });
export const unreadCount = (opts?: RequestOptions) => api.get('/api/messages/unread-count', opts);
export const markRead = (id: string) => api.post('/api/messages/{id}/read', undefined, { path: { id } });
export const markAllRead = () => api.post('/api/messages/read-all');
