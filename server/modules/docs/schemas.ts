/**
 * The help documents' answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

const Link = Nullable(Type.Object({ id: Type.String(), title: Type.String() }));

export const TreeItem = Type.Object(
  {
    id: Type.String(),
    parent_id: Nullable(Type.String()),
    slug: Type.String(),
    sort: Type.Integer(),
    /** the language the title is in (the caller's, else en-US, else any) */
    locale: Type.String(),
    title: Type.String(),
    depth: Type.Integer(),
    has_children: Type.Boolean(),
  },
  { $id: 'HelpTreeItem' },
);

export const DocumentView = Type.Object(
  {
    id: Type.String(),
    parent_id: Nullable(Type.String()),
    slug: Type.String(),
    sort: Type.Integer(),
    updated_at: Type.String({ format: 'date-time' }),
    /** the language shown: the one asked for, else en-US, else any */
    locale: Type.String(),
    title: Type.String(),
    body: Type.String(),
    text_updated_at: Nullable(Type.String({ format: 'date-time' })),
    path: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
    prev: Link,
    next: Link,
  },
  { $id: 'HelpDocumentView' },
);

export const DocumentTexts = Type.Object(
  {
    id: Type.String(),
    parent_id: Nullable(Type.String()),
    slug: Type.String(),
    sort: Type.Integer(),
    updated_at: Type.String({ format: 'date-time' }),
    texts: Type.Array(Type.Object({ locale: Type.String(), title: Type.String(), body: Type.String(), updated_at: Type.String({ format: 'date-time' }) })),
  },
  { $id: 'HelpDocumentTexts' },
);

export const SearchHit = Type.Object(
  { id: Type.String(), locale: Type.String(), title: Type.String(), snippet: Type.String(), in_title: Type.Boolean() },
  { $id: 'HelpSearchHit' },
);

export type TreeItem = Static<typeof TreeItem>;
export type DocumentView = Static<typeof DocumentView>;
export type DocumentTexts = Static<typeof DocumentTexts>;
export type SearchHit = Static<typeof SearchHit>;
