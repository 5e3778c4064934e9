/**
 * Welfare campaigns: who may claim, how often, the list's statuses and the bounds the form and
 * the server share. Browser-safe.
 */

export const ELIGIBILITY = ['everyone', 'roles', 'tags', 'new_users', 'realname'] as const;
export type Eligibility = (typeof ELIGIBILITY)[number];

export const FREQUENCY = ['once', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCY)[number];

/** what the list's status column says; computed from the row and the clock */
export const WELFARE_STATUSES = ['active', 'scheduled', 'exhausted', 'ended', 'off'] as const;
export type WelfareStatus = (typeof WELFARE_STATUSES)[number];

export const WELFARE = {
  CREDITS_MAX: 1_000_000,
  /** PostgreSQL's int4: budget and used are integer columns */
  BUDGET_MAX: 2_147_483_647,
  NEW_USER_DAYS_MAX: 3650,
  VALUES_MAX: 100,
  /** campaigns the home card shows at most */
  AVAILABLE_MAX: 50,
} as const;
