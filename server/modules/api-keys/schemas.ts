/** Personal API keys as the API answers them: the hint of the key, never the key (but once, at its creation). */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const ApiKeyRow = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** sk-AbCd…WxYz: enough to tell keys apart, not to use one */
    key_hint: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    credit_cap_total: Nullable(Type.Integer()),
    credit_cap_daily: Nullable(Type.Integer()),
    credits_used: Type.Integer(),
    /** what its calls under way hold now */
    credits_held: Type.Integer(),
    /** requests and tokens a minute; null: the service's defaults */
    rpm_limit: Nullable(Type.Integer()),
    tpm_limit: Nullable(Type.Integer()),
    /** empty: every model its holder may use */
    models: Type.Array(Type.String()),
    /** empty: from anywhere */
    ip_allow: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    /** active | disabled | expired */
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('expired')]),
    last_used_at: Nullable(Type.String({ format: 'date-time' })),
    last_used_ip: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ApiKeyRow' },
);
export type ApiKeyRow = Static<typeof ApiKeyRow>;

/** a new key: the row and, this once, the key itself */
export const NewApiKey = Type.Object({ ...ApiKeyRow.properties, key: Type.String() }, { $id: 'NewApiKey' });
export type NewApiKey = Static<typeof NewApiKey>;

/** a key's use on a day with a model */
export const ApiKeyUsageRow = Type.Object(
  {
    id: Type.String(),
    key_id: Type.String(),
    key_name: Type.String(),
    key_hint: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    /** YYYY-MM-DD in the service's day zone */
    day: Type.String(),
    model_id: Type.String(),
    model_name: Type.String(),
    requests: Type.Integer(),
    errors: Type.Integer(),
    input_tokens: Type.Integer(),
    output_tokens: Type.Integer(),
    credits: Type.Integer(),
  },
  { $id: 'ApiKeyUsageRow' },
);
export type ApiKeyUsageRow = Static<typeof ApiKeyUsageRow>;
