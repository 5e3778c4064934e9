/**
 * App version numbers of the upgrade center: dot-separated numeric segments ("1.2.10"), compared
 * segment by segment as numbers, missing segments counting as 0 ('1.2' == '1.2.0'). Browser-safe:
 * the server's rules and the add form's live check use the same functions.
 */

/** at most this many segments, each at most 9 digits (so a segment fits PostgreSQL's int4) */
export const VERSION_MAX_SEGMENTS = 8;
const VERSION_PATTERN = new RegExp(`^\\d{1,9}(\\.\\d{1,9}){0,${VERSION_MAX_SEGMENTS - 1}}$`);

/** the numeric segments of a version, or null when it is not one (letters, empty segments, too long) */
export function parseVersion(v: unknown): number[] | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!VERSION_PATTERN.test(s)) return null;
  return s.split('.').map(Number);
}

/** the segments without trailing zeros: equal versions get equal keys, and PostgreSQL's array order is the version order */
export function versionKey(v: string): number[] | null {
  const parts = parseVersion(v);
  if (!parts) return null;
  let end = parts.length;
  while (end > 0 && parts[end - 1] === 0) end--;
  return parts.slice(0, end);
}

/** -1, 0 or 1 as a is lower than, equal to or higher than b; throws on a non-version */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d > 0 ? 1 : -1;
  }
  return 0;
}

/** uploaded packages live under this cloudPath folder of the file service */
export const PACKAGE_FOLDER = 'upgrade-center';

export const UPGRADE_PLATFORMS = ['android', 'ios', 'harmony'] as const;
export type UpgradePlatform = (typeof UPGRADE_PLATFORMS)[number];
/** native_app: a full install package (or a store page); wgt: a hot update package */
export const UPGRADE_TYPES = ['native_app', 'wgt'] as const;
export type UpgradeType = (typeof UPGRADE_TYPES)[number];

/** the package file extension each platform and type takes */
export function packageExtension(platform: UpgradePlatform, type: UpgradeType): string {
  if (type === 'wgt') return 'wgt';
  return { android: 'apk', ios: 'ipa', harmony: 'hap' }[platform];
}

/** the extension of a file name or of a url's path ('' when none), lower case */
export function extensionOf(nameOrUrl: string): string {
  let p = nameOrUrl.trim();
  try {
    if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    return '';
  }
  p = p.split(/[?#]/)[0];
  const base = p.slice(p.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
