/** The payments' admin settings: the custom amount's bounds and rate, and how long an order stays open. */
import { AppError } from '../../core/errors';
import type { SettingsArea } from '../../core/settings';

export interface PaySettings {
  /** a custom amount besides the packages */
  custom_enabled: boolean;
  custom_min_cents: number;
  custom_max_cents: number;
  /** credits a custom amount buys per yuan */
  credits_per_yuan: number;
  /** how long an order may be paid */
  order_ttl_minutes: number;
}

export const MAX_CENTS = 100_000_000; // one million yuan

export const PAY_SETTINGS: SettingsArea<PaySettings> = {
  key: 'settings.payments',
  defaults: { custom_enabled: true, custom_min_cents: 100, custom_max_cents: 500_000, credits_per_yuan: 100, order_ttl_minutes: 30 },
  check(v) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    if (!Number.isSafeInteger(v.custom_min_cents) || v.custom_min_cents < 1) throw bad('custom_min_cents', 'at least 1 cent');
    if (!Number.isSafeInteger(v.custom_max_cents) || v.custom_max_cents > MAX_CENTS) throw bad('custom_max_cents', `at most ${MAX_CENTS} cents`);
    if (v.custom_max_cents < v.custom_min_cents) throw bad('custom_max_cents', 'not below the minimum');
    if (!Number.isSafeInteger(v.credits_per_yuan) || v.credits_per_yuan < 1 || v.credits_per_yuan > 1_000_000) throw bad('credits_per_yuan', '1 to 1000000');
    if (!Number.isSafeInteger(v.order_ttl_minutes) || v.order_ttl_minutes < 5 || v.order_ttl_minutes > 24 * 60)
      throw bad('order_ttl_minutes', '5 to 1440 minutes');
  },
};
