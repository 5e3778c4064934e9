/** The relay's limits a key starts with, read by the server's meter and the API keys form. */

/** a minute's requests and tokens of a key that sets none of its own, and the most one may set */
export const RELAY_LIMITS = { RPM: 60, TPM: 1_000_000, RPM_MAX: 100_000, TPM_MAX: 100_000_000 } as const;
