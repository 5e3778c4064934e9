/**
 * Admin home: user and role counts, today's sign-ins, the last ledger reconciliation and the
 * latest user-log rows. Data: GET /api/dashboard/admin (role admin; the route's access rule
 * says the same). Light on purpose (antd only, no list kit or charts): its figures show within
 * a second of the click.
 */
import { Link } from '@umijs/max';
import { Button, Card, Col, Flex, Row, Statistic, Table, Tag } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import '../../components/admin/i18n';
import LoadFailure from '../../components/LoadFailure';
import { PageExtra } from '../../layouts/page-header';
import { getAdminData, type UserLog } from '../../services/api';
import { requestErrorOf } from '../../services/request-layer';
import { useDayZone } from '../../shared/day-zone';
import { hasMessage, useT } from '../../shared/i18n';
import { DATE_FORMAT } from '../../shared/format';
import LedgerReconciliation from './components/LedgerReconciliation';
import SmsOutboxCard from './components/SmsOutboxCard';

export default function AdminHome() {
  const t = useT();
  const zone = useDayZone();
  const { data, loading, error, refresh } = useRequest(() => getAdminData({ skipErrorHandler: true }));
  const failure = error ? requestErrorOf(error) : null;
  const logType = (type: string) => (hasMessage(`system.userLog.type.${type}`) ? t(`system.userLog.type.${type}`) : type);

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200 }}>
      <PageExtra>
        <Button onClick={refresh} loading={loading}>
          {t('common.refresh')}
        </Button>
      </PageExtra>

      {failure && failure.kind !== 'login-expired' ? <LoadFailure title={t('admin.loadFailed')} failure={failure} onRetry={refresh} /> : null}

      <LedgerReconciliation accounts={data?.userCount} />

      <Row gutter={[16, 16]}>
        {[
          { key: 'admin.userCount', value: data?.userCount },
          { key: 'admin.roleCount', value: data?.roleCount },
          { key: 'admin.todayLogins', value: data?.todayLogins },
        ].map((s) => (
          <Col key={s.key} xs={24} sm={8}>
            <Card>
              <Statistic title={t(s.key, { zone: zone.label })} value={s.value ?? '-'} loading={loading && !data} />
            </Card>
          </Col>
        ))}
      </Row>

      <SmsOutboxCard />

      <Card title={t('admin.recentLogs')} extra={<Link to="/pages/system/safety/list">{t('admin.allLogs')}</Link>}>
        <Table<UserLog>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={data?.recentLogs ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('admin.noLogs') }}
          columns={[
            {
              title: t('admin.log.time'),
              dataIndex: 'created_at',
              width: 180,
              render: (v: string) => dayjs(v).format(DATE_FORMAT),
            },
            { title: t('admin.log.user'), dataIndex: 'username', render: (_: unknown, r) => r.nickname || r.username || '-' },
            { title: t('admin.log.type'), dataIndex: 'type', render: (v: string) => logType(v) },
            {
              title: t('admin.log.state'),
              dataIndex: 'state',
              render: (v: number) => (v === 1 ? <Tag color="success">{t('admin.log.ok')}</Tag> : <Tag color="error">{t('admin.log.failed')}</Tag>),
            },
            { title: t('admin.log.ip'), dataIndex: 'ip', render: (v: string | null) => v || '-' },
          ]}
        />
      </Card>
    </Flex>
  );
}
