/**
 * The withdrawal settings (app_settings 'settings.withdraw'): minimum, fee, the rate paid per
 * credit, the payout account types offered, and the credits a store prompt's author earns per use.
 */
import { AppError } from '../../core/errors';
import type { SettingsArea } from '../../core/settings';
import { ACCOUNT_TYPES, WITHDRAW_BOUNDS, type WithdrawSettings } from '../../../shared/withdraw';

export type { WithdrawSettings };

function inRange(v: unknown, [lo, hi]: readonly [number, number], field: string) {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < lo || v > hi) {
    throw new AppError('INVALID_PARAM', { field, params: { reason: `a whole number from ${lo} to ${hi}` } });
  }
}

export const withdrawSettings: SettingsArea<WithdrawSettings> = {
  key: 'settings.withdraw',
  defaults: { min_credits: 1000, fee_bps: 100, min_fee: 0, cents_per_credit: 1, account_types: ['alipay', 'bank'], store_use_reward: 0 },
  check(v) {
    for (const [field, range] of Object.entries(WITHDRAW_BOUNDS)) inRange(v[field as keyof WithdrawSettings], range, field);
    const types = v.account_types;
    if (!Array.isArray(types) || !types.length || types.some((t) => !ACCOUNT_TYPES.includes(t)) || new Set(types).size !== types.length) {
      throw new AppError('INVALID_PARAM', { field: 'account_types', params: { reason: `one or more of ${ACCOUNT_TYPES.join(', ')}` } });
    }
  },
};
