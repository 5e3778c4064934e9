/**
 * The kinds of credit ledger entries (server/modules/credits writes them, the console filters
 * and names them). Browser-safe.
 */

/** in the order filters offer them */
export const LEDGER_KINDS = [
  'grant',
  'hold',
  'capture',
  'release',
  'topup',
  'refund',
  'redeem',
  'reward',
  'welfare',
  'earn',
  'withdrawal',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * What a ledger entry refers to (its ref_type): the one list the server writes and the history
 * labels (credits.ref.*). `opening` is the balance an account had before the ledger began.
 */
export const LEDGER_REF_TYPES = [
  'register',
  'chat',
  'ai-task',
  'transcription',
  'admin',
  'opening',
  'order',
  'refund',
  'redeem',
  'ad',
  'withdrawal',
  'store-prompt',
  'welfare',
  'api',
] as const;
export type LedgerRefType = (typeof LEDGER_REF_TYPES)[number];

/**
 * Credits that may be withdrawn: what the account earned (a store prompt's usage reward, an admin
 * grant marked withdrawable). Bought, granted or redeemed credits are spent, never paid out.
 */
export const EARNED_KINDS: readonly LedgerKind[] = ['earn'];
