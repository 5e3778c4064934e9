/**
 * The demo pages' catalogues (locales/demo/*.json) pass the area checks, their route titles are in
 * the main catalogues, and the code the table demo shows is the code the table demo runs.
 */
import fs from 'fs';
import path from 'path';
import { routes } from '../../config/routes';
import { RULES } from '../../shared/permissions';
import { DEMO_MESSAGES } from '@/pages/demo/messages';
import { TABLE_SNIPPET } from '@/pages/demo/table/snippet';
import { describeAreaCatalogue, LOCALES, MAIN, ROOT, sourcesIn } from './support/area-catalogue';

const PAGES = ['icons', 'table', 'layout', 'colors', 'audio', 'css'];

describeAreaCatalogue(
  {
    name: 'demo catalogues',
    prefix: 'demo',
    messages: DEMO_MESSAGES,
    sources: sourcesIn('src/pages/demo'),
    built: () => [...['full', 'topOnly', 'none'].map((f) => `demo.layout.frame.${f}`), ...['scale', 'arpeggio', 'sweep'].map((s) => `demo.audio.sample.${s}`)],
    atLeast: 60,
    values: { count: 2, shown: 3, total: 9, text: 'x', span: 12, breakpoint: 'md', theme: 'green' },
  },
  () => {
    test('every demo page has a route open to holders of the demo permission, titled in the main catalogues', () => {
      for (const name of PAGES) {
        const route = routes.find((r) => r.path === `/pages/demo/${name}/${name}`);
        expect(route).toBeDefined();
        expect(route!.access).toBe(RULES.demo);
        for (const l of LOCALES) expect(MAIN[l][route!.title!]).toBeTruthy();
        expect(fs.existsSync(path.join(ROOT, `src/pages/demo/${name}/${name}.tsx`))).toBe(true);
      }
    });

    test("the table demo's code snippet is the page's own code", () => {
      const page = fs.readFileSync(path.join(ROOT, 'src/pages/demo/table/table.tsx'), 'utf8');
      const start = page.indexOf('\n', page.indexOf('// snippet:start')) + 1;
      const component = page.slice(start, page.indexOf('// snippet:end'));
      const [imports, shown] = TABLE_SNIPPET.split(/\n\n(?=export function)/);
      expect(shown).toBe(component);
      // every import the snippet shows is one the page makes
      for (const line of imports.split('\n')) expect(page).toContain(line);
    });
  },
);
