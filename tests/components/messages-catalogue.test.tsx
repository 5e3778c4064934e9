/** The site messages area's texts (locales/messages/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
import { routes } from '../../config/routes';
import { MSG_MESSAGES } from '@/pages/site-message/messages';
import { AUDIENCES, MESSAGE_STATUSES } from '@/services/messages';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn, ROOT } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'site messages catalogues',
    prefix: 'msg',
    messages: MSG_MESSAGES,
    sources: [...sourcesIn('src/pages/site-message', 'src/components/messages'), `${ROOT}/src/pages/index/my-message.tsx`],
    built: () => [
      ...MESSAGE_STATUSES.map((s) => `msg.status.${s}`),
      ...AUDIENCES.map((a) => `msg.audience.${a}`),
      ...['roles', 'tags', 'users'].map((a) => `msg.pick.${a}`),
      ...['keep', 'draft', 'now', 'at'].map((p) => `msg.publish.${p}`),
    ],
    atLeast: 40,
    values: { count: 2, title: 't', time: '2026-01-01' },
  },
  () => {
    test('the route titles are in the main catalogues', () => {
      for (const path of ['/pages/site-message/list', '/pages/site-message/add', '/pages/site-message/edit', '/pages/site-message/detail', '/pages/index/my-message']) {
        const title = routes.find((r) => r.path === path)?.title;
        expect(title).toBeTruthy();
        for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
      }
    });
  },
);
