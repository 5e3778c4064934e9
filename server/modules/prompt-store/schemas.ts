/**
 * The prompt store's answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const StorePrompt = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    body: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    model_id: Nullable(Type.String()),
    featured: Type.Boolean(),
    use_count: Type.Integer(),
    favourite_count: Type.Integer(),
    published_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    author_name: Nullable(Type.String()),
    /** whether the caller favourited it */
    favourited: Type.Boolean(),
  },
  { $id: 'StorePrompt' },
);

export const StorePromptAdminRow = Type.Object(
  {
    ...Type.Omit(StorePrompt, ['favourited']).properties,
    /** pending | approved | rejected | taken_down */
    status: Type.String(),
    /** why it was rejected or taken down */
    reason: Nullable(Type.String()),
    author_id: Nullable(Type.String()),
    source_template_id: Nullable(Type.String()),
    reviewed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'StorePromptAdminRow' },
);

export const StoreSubmission = Type.Object(
  {
    id: Type.String(),
    source_template_id: Nullable(Type.String()),
    title: Type.String(),
    status: Type.String(),
    reason: Nullable(Type.String()),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'StoreSubmission' },
);

export type StorePrompt = Static<typeof StorePrompt>;
export type StorePromptAdminRow = Static<typeof StorePromptAdminRow>;
export type StoreSubmission = Static<typeof StoreSubmission>;
