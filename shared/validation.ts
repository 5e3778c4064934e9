/**
 * Account field rules (uni-id reference), shared by the server and the console so both
 * enforce the same thing. Each check answers the catalogue code of the failure, or null.
 * Lengths count characters (code points, shared/text.ts): 𠮷 or 😀 is one.
 */
import { textLength } from './text';

export const USERNAME_RE = /^[a-zA-Z0-9_-]{3,32}$/;
export const MOBILE_RE = /^1\d{10}$/;
/** a nickname's most characters */
export const NICKNAME_MAX = 32;
export const PASSWORD_RE = /^[a-zA-Z0-9!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`~]{8,16}$/;

export type FieldError =
  'USERNAME_INVALID' | 'NICKNAME_INVALID' | 'PASSWORD_INVALID' | 'PASSWORD_WEAK' | 'PASSWORD_MISMATCH' | 'MOBILE_INVALID' | 'EMAIL_INVALID';

export function checkUsername(v: string): FieldError | null {
  return USERNAME_RE.test(v) && !/^\d+$/.test(v) ? null : 'USERNAME_INVALID';
}

export function checkNickname(v: string | undefined | null): FieldError | null {
  if (!v) return null;
  return v.includes('@') || /^\d+$/.test(v) || textLength(v) > NICKNAME_MAX ? 'NICKNAME_INVALID' : null;
}

/** password strength 'medium': at least two of digits, letters, specials */
export function checkPassword(v: string): FieldError | null {
  if (!PASSWORD_RE.test(v)) return 'PASSWORD_INVALID';
  const kinds = [/\d/, /[a-zA-Z]/, /[^a-zA-Z0-9]/].filter((re) => re.test(v)).length;
  return kinds >= 2 ? null : 'PASSWORD_WEAK';
}

export const isMobile = (v: string) => MOBILE_RE.test(v);
export const isEmail = (v: string) => v.includes('@');

/** user administration: an empty value means "none" */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

export function checkMobile(v: string | undefined | null): FieldError | null {
  return !v || MOBILE_RE.test(v) ? null : 'MOBILE_INVALID';
}

export function checkEmail(v: string | undefined | null): FieldError | null {
  return !v || (EMAIL_RE.test(v) && textLength(v) <= 254) ? null : 'EMAIL_INVALID';
}

// ---- file service (spec section 5) ------------------------------------------------

/** the largest file the file service takes (a cropped 600x600 avatar is far below it) */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CLOUDPATH_MAX = 500;
/** the folder avatars are uploaded to; files under it are readable by anyone (see server/modules/files) */
export const AVATAR_FOLDER = 'avatar';
/** the folder of article images (covers and images in the text): readable by anyone, like avatars */
export const CMS_FOLDER = 'cms';

export interface ParamFailure {
  code: 'CLOUDPATH_REQUIRED' | 'INVALID_PARAM';
  reason?: string;
}

/**
 * Spec section 5: the upload cloudPath is required, a string, non-empty after trimming, must
 * not contain '://' and, used as the real path, must not contain a backslash. Answers the
 * failure (code + reason) or null.
 */
export function checkCloudPath(v: unknown): ParamFailure | null {
  if (v === undefined || v === null || v === '') return { code: 'CLOUDPATH_REQUIRED' };
  if (typeof v !== 'string') return { code: 'INVALID_PARAM', reason: 'must be a string' };
  const p = v.trim();
  if (!p) return { code: 'INVALID_PARAM', reason: 'must not be empty' };
  if (p.includes('://')) return { code: 'INVALID_PARAM', reason: "must not contain '://'" };
  if (p.includes('\\')) return { code: 'INVALID_PARAM', reason: "must not contain '\\'" };
  if (textLength(p) > CLOUDPATH_MAX) return { code: 'INVALID_PARAM', reason: `at most ${CLOUDPATH_MAX} characters` };
  return null;
}

/** spec section 5: the delete-file list is a non-empty array of non-empty strings */
export function checkFileIdList(v: unknown, max: number): ParamFailure | null {
  if (!Array.isArray(v) || v.length === 0) return { code: 'INVALID_PARAM', reason: 'must be a non-empty array' };
  if (v.length > max) return { code: 'INVALID_PARAM', reason: `at most ${max} entries` };
  if (!v.every((x) => typeof x === 'string' && x.trim() !== '')) return { code: 'INVALID_PARAM', reason: 'entries must be non-empty strings' };
  return null;
}

/**
 * spec section 5: the temp-url file list is a non-empty array of at most `max` entries, each a
 * file id or { fileID, maxAge }.
 */
export function checkTempUrlList(v: unknown, max: number): ParamFailure | null {
  if (!Array.isArray(v) || v.length === 0) return { code: 'INVALID_PARAM', reason: 'must be a non-empty array' };
  if (v.length > max) return { code: 'INVALID_PARAM', reason: `at most ${max} entries` };
  const ok = (x: unknown) =>
    (typeof x === 'string' && x.trim() !== '') ||
    (!!x &&
      typeof x === 'object' &&
      typeof (x as { fileID?: unknown }).fileID === 'string' &&
      (x as { fileID: string }).fileID.trim() !== '' &&
      ((x as { maxAge?: unknown }).maxAge === undefined ||
        (typeof (x as { maxAge?: unknown }).maxAge === 'number' && Number.isFinite((x as { maxAge: number }).maxAge) && (x as { maxAge: number }).maxAge > 0)));
  if (!v.every(ok)) return { code: 'INVALID_PARAM', reason: 'entries must be a file id or { fileID, maxAge > 0 }' };
  return null;
}

// ---- real-name verification ------------------------------------------------------

/** the separator of names such as 阿卜杜·热合曼 ('•' is accepted and stored as '·') */
export const NAME_DOT = '·';
/** two or more Han characters, with at most one '·' (or '•') between two parts */
export const REALNAME_RE = /^\p{Script=Han}+(?:[·•]\p{Script=Han}+)?$/u;
export const REALNAME_MAX = 32;

/** the name as stored: trimmed, '•' -> '·' */
export const normalizeRealName = (v: string) => v.trim().replace(/•/g, NAME_DOT);

export function checkRealName(v: string | undefined | null): 'REALNAME_INVALID' | null {
  const name = normalizeRealName(v ?? '');
  const han = [...name].filter((c) => c !== NAME_DOT).length;
  return REALNAME_RE.test(name) && han >= 2 && textLength(name) <= REALNAME_MAX ? null : 'REALNAME_INVALID';
}

/** GB 11643: weights of the first 17 digits and the check character of (sum mod 11) */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** the check character (0-9 or X) of the first 17 digits of an ID number */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** the ID number as stored: trimmed, a lower-case x upper-cased */
export const normalizeIdCard = (v: string) => v.trim().toUpperCase();

/**
 * An 18-character resident ID number: 17 digits and a digit or X, a real birth date (from 1900
 * to today) at characters 7-14, and the GB 11643 check character.
 */
export function checkIdCard(v: string | undefined | null, today = new Date()): 'IDCARD_INVALID' | null {
  const id = normalizeIdCard(v ?? '');
  if (!/^\d{17}[\dX]$/.test(id)) return 'IDCARD_INVALID';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  const real = y >= 1900 && birth.getUTCFullYear() === y && birth.getUTCMonth() === m - 1 && birth.getUTCDate() === d;
  if (!real || birth.getTime() > today.getTime()) return 'IDCARD_INVALID';
  return idCardCheckChar(id) === id[17] ? null : 'IDCARD_INVALID';
}

/** 110101199003074514 -> 1101**********4514 */
export const maskIdCard = (id: string) => `${id.slice(0, 4)}${'*'.repeat(Math.max(0, id.length - 8))}${id.slice(-4)}`;

/** 张三 -> 张*, 阿卜杜·热合曼 -> 阿**·*** (the first character and the separator stay) */
export const maskRealName = (name: string) => [...name].map((c, i) => (i === 0 || c === NAME_DOT ? c : '*')).join('');

// ---- invoices ----------------------------------------------------------------------

/** GB 32100-2015: the 31 characters of a unified social credit code (no I, O, Z, S, V) */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** the check character of the first 17 characters of a unified social credit code */
export function taxNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

/** the code as stored: trimmed, upper-cased */
export const normalizeTaxNumber = (v: string) => v.trim().toUpperCase();

/** an 18-character unified social credit code with its GB 32100-2015 check character */
export function checkTaxNumber(v: string | undefined | null): 'TAX_NUMBER_INVALID' | null {
  const code = normalizeTaxNumber(v ?? '');
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return 'TAX_NUMBER_INVALID';
  return taxNumberCheckChar(code) === code[17] ? null : 'TAX_NUMBER_INVALID';
}

/** an invoice title: 2 to 100 characters after trimming */
export const INVOICE_TITLE_MIN = 2;
export const INVOICE_TITLE_MAX = 100;
