/**
 * The admin pages' texts (locales/system/*.json, loaded with the admin pages) pass the area
 * catalogue checks; every route.system.* title is in the main catalogues.
 */
import { routes } from '../../config/routes';
import { USER_LOG_TYPES } from '../../shared/user-log';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';
import { SYSTEM_MESSAGES } from '@/components/admin/i18n';

const PLATFORMS = ['app_android', 'app_ios', 'app_harmony', 'h5', 'mp_weixin', 'mp_alipay', 'mp_baidu', 'mp_toutiao', 'mp_qq', 'mp_kuaishou', 'mp_lark', 'mp_jd', 'mp_dingtalk', 'quickapp'];

describeAreaCatalogue(
  {
    name: 'admin catalogues',
    prefix: 'system',
    messages: SYSTEM_MESSAGES,
    sources: sourcesIn('src/pages/system', 'src/components/admin', 'src/pages/admin-index'),
    /** the keys the pages build from lists */
    built: () => [
      ...[0, 1, 2, 3, 4].map((s) => `system.user.status.${s}`),
      ...[0, 1].map((v) => `system.app.type.${v}`),
      ...['Outlined', 'Filled', 'TwoTone'].map((th) => `system.icon.theme.${th}`),
      ...PLATFORMS.map((p) => `system.app.platform.${p}`),
      ...USER_LOG_TYPES.map((k) => `system.userLog.type.${k}`),
    ],
    atLeast: 150,
  },
  () => {
    test('the system routes have their titles in the main catalogues', () => {
      const titles = routes.filter((r) => r.path.startsWith('/pages/system/')).map((r) => r.title!);
      expect(titles).toHaveLength(19);
      for (const l of LOCALES) expect(titles.filter((k) => !(k in MAIN[l]))).toEqual([]);
    });
  },
);
