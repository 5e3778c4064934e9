/**
 * One JS error (or app crash) group (?hash=&app_id=&start=&end=...): its message and latest stack resolved
 * through the app version's source maps (MANAGE_UNI_STAT holders upload and delete them here),
 * occurrences by day, breakdowns by page, platform, version, OS and device model, and the latest
 * raw occurrences still kept.
 */
import '../../../../components/stat/errors/i18n';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Card, Col, Flex, Row, Statistic, Table, Typography } from 'antd';
import { useCan } from '../../../../components/admin/access';
import FilterBar from '../../../../components/stat/FilterBar';
import StatPanel from '../../../../components/stat/StatPanel';
import { useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import Breakdown from '../../../../components/stat/errors/Breakdown';
import { CountRateTrend } from '../../../../components/stat/errors/charts';
import SourceMaps from '../../../../components/stat/errors/SourceMaps';
import StackView from '../../../../components/stat/errors/StackView';
import { CRASHES_PATH, filterSearch, formatStatTime, JS_ERRORS_PATH } from '../../../../components/stat/errors/table';
import { requestErrorOf } from '../../../../services/request-layer';
import { getErrorDetail, type ErrorDetail } from '../../../../services/stat-errors';
import { useT } from '../../../../shared/i18n';
import { RULES } from '../../../../../shared/permissions';

type Occurrence = ErrorDetail['latest'][number];

export default function ErrorDetailPage() {
  const t = useT();
  const can = useCan();
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const state = useStatFilter(7);
  const { query, tz, options } = state;
  const key = JSON.stringify(query);
  const detail = useRequest(() => getErrorDetail(hash, query!, { skipErrorHandler: true }), { ready: !!query && !!hash, refreshDeps: [key, hash] });
  const d = detail.data;
  const notFound = detail.error && requestErrorOf(detail.error).code === 'NOT_FOUND';
  const unnamed = t('statError.notReported');
  const appName = options?.apps.find((a) => a.appid === query?.app_id)?.name ?? query?.app_id ?? '';
  // a crash group opens here too (from the crashes page): back goes there
  const crash = d?.kind === 'crash';
  const listPath = crash ? CRASHES_PATH : JS_ERRORS_PATH;
  const scriptFile = d?.resolved.frames.find((f) => f.file && /^https?:|^\//.test(f.url))?.file;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Link to={query ? `${listPath}?${filterSearch(query)}` : listPath}>
          <ArrowLeftOutlined /> {t(crash ? 'statError.detail.backCrashes' : 'statError.detail.back')}
        </Link>
      </Flex>
      <FilterBar state={state} />
      {!hash ? <Alert type="info" showIcon message={t('statError.detail.noHash')} /> : null}
      {hash && notFound ? <Alert type="warning" showIcon message={t('statError.detail.notFound')} data-testid="detail-not-found" /> : null}
      {hash && query && !notFound ? (
        <>
          <StatPanel
            title={t('statError.detail.stack')}
            extra={
              can(RULES.manageStats) ? (
                <SourceMaps
                  appId={query.app_id}
                  appName={appName}
                  versions={options?.versions ?? []}
                  defaultVersion={d?.resolved.version}
                  defaultFile={scriptFile}
                  formatTime={(v) => formatStatTime(v, tz)}
                  onChanged={detail.refresh}
                />
              ) : null
            }
            loading={detail.loading && !d}
            error={detail.error}
            onRetry={detail.refresh}
            testId="panel-stack"
          >
            {d ? (
              <Flex vertical gap={16}>
                <Row gutter={[16, 16]}>
                  <Col xs={12} md={6}>
                    <Statistic title={t('statError.detail.count')} value={d.count} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic title={t('statError.detail.devices')} value={d.devices} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic title={t('statError.detail.firstSeen')} value={formatStatTime(d.first_ts, tz)} valueStyle={{ fontSize: 16 }} />
                  </Col>
                  <Col xs={12} md={6}>
                    <Statistic title={t('statError.detail.lastSeen')} value={formatStatTime(d.last_ts, tz)} valueStyle={{ fontSize: 16 }} />
                  </Col>
                </Row>
                <StackView message={d.message} stack={d.stack} resolved={d.resolved} />
              </Flex>
            ) : null}
          </StatPanel>
          <StatPanel
            title={t('statError.detail.trend')}
            loading={detail.loading && !d}
            error={detail.error}
            onRetry={detail.refresh}
            empty={!!d && d.count === 0}
            testId="panel-detail-trend"
          >
            {d ? <CountRateTrend days={d.trend} partialDay={state.partialDay} countName={t('statError.col.count')} testId="chart-detail" /> : null}
          </StatPanel>
          {d ? (
            <>
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <Card size="small" title={t('statError.detail.byPlatform')}>
                    <Breakdown
                      items={d.by_platform.map((b) => ({ ...b, key: b.key ? platformName(b.key, t) : '' }))}
                      label={t('statError.detail.byPlatform')}
                      unnamed={unnamed}
                    />
                  </Card>
                </Col>
                <Col xs={24} lg={12}>
                  <Card size="small" title={t('statError.detail.byVersion')}>
                    <Breakdown items={d.by_version} label={t('statError.detail.byVersion')} unnamed={unnamed} />
                  </Card>
                </Col>
              </Row>
              <StatPanel title={t('statError.detail.latest')} empty={d.raw_count === 0} testId="panel-raw">
                <Flex vertical gap={16}>
                  <Typography.Text type="secondary">{t('statError.detail.rawHint', { count: d.raw_count, devices: d.raw_devices })}</Typography.Text>
                  <Row gutter={[16, 16]}>
                    {(
                      [
                        ['byPage', d.by_page],
                        ['byOs', d.by_os],
                        ['byModel', d.by_device_model],
                      ] as const
                    ).map(([k, items]) => (
                      <Col xs={24} lg={8} key={k}>
                        <Card size="small" title={t(`statError.detail.${k}`)} data-testid={`breakdown-${k}`}>
                          <Breakdown items={[...items]} label={t(`statError.detail.${k}`)} unnamed={unnamed} />
                        </Card>
                      </Col>
                    ))}
                  </Row>
                  <Table<Occurrence>
                    size="small"
                    rowKey={(r) => `${r.ts}\n${r.device_id}`}
                    dataSource={d.latest}
                    pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    scroll={{ x: 1250 }}
                    data-testid="latest"
                    columns={[
                      { title: t('statError.col.time'), dataIndex: 'ts', width: 170, render: (v: string) => formatStatTime(v, tz) },
                      { title: t('statError.col.device'), dataIndex: 'device_id', width: 240, ellipsis: { showTitle: true } },
                      { title: t('statError.col.platform'), dataIndex: 'platform', width: 110, render: (p: string) => platformName(p, t) },
                      { title: t('statError.col.version'), dataIndex: 'version', width: 90 },
                      { title: t('statError.col.os'), dataIndex: 'os', width: 130, render: (v: string) => v || unnamed },
                      { title: t('statError.col.deviceModel'), dataIndex: 'device_model', width: 130, render: (v: string) => v || unnamed },
                      { title: t('statError.col.page'), dataIndex: 'page', width: 220, ellipsis: { showTitle: true } },
                      { title: t('statError.col.user'), dataIndex: 'uid', width: 120, ellipsis: true, render: (v: string | null) => v ?? '-' },
                    ]}
                  />
                </Flex>
              </StatPanel>
            </>
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
