/**
 * The credits area's texts (locales/credits/*.json: home card, history, adjustment, usage log,
 * reconciliation) pass the area catalogue checks, and every reference the server writes on a
 * ledger entry has a label (else the history shows the raw word).
 */
import fs from 'fs';
import path from 'path';
import { describeAreaCatalogue, ROOT, sourcesIn, usedKeys } from './support/area-catalogue';
import { CREDITS_MESSAGES } from '@/components/credits/i18n';
import { LEDGER_KINDS, USAGE_STATUSES } from '@/services/credits';

/** every `refType: '...'` a server file posts to the ledger, plus the opening balance of a migration */
function serverRefTypes(): string[] {
  const found = new Set<string>(['opening']);
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) for (const m of fs.readFileSync(p, 'utf8').matchAll(/refType: '([a-z-]+)'/g)) found.add(m[1]);
    }
  };
  walk(path.join(ROOT, 'server'));
  return [...found];
}

const area = {
  name: 'credits catalogues',
  prefix: 'credits',
  messages: CREDITS_MESSAGES,
  sources: sourcesIn('src/components/credits', 'src/pages/ai-usage', 'src/pages/index', 'src/pages/admin-index', 'src/pages/system/user'),
  /** the keys built from the server's values */
  built: () => [
    ...LEDGER_KINDS.flatMap((k) => [`credits.kind.${k}`, `credits.kindHint.${k}`]),
    ...serverRefTypes().map((r) => `credits.ref.${r}`),
    ...USAGE_STATUSES.map((s) => `credits.usage.status.${s}`),
    ...['provider', 'local'].map((s) => `credits.usage.source.${s}`),
  ],
  atLeast: 60,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the adjustment modal', () => {
    expect(usedKeys(area).has('credits.adjust.title')).toBe(true);
  });

  test('the scan finds the references the server writes, welfare claims among them', () => {
    expect(serverRefTypes()).toEqual(expect.arrayContaining(['chat', 'order', 'welfare', 'withdrawal']));
  });
});
