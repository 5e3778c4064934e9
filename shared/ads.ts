/** Rewarded ads: the bounds of the settings the admin form and the server share. Browser-safe. */

export const AD_BOUNDS = { credits_per_view: { min: 1, max: 100_000 }, daily_cap: { min: 1, max: 1000 } } as const;
