/**
 * The redemption codes' answers: their schemas (the routes declare them; the OpenAPI document
 * names them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const RedeemBatch = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** credits per code */
    credits: Type.Integer(),
    /** codes generated */
    count: Type.Integer(),
    used_count: Type.Integer(),
    expires_at: Type.String({ format: 'date-time' }),
    expired: Type.Boolean(),
    disabled: Type.Boolean(),
    created_by: Nullable(Type.String()),
    created_by_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'RedeemBatch' },
);

export const RedeemCode = Type.Object(
  {
    /** XXXX-XXXX-XXXX-XXXX */
    code: Type.String(),
    batch_id: Type.String(),
    used_by: Nullable(Type.String()),
    used_by_name: Nullable(Type.String()),
    used_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'RedeemCode' },
);

export type RedeemBatch = Static<typeof RedeemBatch>;
