/** The per-platform blocks of an app record (reference field names). */
import { MINI_PROGRAMS } from '../../../../shared/apps';
import { withQuery } from '../../../services/query-string';
import type { AppRow } from '../../../services/system';

export const LINK_PLATFORMS = ['app_android', 'app_ios', 'app_harmony'] as const satisfies readonly (keyof AppRow)[];
export { MINI_PROGRAMS, type MiniProgramKey } from '../../../../shared/apps';
// every mini-program block is a field of the app rows the API answers
void (MINI_PROGRAMS satisfies readonly (keyof AppRow)[]);

/** reference app types */
export const APP_TYPES = [0, 1] as const;

export const portalPath = (appid: string) => withQuery('/pages/system/app/uni-portal/uni-portal', { id: appid });
export const appEditPath = (appid: string) => withQuery('/pages/system/app/add', { id: appid });

/** the platforms an app offers a download or entry on */
export function platformsOf(app: AppRow): string[] {
  const out: string[] = [];
  for (const k of LINK_PLATFORMS) if (app[k]?.url || (k === 'app_ios' && app.app_ios?.abm_url)) out.push(k);
  if (app.h5?.url) out.push('h5');
  for (const k of MINI_PROGRAMS) if (app[k]?.name || app[k]?.qrcode_url) out.push(k);
  return out;
}
