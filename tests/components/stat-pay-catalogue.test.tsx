/** The pay-order statistics pages' texts (locales/stat-pay/*.json) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn } from './support/area-catalogue';
import { STAT_PAY_MESSAGES } from '@/components/stat/pay/i18n';

describeAreaCatalogue({
  name: 'stat-pay catalogues',
  prefix: 'statPay',
  messages: STAT_PAY_MESSAGES,
  sources: sourcesIn('src/components/stat/pay', 'src/pages/uni-stat/pay-order'),
  /** the keys built from the server's values */
  built: () => [
    ...['today', 'yesterday_same_hours', 'yesterday', 'day_before', 'week', 'month', 'quarter', 'year', 'all', 'range'].map((p) => `statPay.period.${p}`),
    ...['created', 'paid', 'credited'].map((s) => `statPay.funnel.stage.${s}`),
    ...['day', 'week', 'month'].map((u) => `statPay.funnel.unit.${u}`),
    ...['created', 'paid'].map((f) => `statPay.list.dateField.${f}`),
  ],
  atLeast: 50,
  values: { metric: 'Paid', id: 'device-1' },
});
