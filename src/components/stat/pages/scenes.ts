/**
 * WeChat mini programs' scene values (the codes a mini program reports as the place it was
 * opened from) and their names in the stats catalogue (statPage.scene.<code>): a scene without a
 * name of the admin's own reads by its standard name, its code beside it.
 */
import type { Translate } from '../../../shared/i18n';

export const KNOWN_SCENES = [
  '1001',
  '1005',
  '1006',
  '1007',
  '1008',
  '1011',
  '1012',
  '1013',
  '1014',
  '1017',
  '1019',
  '1020',
  '1022',
  '1023',
  '1024',
  '1025',
  '1026',
  '1027',
  '1035',
  '1036',
  '1037',
  '1038',
  '1043',
  '1044',
  '1047',
  '1048',
  '1049',
  '1053',
  '1089',
  '1090',
  '1103',
  '1104',
  '1154',
] as const;

const known = new Set<string>(KNOWN_SCENES);

/** the standard name of a scene value, or '' for a code outside the table */
export function sceneName(code: string, t: Translate): string {
  return known.has(code) ? t(`statPage.scene.${code}`) : '';
}
