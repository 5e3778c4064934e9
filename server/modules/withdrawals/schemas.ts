/**
 * The withdrawals' answers: their schemas (the routes declare them; the OpenAPI document names
 * them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { ACCOUNT_TYPES, WITHDRAW_STATUSES } from '../../../shared/withdraw';
import { Nullable } from '../../core/schemas';

const Status = Type.Unsafe<string>({ type: 'string', enum: [...WITHDRAW_STATUSES] });
const AccountTypeT = Type.Union(ACCOUNT_TYPES.map((t) => Type.Literal(t)));

export const WithdrawRow = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    /** credits taken out of the balance */
    amount: Type.Integer(),
    /** credits kept as the fee (part of amount) */
    fee: Type.Integer(),
    payout_cents: Type.Integer(),
    account_type: AccountTypeT,
    account_name: Type.String(),
    account_no: Type.String(),
    bank_name: Nullable(Type.String()),
    status: Status,
    /** why it was rejected */
    reason: Nullable(Type.String()),
    payout_ref: Nullable(Type.String()),
    reviewer_id: Nullable(Type.String()),
    reviewer_name: Nullable(Type.String()),
    reviewed_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'WithdrawRow' },
);

/** the settings the request form needs (and finance may change) */
export const SettingsBody = {
  min_credits: Type.Integer(),
  fee_bps: Type.Integer(),
  min_fee: Type.Integer(),
  cents_per_credit: Type.Integer(),
  account_types: Type.Array(AccountTypeT, { maxItems: ACCOUNT_TYPES.length }),
};

export const WithdrawSettingsT = Type.Object(
  { ...SettingsBody, /** credits the author of a store prompt earns per use by someone else; 0: off */ store_use_reward: Type.Integer() },
  { $id: 'WithdrawSettings' },
);

export const WithdrawSummary = Type.Object(
  {
    balance: Type.Integer(),
    earned: Type.Integer(),
    withdrawn: Type.Integer(),
    withdrawable: Type.Integer(),
    /** the caller's real-name state: none | pending | approved | rejected */
    realname: Type.String(),
    settings: Type.Object(SettingsBody),
  },
  { $id: 'WithdrawSummary' },
);

export type WithdrawRow = Static<typeof WithdrawRow>;
export type WithdrawSummary = Static<typeof WithdrawSummary>;
