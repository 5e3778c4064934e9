/**
 * The cost analysis: the caller's (MANAGE_FINANCE: any account's or everyone's) balance, credits
 * spent and added in a range, days left at the recent rate, spending by day, model and feature,
 * credits added by day and kind, and the matching ledger export. Days are the browser's days.
 * The figures show as soon as the data is there; the charts' code (@ant-design/charts) loads at
 * the same time in a chunk of its own and fills the places kept for it.
 */
import '../../../components/analysis/i18n';
import '../../../components/credits/i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { useDebounceFn, useRequest } from 'ahooks';
import { Button, Card, Col, DatePicker, Empty, Flex, Row, Select, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useCan } from '../../../components/admin/access';
import { hasAnalysisKey } from '../../../components/analysis/i18n';
import { CHART_HEIGHT, topSlices } from '../../../components/analysis/slices';
import LoadFailure from '../../../components/LoadFailure';
import { PageExtra } from '../../../layouts/page-header';
import {
  ADDED_KINDS,
  EVERYONE,
  exportAnalysisLedger,
  findAnalysisAccounts,
  getCreditAnalysis,
  MAX_RANGE_DAYS,
  type AnalysisAccount,
  type CreditAnalysis,
} from '../../../services/analysis';
import { requestErrorOf, showRequestError } from '../../../services/request-layer';
import { saveFile } from '../../../services/resource';
import { useDayZone } from '../../../shared/day-zone';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT, type Translate } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { RULES } from '../../../../shared/permissions';
import { zoneDay } from '../../../../shared/day-zone';

// asked for when the page's code runs, alongside its data
const chartsChunk = () => import('./charts');
void chartsChunk();
const SpendingLine = lazy(() => chartsChunk().then((m) => ({ default: m.SpendingLine })));
const AddedColumns = lazy(() => chartsChunk().then((m) => ({ default: m.AddedColumns })));
const SharePie = lazy(() => chartsChunk().then((m) => ({ default: m.SharePie })));

/** a chart, its place kept while its code loads */
function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>{children}</Suspense>;
}

/** beyond a year, a count of days left says nothing a reader can use ("17,493 days") */
const DAYS_LEFT_SHOWN = 365;

type Range = [Dayjs, Dayjs];
const DAY = 'YYYY-MM-DD';
/** today in the service's day zone, as a local date */
const zoneToday = (offset: number) => dayjs(zoneDay(Date.now(), offset));
const lastDays = (n: number, offset: number): Range => [zoneToday(offset).subtract(n - 1, 'day'), zoneToday(offset)];

const featureName = (t: Translate, purpose: string) => (hasAnalysisKey(`analysis.feature.${purpose}`) ? t(`analysis.feature.${purpose}`) : purpose);

function AccountPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  const [found, setFound] = useState<AnalysisAccount[]>([]);
  // the picked account stays named while later searches find others
  const [picked, setPicked] = useState<AnalysisAccount | null>(null);
  const search = useRequest(findAnalysisAccounts, { manual: true, onSuccess: setFound });
  const { run } = useDebounceFn((kw: string) => search.run(kw, { skipErrorHandler: true }), { wait: 300 });
  const nameOf = (a: AnalysisAccount) => a.nickname || a.username || a.id;
  const options = [
    { value: '', label: t('analysis.account.me') },
    { value: EVERYONE, label: t('analysis.account.everyone') },
    ...(picked && !found.some((a) => a.id === picked.id) ? [picked] : [])
      .concat(found)
      .map((a) => ({ value: a.id, label: a.username && a.nickname ? `${a.nickname} (${a.username})` : nameOf(a) })),
  ];
  return (
    <Select
      aria-label={t('analysis.account')}
      style={{ minWidth: 240 }}
      showSearch
      filterOption={false}
      value={value}
      options={options}
      placeholder={t('analysis.account.search')}
      loading={search.loading}
      onSearch={run}
      onDropdownVisibleChange={(open) => open && !found.length && run('')}
      onChange={(v: string) => {
        setPicked(found.find((a) => a.id === v) ?? null);
        onChange(v);
      }}
    />
  );
}

function Figures({ a, t }: { a: CreditAnalysis; t: Translate }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} lg={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic title={t('analysis.figure.balance')} value={a.balance} data-testid="figure-balance" />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic title={t('analysis.figure.spent')} value={a.totals.spent} data-testid="figure-spent" />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={<Tooltip title={t('analysis.figure.addedHint')}>{t('analysis.figure.added')}</Tooltip>}
            value={a.totals.added}
            data-testid="figure-added"
          />
          {a.totals.refund > 0 && <Typography.Text type="secondary">{t('analysis.figure.refund', { n: a.totals.refund.toLocaleString() })}</Typography.Text>}
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={t('analysis.figure.daysLeft')}
            value={a.days_left === null ? '-' : a.days_left > DAYS_LEFT_SHOWN ? t('analysis.figure.overAYear') : a.days_left}
            suffix={a.days_left === null || a.days_left > DAYS_LEFT_SHOWN ? undefined : t('analysis.figure.daysSuffix')}
            data-testid="figure-days-left"
          />
          <Typography.Text type="secondary">
            {a.days_left === null ? t('analysis.figure.daysLeftNone') : t('analysis.figure.daysLeftHint', { avg: a.avg_daily.toLocaleString() })}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}

function Charts({ a, t }: { a: CreditAnalysis; t: Translate }) {
  const spending = useMemo(() => a.days.map((d) => ({ day: d.day, spent: d.spent })), [a]);
  const kinds = useMemo(() => ADDED_KINDS.map((k) => ({ key: k, name: t(`credits.kind.${k}`), value: a.totals[k] })), [a, t]);
  const added = useMemo(() => a.days.flatMap((d) => kinds.map((k) => ({ day: d.day, kind: k.name, credits: d[k.key] }))), [a, kinds]);
  const byModel = useMemo(
    () =>
      topSlices(
        a.by_model.map((m) => ({ name: m.model || t('analysis.chart.unknownModel'), value: m.credits })),
        t('analysis.chart.other'),
      ),
    [a, t],
  );
  const byFeature = useMemo(
    () =>
      topSlices(
        a.by_feature.map((f) => ({ name: featureName(t, f.purpose), value: f.credits })),
        t('analysis.chart.other'),
      ),
    [a, t],
  );
  const nothingSpent = a.totals.spent === 0;
  const emptySpent = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.empty.spent')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('analysis.chart.spentByDay')}>
          {nothingSpent ? (
            emptySpent
          ) : (
            <ChartSlot>
              <SpendingLine days={spending} seriesName={t('analysis.chart.credits')} />
            </ChartSlot>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('analysis.chart.addedByDay')}>
          {a.totals.added === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.empty.added')} />
          ) : (
            <ChartSlot>
              <AddedColumns rows={added} kinds={kinds.map(({ name, value }) => ({ name, value }))} label={t('analysis.chart.addedByDay')} />
            </ChartSlot>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('analysis.chart.byModel')}>
          {byModel.length ? (
            <ChartSlot>
              <SharePie slices={byModel} label={t('analysis.chart.byModel')} testId="chart-model" />
            </ChartSlot>
          ) : (
            emptySpent
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('analysis.chart.byFeature')}>
          {byFeature.length ? (
            <ChartSlot>
              <SharePie slices={byFeature} label={t('analysis.chart.byFeature')} testId="chart-feature" />
            </ChartSlot>
          ) : (
            emptySpent
          )}
        </Card>
      </Col>
    </Row>
  );
}

export default function CostAnalysis() {
  const t = useT();
  const can = useCan();
  const finance = can(RULES.manageFinance);
  const zone = useDayZone();
  // the days are the service's: the range waits for its zone, and is the last 30 of them until one is picked
  const [picked, setRange] = useState<Range | null>(null);
  const range = picked ?? lastDays(30, zone.offset_minutes);
  const [account, setAccount] = useState('');
  const [exporting, setExporting] = useState(false);

  const params = { from: range[0].format(DAY), to: range[1].format(DAY), ...(account ? { user_id: account } : {}) };
  const analysis = useRequest(() => getCreditAnalysis(params, { skipErrorHandler: true }), {
    ready: zone.loaded,
    refreshDeps: [params.from, params.to, account],
    onError: () => undefined,
  });
  const a = analysis.data;
  const failure = analysis.error ? requestErrorOf(analysis.error) : null;

  const runExport = async () => {
    if (!a) return;
    setExporting(true);
    try {
      const file = await exportAnalysisLedger(a);
      saveFile(file);
      toast(t('analysis.exported', { file: file.filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setExporting(false);
    }
  };

  const presets = [
    { label: t('analysis.range.last7'), value: lastDays(7, zone.offset_minutes) },
    { label: t('analysis.range.last30'), value: lastDays(30, zone.offset_minutes) },
    { label: t('analysis.range.last90'), value: lastDays(90, zone.offset_minutes) },
  ];

  return (
    <Flex vertical gap={16}>
      <PageExtra>
        {finance && <AccountPicker value={account} onChange={setAccount} />}
        <DatePicker.RangePicker
          aria-label={t('analysis.range')}
          allowClear={false}
          value={range}
          presets={presets}
          disabledDate={(d, info) => {
            if (d.isAfter(zoneToday(zone.offset_minutes), 'day')) return true;
            const from = info?.from;
            return !!from && Math.abs(d.diff(from, 'day')) >= MAX_RANGE_DAYS;
          }}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].startOf('day')])}
        />
        <Button icon={<DownloadOutlined />} onClick={runExport} loading={exporting} disabled={!a}>
          {t('analysis.export')}
        </Button>
      </PageExtra>
      <Typography.Text type="secondary">{t('analysis.intro', { tz: zone.label })}</Typography.Text>
      {failure ? (
        <LoadFailure title={t('analysis.loadFailed')} failure={failure} onRetry={analysis.refresh} />
      ) : !a ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={16} style={{ opacity: analysis.loading ? 0.6 : 1, transition: 'opacity .2s' }} aria-busy={analysis.loading}>
          <Figures a={a} t={t} />
          <Charts a={a} t={t} />
        </Flex>
      )}
    </Flex>
  );
}
