/**
 * The prompt templates' answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const PromptTemplateRow = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    model_id: Nullable(Type.String()),
    /** the number of the latest saved version */
    version: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PromptTemplateRow' },
);

export const PromptTemplateVersion = Type.Object(
  {
    version: Type.Integer(),
    title: Type.String(),
    body: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    model_id: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PromptTemplateVersion' },
);

export const PromptTemplateVariable = Type.Object(
  {
    name: Type.String(),
    type: Type.Union([Type.Literal('text'), Type.Literal('select'), Type.Literal('number'), Type.Literal('textarea')]),
    options: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'PromptTemplateVariable' },
);

export const PromptTemplateExport = Type.Object(
  {
    title: Type.String(),
    body: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    model_id: Nullable(Type.String()),
    variables: Type.Array(Type.Ref('PromptTemplateVariable')),
  },
  { $id: 'PromptTemplateExport' },
);

export type PromptTemplateRow = Static<typeof PromptTemplateRow>;
export type PromptTemplateVersion = Static<typeof PromptTemplateVersion>;
export type PromptTemplateVariable = Static<typeof PromptTemplateVariable>;
export type PromptTemplateExport = Omit<Static<typeof PromptTemplateExport>, 'variables'> & { variables: PromptTemplateVariable[] };
