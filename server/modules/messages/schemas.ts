/**
 * The site messages' answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const SiteMessageRow = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    /** markdown */
    body: Type.String(),
    /** everyone | roles | tags | users */
    audience: Type.String(),
    /** role ids, tag ids or user ids */
    audience_ids: Type.Array(Type.String()),
    /** null: a draft */
    publish_at: Nullable(Type.String({ format: 'date-time' })),
    withdrawn_at: Nullable(Type.String({ format: 'date-time' })),
    author_id: Nullable(Type.String()),
    author_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    /** draft | scheduled | published | withdrawn */
    status: Type.String(),
    read_count: Type.Integer(),
  },
  { $id: 'SiteMessageRow' },
);

export const SiteMessageDetail = Type.Object(
  {
    ...SiteMessageRow.properties,
    /** the users the audience reaches now (closed accounts left out) */
    audience_count: Type.Integer(),
    /** the audience's roles, tags or users by name, in audience_ids' order */
    audience_names: Type.Array(Type.String()),
  },
  { $id: 'SiteMessageDetail' },
);

export const SiteMessageRead = Type.Object(
  {
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    email: Nullable(Type.String()),
    mobile: Nullable(Type.String()),
    read_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'SiteMessageRead' },
);

export const InboxMessage = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    publish_at: Type.String({ format: 'date-time' }),
    /** null: unread */
    read_at: Nullable(Type.String({ format: 'date-time' })),
    author_name: Nullable(Type.String()),
  },
  { $id: 'InboxMessage' },
);

export type SiteMessageRow = Static<typeof SiteMessageRow>;
export type SiteMessageDetail = Static<typeof SiteMessageDetail>;
export type SiteMessageRead = Static<typeof SiteMessageRead>;
export type InboxMessage = Static<typeof InboxMessage>;
