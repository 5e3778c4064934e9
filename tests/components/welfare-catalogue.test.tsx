/**
 * The welfare area's texts (locales/welfare/*.json: the campaign pages and the console home's
 * welfare card) pass the area catalogue checks, including the keys built from the server's lists.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { WELFARE_MESSAGES } from '@/components/welfare/i18n';
import { ELIGIBILITY, FREQUENCY, STATUSES } from '@/services/welfare';
import { ELIGIBILITY as SERVER_ELIGIBILITY, FREQUENCY as SERVER_FREQUENCY, STATUSES as SERVER_STATUSES } from '../../server/modules/welfare/service';

const FORM_FIELDS = ['title', 'description', 'credits', 'budget', 'eligibility', 'roles', 'tags', 'newUserDays', 'frequency', 'window', 'enabled'];

const area = {
  name: 'welfare catalogues',
  prefix: 'welfare',
  messages: WELFARE_MESSAGES,
  sources: [...sourcesIn('src/pages/dsw-welfare', 'src/components/welfare'), ...sourcesIn('src/pages/index').filter((f) => f.endsWith('Welfare.tsx'))],
  built: () => [
    ...ELIGIBILITY.map((e) => `welfare.eligibility.${e}`),
    ...FREQUENCY.flatMap((f) => [`welfare.frequency.${f}`, `welfare.home.claimed.${f}`]),
    ...STATUSES.map((s) => `welfare.status.${s}`),
    ...FORM_FIELDS.map((f) => `welfare.field.${f}`),
  ],
  atLeast: 50,
  values: { days: 7, used: 40, budget: 100, title: 'Gift', credits: 10, balance: 110, time: '2026/11/24 10:00:00', zone: 'UTC+8' },
};

describeAreaCatalogue(area, () => {
  test("the console's lists are the server's", () => {
    expect([...ELIGIBILITY]).toEqual([...SERVER_ELIGIBILITY]);
    expect([...FREQUENCY]).toEqual([...SERVER_FREQUENCY]);
    expect([...STATUSES].sort()).toEqual([...SERVER_STATUSES].sort());
  });

  test('the scan reads the home card and the form', () => {
    expect(usedKeys(area).has('welfare.home.claim')).toBe(true);
    expect(usedKeys(area).has('welfare.form.budgetUsed')).toBe(true);
  });
});
