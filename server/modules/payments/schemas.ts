/**
 * The payments module's answers: their schemas (the routes declare them; the OpenAPI document
 * names them) and their types (the services return them: one type for route and service).
 */
import { type Static, Type } from '@sinclair/typebox';
import { ORDER_STATUSES, PAY_METHODS } from '../../../shared/pay';
import { Nullable } from '../../core/schemas';

const Method = Type.Unsafe<string>({ type: 'string', enum: [...PAY_METHODS] });
const Status = Type.Unsafe<string>({ type: 'string', enum: [...ORDER_STATUSES] });
const Time = Type.String({ format: 'date-time' });

const orderFields = {
  order_no: Type.String(),
  user_id: Type.String(),
  provider: Type.Unsafe<string>({ type: 'string', enum: ['alipay', 'wxpay'] }),
  method: Method,
  package_id: Nullable(Type.String()),
  subject: Type.String(),
  amount_cents: Type.Integer(),
  credits: Type.Integer(),
  status: Status,
  trade_no: Nullable(Type.String()),
  /** the QR code's content to show (alipay_qr, wxpay_native) while the order is open */
  qr_code: Nullable(Type.String()),
  /** computer-website pay: the provider's page to go to */
  pay_url: Nullable(Type.String()),
  /** the console page the payment was started from */
  return_to: Nullable(Type.String()),
  platform: Type.String(),
  refunded_cents: Type.Integer(),
  refunded_credits: Type.Integer(),
  expires_at: Time,
  paid_at: Nullable(Time),
  credited_at: Nullable(Time),
  closed_at: Nullable(Time),
  created_at: Time,
};
export const PayOrder = Type.Object(orderFields, { $id: 'PayOrder' });
export const AdminPayOrder = Type.Object({ ...orderFields, username: Nullable(Type.String()), nickname: Nullable(Type.String()) }, { $id: 'AdminPayOrder' });
export const FollowedOrder = Type.Object({ ...orderFields, balance: Nullable(Type.Integer()) }, { $id: 'FollowedOrder' });
export type PayOrderRow = Static<typeof PayOrder>;
export type AdminPayOrderRow = Static<typeof AdminPayOrder>;
export type FollowedOrderRow = Static<typeof FollowedOrder>;

export const PayPackage = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    price_cents: Type.Integer(),
    credits: Type.Integer(),
    /** credits given on top */
    bonus_credits: Type.Integer(),
    sort: Type.Integer(),
    enabled: Type.Boolean(),
    /** paid orders of it */
    sold: Type.Integer(),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'PayPackage' },
);
export type PayPackageRow = Static<typeof PayPackage>;

export const PaySettings = Type.Object(
  {
    custom_enabled: Type.Boolean(),
    custom_min_cents: Type.Integer(),
    custom_max_cents: Type.Integer(),
    credits_per_yuan: Type.Integer(),
    order_ttl_minutes: Type.Integer(),
  },
  { $id: 'PaySettings' },
);

export const PayOptions = Type.Object(
  {
    methods: Type.Array(
      Type.Object({
        method: Method,
        provider: Type.String(),
        enabled: Type.Boolean(),
        /** why it is off: not_configured (no provider keys on this server) or no_public_url (PUBLIC_URL unset) */
        reason: Nullable(Type.Unsafe<string>({ type: 'string', enum: ['not_configured', 'no_public_url'] })),
      }),
    ),
    packages: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), price_cents: Type.Integer(), credits: Type.Integer(), bonus_credits: Type.Integer() }),
    ),
    custom: Type.Object({ enabled: Type.Boolean(), min_cents: Type.Integer(), max_cents: Type.Integer(), credits_per_yuan: Type.Integer() }),
  },
  { $id: 'PayOptions' },
);
export type PayOptionsData = Static<typeof PayOptions>;
/** a package as the top-up page offers it */
export type OfferedPackage = PayOptionsData['packages'][number];

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
export type PayRefundRow = Static<typeof PayRefund>;

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
