/**
 * The credits area's texts (locales/credits/*.json: home card, history, adjustment, usage log,
 * reconciliation) pass the area catalogue checks, and every reference the server may write on a
 * ledger entry (LEDGER_REF_TYPES: the ledger's types refuse any other) has a label.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { LEDGER_REF_TYPES } from '../../shared/ledger';
import { CREDITS_MESSAGES } from '@/components/credits/i18n';
import { LEDGER_KINDS, USAGE_STATUSES } from '@/services/credits';

const area = {
  name: 'credits catalogues',
  prefix: 'credits',
  messages: CREDITS_MESSAGES,
  sources: sourcesIn('src/components/credits', 'src/pages/ai-usage', 'src/pages/index', 'src/pages/admin-index', 'src/pages/system/user'),
  /** the keys built from the server's values */
  built: () => [
    ...LEDGER_KINDS.flatMap((k) => [`credits.kind.${k}`, `credits.kindHint.${k}`]),
    ...LEDGER_REF_TYPES.map((r) => `credits.ref.${r}`),
    ...USAGE_STATUSES.map((s) => `credits.usage.status.${s}`),
    ...['provider', 'local'].map((s) => `credits.usage.source.${s}`),
  ],
  atLeast: 60,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the adjustment modal', () => {
    expect(usedKeys(area).has('credits.adjust.title')).toBe(true);
  });
});
