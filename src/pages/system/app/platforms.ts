/** The per-platform blocks of an app record (reference field names). */
import type { AppRow } from '../../../services/system';

export const LINK_PLATFORMS = ['app_android', 'app_ios', 'app_harmony'] as const satisfies readonly (keyof AppRow)[];
export const MINI_PROGRAMS = [
  'mp_weixin',
  'mp_alipay',
  'mp_baidu',
  'mp_toutiao',
  'mp_qq',
  'mp_kuaishou',
  'mp_lark',
  'mp_jd',
  'mp_dingtalk',
  'quickapp',
] as const satisfies readonly (keyof AppRow)[];
export type MiniProgramKey = (typeof MINI_PROGRAMS)[number];

/** reference app types */
export const APP_TYPES = [0, 1] as const;

export const portalPath = (appid: string) => `/pages/system/app/uni-portal/uni-portal?id=${encodeURIComponent(appid)}`;
export const appEditPath = (appid: string) => `/pages/system/app/add?id=${encodeURIComponent(appid)}`;

/** the platforms an app offers a download or entry on */
export function platformsOf(app: AppRow): string[] {
  const out: string[] = [];
  for (const k of LINK_PLATFORMS) if (app[k]?.url || (k === 'app_ios' && app.app_ios?.abm_url)) out.push(k);
  if (app.h5?.url) out.push('h5');
  for (const k of MINI_PROGRAMS) if (app[k]?.name || app[k]?.qrcode_url) out.push(k);
  return out;
}
