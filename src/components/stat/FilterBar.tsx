/**
 * The filter bar every stats page opens with (the reference's): app, platform tabs, channel (or
 * nothing for mini programs, whose scene page has its own), version, and a date range with quick
 * ranges (no day after today, no range longer than the server takes). Pages hide the parts they do
 * not use. Statistics managers also find the settings here, at the bar's top right: the controls
 * wrap beside it, so it never sits alone on a row of its own. The second row holds the platform
 * tabs (only when there is a platform to pick), the page's own controls and, at its end, the time
 * zone note, so the bar keeps two rows on a desktop screen whatever the page adds.
 */
import './i18n';
import { Card, DatePicker, Flex, Segmented, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import LoadFailure from '../LoadFailure';
import { requestErrorOf } from '../../services/request-layer';
import { useT } from '../../shared/i18n';
import { platformName } from './i18n';
import { STAT_MAX_RANGE_DAYS } from '../../../shared/stat';
import { quickRanges, rangeRefuses, statToday, type StatFilterState } from './filter';
import SettingsButton from './SettingsButton';

export interface FilterBarProps {
  state: StatFilterState;
  /** parts to leave out */
  hide?: ('platform' | 'channel' | 'version' | 'range')[];
  /** extra controls at the end of the bar */
  extra?: React.ReactNode;
}

const tzLabel = (minutes: number) => `${minutes < 0 ? '-' : '+'}${Math.abs(minutes) / 60}`;

export default function FilterBar({ state, hide = [], extra }: FilterBarProps) {
  const t = useT();
  const { options, query, setQuery, tz } = state;
  if (state.optionsError && !options)
    return <LoadFailure title={t('stat.loadFailed')} failure={requestErrorOf(state.optionsError)} onRetry={state.reloadOptions} />;
  if (!options) return <Skeleton.Input active block style={{ height: 56 }} />;
  if (!options.apps.length)
    return (
      <Card>
        <Typography.Text type="secondary">{t('stat.filter.noApps')}</Typography.Text>
      </Card>
    );
  const ranges = quickRanges(tz);
  const show = (part: NonNullable<FilterBarProps['hide']>[number]) => !hide.includes(part);
  const today = statToday(tz);
  // "all platforms" alone picks nothing; a platform still in the query keeps the tabs to leave it
  const platforms = show('platform') && (options.platforms.length > 0 || !!query?.platform);
  return (
    <Card size="small" data-testid="stat-filter">
      <Flex vertical gap={8}>
        <Flex gap={12} align="flex-start">
          <Flex wrap="wrap" gap={12} align="center" style={{ flex: 1, minWidth: 0 }}>
            <Select
              aria-label={t('stat.filter.app')}
              style={{ minWidth: 200 }}
              value={query?.app_id}
              placeholder={t('stat.filter.appPlaceholder')}
              showSearch
              optionFilterProp="label"
              options={options.apps.map((a) => ({ value: a.appid, label: `${a.name} (${a.appid})` }))}
              onChange={(v: string) => setQuery({ app_id: v })}
            />
            {show('channel') ? (
              <Select
                aria-label={t('stat.filter.channel')}
                style={{ minWidth: 150 }}
                value={query?.channel ?? ''}
                options={[{ value: '', label: t('stat.filter.allChannels') }, ...options.channels.map((c) => ({ value: c, label: c }))]}
                onChange={(v: string) => setQuery({ channel: v })}
              />
            ) : null}
            {show('version') ? (
              <Select
                aria-label={t('stat.filter.version')}
                style={{ minWidth: 130 }}
                value={query?.version ?? ''}
                options={[{ value: '', label: t('stat.filter.allVersions') }, ...options.versions.map((v) => ({ value: v, label: v }))]}
                onChange={(v: string) => setQuery({ version: v })}
              />
            ) : null}
            {show('range') && query ? (
              <DatePicker.RangePicker
                aria-label={t('stat.filter.range')}
                allowClear={false}
                value={[dayjs(query.start), dayjs(query.end)]}
                title={t('stat.filter.rangeHint', { days: STAT_MAX_RANGE_DAYS })}
                disabledDate={(d, info) => rangeRefuses(d.format('YYYY-MM-DD'), info?.from ? info.from.format('YYYY-MM-DD') : null, today)}
                presets={(['today', 'yesterday', 'last7', 'last30', 'last90'] as const).map((k) => ({
                  label: t(`stat.filter.${k}`),
                  value: [dayjs(ranges[k][0]), dayjs(ranges[k][1])] as [dayjs.Dayjs, dayjs.Dayjs],
                }))}
                onChange={(v) => v?.[0] && v[1] && setQuery({ start: v[0].format('YYYY-MM-DD'), end: v[1].format('YYYY-MM-DD') })}
              />
            ) : null}
          </Flex>
          {/* the settings (MANAGE_UNI_STAT only); a time zone change moves the days shown */}
          <div style={{ flex: 'none' }} data-testid="stat-settings-slot">
            <SettingsButton onSaved={(s) => state.applyTz(s.tz_offset_minutes)} />
          </div>
        </Flex>
        <Flex wrap="wrap" gap={12} align="center">
          {platforms ? (
            // a narrow screen scrolls the tabs, not the page
            <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Segmented
                aria-label={t('stat.filter.platform')}
                value={query?.platform ?? ''}
                options={[{ value: '', label: t('stat.filter.allPlatforms') }, ...options.platforms.map((p) => ({ value: p, label: platformName(p, t) }))]}
                onChange={(v) => setQuery({ platform: String(v) })}
              />
            </div>
          ) : null}
          {extra}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 'auto' }} data-testid="stat-time-zone">
            {t('stat.filter.timeZone', { offset: tzLabel(tz) })}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
