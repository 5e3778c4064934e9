/** The payments module's answer shapes that its service builds too (one type for route and service). */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

const Time = Type.String({ format: 'date-time' });

export const PayRefund = Type.Object(
  {
    id: Type.String(),
    refund_no: Type.String(),
    amount_cents: Type.Integer(),
    credits: Type.Integer(),
    /** credits the balance no longer held (spent): written down, not taken */
    credits_shortfall: Type.Integer(),
    status: Type.Unsafe<string>({ type: 'string', enum: ['pending', 'succeeded', 'failed'] }),
    reason: Type.String(),
    provider_refund_id: Nullable(Type.String()),
    created_at: Time,
    finished_at: Nullable(Time),
  },
  { $id: 'PayRefund' },
);

export const PayRefundWithActor = Type.Composite([PayRefund, Type.Object({ actor: Nullable(Type.String()) })]);
export type PayRefundWithActorRow = Static<typeof PayRefundWithActor>;

/** a provider notification as recorded, with its outcome */
export const PayNotification = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  notify_id: Nullable(Type.String()),
  verified: Type.Boolean(),
  /** credited | duplicate | forged | amount_mismatch | app_mismatch | unknown_order | not_paid | malformed | decrypt | error */
  outcome: Type.String(),
  detail: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  received_at: Time,
});
export type PayNotificationRow = Static<typeof PayNotification>;
