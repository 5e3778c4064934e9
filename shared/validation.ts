/**
 * Account field rules (uni-id reference), shared by the server and the console so both
 * enforce the same thing. Each check answers the catalogue code of the failure, or null.
 */
export const USERNAME_RE = /^[a-zA-Z0-9_-]{3,32}$/;
export const MOBILE_RE = /^1\d{10}$/;
export const PASSWORD_RE = /^[a-zA-Z0-9!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`~]{8,16}$/;

export type FieldError =
  | 'USERNAME_INVALID'
  | 'NICKNAME_INVALID'
  | 'PASSWORD_INVALID'
  | 'PASSWORD_WEAK'
  | 'PASSWORD_MISMATCH'
  | 'MOBILE_INVALID'
  | 'EMAIL_INVALID';

export function checkUsername(v: string): FieldError | null {
  return USERNAME_RE.test(v) && !/^\d+$/.test(v) ? null : 'USERNAME_INVALID';
}

export function checkNickname(v: string | undefined | null): FieldError | null {
  if (!v) return null;
  return v.includes('@') || /^\d+$/.test(v) || v.length > 32 ? 'NICKNAME_INVALID' : null;
}

/** password strength 'medium': at least two of digits, letters, specials */
export function checkPassword(v: string): FieldError | null {
  if (!PASSWORD_RE.test(v)) return 'PASSWORD_INVALID';
  const kinds = [/\d/, /[a-zA-Z]/, /[^a-zA-Z0-9]/].filter((re) => re.test(v)).length;
  return kinds >= 2 ? null : 'PASSWORD_WEAK';
}

export const isMobile = (v: string) => MOBILE_RE.test(v);
export const isEmail = (v: string) => v.includes('@');

/** user administration (issue 3): an empty value means "none" */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

export function checkMobile(v: string | undefined | null): FieldError | null {
  return !v || MOBILE_RE.test(v) ? null : 'MOBILE_INVALID';
}

export function checkEmail(v: string | undefined | null): FieldError | null {
  return !v || (EMAIL_RE.test(v) && v.length <= 254) ? null : 'EMAIL_INVALID';
}
