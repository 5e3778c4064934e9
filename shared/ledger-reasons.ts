/**
 * The reasons the server itself writes on ledger entries, by the entry's reference type. The
 * stored text stays this English wording; the console shows it in the reader's language.
 */

/** reference type -> the reason the server writes with it (a new account's starting credits) */
export const BUILT_IN_LEDGER_REASONS: Readonly<Record<string, string>> = {
  register: 'starting credits',
};

/** the reference type whose built-in reason this entry still carries, or null (an admin's words, any other text) */
export function builtInReasonOf(refType: string | null | undefined, reason: string | null | undefined): string | null {
  return refType && reason && BUILT_IN_LEDGER_REASONS[refType] === reason ? refType : null;
}
