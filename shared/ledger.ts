/**
 * The kinds of credit ledger entries (server/modules/credits writes them, the console filters
 * and names them). Browser-safe.
 */

/** in the order filters offer them */
export const LEDGER_KINDS = ['grant', 'hold', 'capture', 'release', 'topup', 'refund', 'redeem', 'reward', 'welfare', 'earn', 'withdrawal', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Credits that may be withdrawn: what the account earned (a store prompt's usage reward, an admin
 * grant marked withdrawable). Bought, granted or redeemed credits are spent, never paid out.
 */
export const EARNED_KINDS: readonly LedgerKind[] = ['earn'];
