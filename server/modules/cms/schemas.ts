/**
 * The CMS answers: their schemas (the routes declare them; the OpenAPI document names them) and
 * their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const CategoryRow = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    icon: Type.String(),
    sort: Type.Integer(),
    /** articles in the category, drafts included */
    article_count: Type.Integer(),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'CmsCategoryRow' },
);

const articleFields = {
  id: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  user_id: Nullable(Type.String()),
  author_name: Nullable(Type.String()),
  category_id: Nullable(Type.String()),
  category_name: Nullable(Type.String()),
  /** 0 draft, 1 published */
  article_status: Type.Integer(),
  /** none | one | three */
  cover_mode: Type.String(),
  /** the cover images' urls (as many as the cover mode shows) */
  thumbnail: Type.Array(Type.String()),
  view_count: Type.Integer(),
  like_count: Type.Integer(),
  comment_count: Type.Integer(),
  is_sticky: Type.Boolean(),
  is_essence: Type.Boolean(),
  /** 0 comments closed, 1 open */
  comment_status: Type.Integer(),
  publish_date: Nullable(Type.String({ format: 'date-time' })),
  last_modify_date: Type.String({ format: 'date-time' }),
  create_date: Type.String({ format: 'date-time' }),
};

export const ArticleRow = Type.Object(
  { ...articleFields, publish_ip: Nullable(Type.String()), last_modify_ip: Nullable(Type.String()) },
  { $id: 'CmsArticleRow' },
);
export const Article = Type.Object({ ...ArticleRow.properties, content: Type.String() }, { $id: 'CmsArticle' });
export const PublishedArticle = Type.Object(articleFields, { $id: 'CmsPublishedArticle' });
export const ReadArticle = Type.Object(
  { ...articleFields, content: Type.String(), preview_expires_at: Type.Optional(Type.String({ format: 'date-time' })) },
  { $id: 'CmsReadArticle' },
);

export type CategoryRow = Static<typeof CategoryRow>;
export type ArticleRow = Static<typeof ArticleRow>;
export type Article = Static<typeof Article>;
export type PublishedArticle = Static<typeof PublishedArticle>;
export type ReadArticle = Static<typeof ReadArticle>;
