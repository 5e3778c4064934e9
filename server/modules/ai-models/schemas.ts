/**
 * The AI model admin's answer: its schema (the routes declare it; the OpenAPI document names it)
 * and its type (the service returns it, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { AI_KINDS } from '../../../shared/ai-models';
import { Nullable } from '../../core/schemas';
import { PROTOCOLS } from './providers';

/** a string enum whose static type is the union of its values */
export const Enum = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const AiModelRow = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Enum(AI_KINDS),
    protocol: Enum(PROTOCOLS),
    base_url: Type.String(),
    /** e.g. sk-…3f9a; the key itself never leaves the server */
    api_key_masked: Nullable(Type.String()),
    provider_model: Type.String(),
    context_window: Type.Integer(),
    max_output_tokens: Type.Integer(),
    /** credits per million input tokens */
    input_price: Type.Integer(),
    /** credits per million output tokens */
    output_price: Type.Integer(),
    enabled: Type.Boolean(),
    /** reads images: the chat sends it a question's pictures */
    vision: Type.Boolean(),
    /** the roles that may use it; empty = everyone */
    roles: Type.Array(Type.String()),
    role_names: Type.Array(Type.String()),
    sort: Type.Integer(),
    comment: Nullable(Type.String()),
    create_date: Type.String({ format: 'date-time' }),
    update_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'AiModelRow' },
);

export type AiModelRow = Static<typeof AiModelRow>;

/** how a channel has fared */
const health = {
  /** failures in a row (at 3 it is paused) */
  failures: Type.Integer(),
  /** paused until then (null: in service) */
  paused_until: Nullable(Type.String({ format: 'date-time' })),
  requests: Type.Integer(),
  errors: Type.Integer(),
  /** the last attempt's time to its first token (or to its failure) */
  latency_ms: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
};

export const ChannelHealth = Type.Object(health);
export type ChannelHealth = Static<typeof ChannelHealth>;

export const AiChannel = Type.Object(
  {
    id: Type.String(),
    model_id: Type.String(),
    name: Type.String(),
    protocol: Type.String(),
    base_url: Type.String(),
    api_key_masked: Nullable(Type.String()),
    /** the provider's model id behind the model's name (an alias) */
    provider_model: Type.String(),
    priority: Type.Integer(),
    weight: Type.Integer(),
    enabled: Type.Boolean(),
    ...health,
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AiChannel' },
);
export type AiChannelRow = Static<typeof AiChannel>;
