/** The device and user reports' texts (locales/stat-device/*.json) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { STAT_DEVICE_MESSAGES } from '@/components/stat/subject/i18n';

const area = {
  name: 'stat-device catalogues',
  prefix: 'statDevice',
  messages: STAT_DEVICE_MESSAGES,
  sources: sourcesIn('src/components/stat/subject', 'src/pages/uni-stat/device', 'src/pages/uni-stat/user'),
  /** names built from the report's parts: activity series, granularities, stickiness parts */
  built: () => [
    ...['dau', 'wau', 'mau', 'dauWau', 'dauMau'].map((k) => `statDevice.activity.${k}`),
    ...['hour', 'day', 'week', 'month'].map((g) => `statDevice.trend.${g}`),
    ...['depth', 'duration'].flatMap((k) => [`statDevice.stickiness.${k}`, `statDevice.stickiness.${k}Key`]),
  ],
  atLeast: 40,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the pages', () => {
    expect(usedKeys(area).has('statDevice.retention.cohortDay')).toBe(true);
  });
});
