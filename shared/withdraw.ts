/**
 * Withdrawals: the settings' shape and bounds, the statuses, and the fee and payout of an amount
 * (the server charges it, the request form shows it live). Browser-safe.
 */

export const WITHDRAW_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const ACCOUNT_TYPES = ['alipay', 'bank'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface WithdrawSettings {
  /** the fewest credits one request may withdraw */
  min_credits: number;
  /** the fee in basis points of the amount (100 = 1%) */
  fee_bps: number;
  /** the fee is at least this many credits */
  min_fee: number;
  /** cents (fen) paid per credit after the fee */
  cents_per_credit: number;
  account_types: AccountType[];
  /** credits earned by a store prompt's author each time someone else uses it; 0: off */
  store_use_reward: number;
}

/** the bounds the settings form and the server share */
export const WITHDRAW_BOUNDS = {
  min_credits: [1, 100_000_000],
  fee_bps: [0, 5000],
  min_fee: [0, 1_000_000],
  cents_per_credit: [1, 10_000],
  store_use_reward: [0, 1_000_000],
} as const;

/** the fee and the payout of a request of `amount` credits */
export function quote(s: WithdrawSettings, amount: number): { fee: number; payoutCents: number } {
  const fee = Math.min(amount, Math.max(s.min_fee, Math.ceil((amount * s.fee_bps) / 10_000)));
  return { fee, payoutCents: (amount - fee) * s.cents_per_credit };
}
