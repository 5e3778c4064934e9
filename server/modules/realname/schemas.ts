/**
 * The real-name verification's answers: their schemas (the routes declare them; the OpenAPI document
 * names them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

const Status = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

export const RealnameInfo = Type.Object(
  {
    status: Type.Union([Type.Literal('none'), Status]),
    /** masked: the first character only, e.g. 张* */
    realName: Nullable(Type.String()),
    /** e.g. 1101**********4514 */
    idCardMasked: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    submittedAt: Nullable(Type.String({ format: 'date-time' })),
    decidedAt: Nullable(Type.String({ format: 'date-time' })),
    /** submissions left in the last 24 hours */
    attemptsLeftToday: Type.Integer(),
    maxAttempts: Type.Integer(),
  },
  { $id: 'RealnameInfo' },
);

export const RealnameRow = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    /** in full: the reviewer compares it with the masked number's owner */
    real_name: Type.String(),
    id_card_masked: Type.String(),
    status: Status,
    reason: Nullable(Type.String()),
    /** null: decided automatically (a provider, or the number standing on another account) */
    reviewer_id: Nullable(Type.String()),
    reviewer_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'RealnameRow' },
);

export type RealnameInfo = Static<typeof RealnameInfo>;
export type RealnameRow = Static<typeof RealnameRow>;
