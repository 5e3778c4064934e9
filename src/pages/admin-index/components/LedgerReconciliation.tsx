/**
 * Admin home: the last ledger reconciliation (every balance against the sum of its ledger).
 * Clean: one green line with "reconcile now". Differences: a red alert listing each account
 * (user, balance, ledger sum) with "run again". Differences are only reported: there is no
 * "fix" here, someone has to look into each account. Data: GET /api/credits/reconciliation,
 * POST /api/credits/reconcile.
 */
import '../../../components/credits/i18n';
import { CheckCircleFilled, SyncOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import LoadFailure from '../../../components/LoadFailure';
import { getReconciliation, runReconciliation, type Reconciliation } from '../../../services/credits';
import { withQuery } from '../../../services/query-string';
import { requestErrorOf } from '../../../services/request-layer';
import { DATE_FORMAT } from '../../../shared/format';
import { useT } from '../../../shared/i18n';

/** the date-time of a report (the admin lists' format, without their column kit) */
const formatDate = (v: string) => dayjs(v).format(DATE_FORMAT);

type Mismatch = Reconciliation['mismatches'][number];

/** `accounts`: how many accounts there are now (the admin home's figure), to say when the last report predates some */
export default function LedgerReconciliation({ accounts }: { accounts?: number }) {
  const t = useT();
  const last = useRequest(() => getReconciliation({ skipErrorHandler: true }));
  const run = useRequest(() => runReconciliation(), { manual: true, onSuccess: (r) => last.mutate(r) });
  const report = last.data;
  const failure = last.error ? requestErrorOf(last.error) : null;

  if (failure && failure.kind !== 'login-expired') return <LoadFailure title={t('credits.reconcile.loadFailed')} failure={failure} onRetry={last.refresh} />;
  if (last.loading && report === undefined) return null;

  const runButton = (label: string, danger = false) => (
    <Button size="small" danger={danger} icon={<SyncOutlined />} loading={run.loading} onClick={() => run.run()}>
      {label}
    </Button>
  );

  if (!report || !report.mismatches.length) {
    return (
      <Flex align="center" gap={12} wrap="wrap" data-testid="ledger-reconciliation">
        {report ? (
          <Typography.Text type="success">
            <CheckCircleFilled /> {t('credits.reconcile.clean', { time: formatDate(report.ranAt), count: report.usersChecked })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('credits.reconcile.none')}</Typography.Text>
        )}
        {/* a report made before some accounts existed (the one at start: "0 accounts") says so */}
        {report && accounts !== undefined && accounts > report.usersChecked ? (
          <Typography.Text type="warning" data-testid="reconcile-since">
            {t('admin.reconcile.since', { count: accounts - report.usersChecked })}
          </Typography.Text>
        ) : null}
        {runButton(t('credits.reconcile.now'))}
      </Flex>
    );
  }

  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="ledger-reconciliation"
      message={t('credits.reconcile.found', { time: formatDate(report.ranAt), count: report.mismatches.length })}
      description={
        <Flex vertical gap={8}>
          <span>{t('credits.reconcile.note')}</span>
          <Table<Mismatch>
            size="small"
            rowKey="userId"
            pagination={report.mismatches.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={report.mismatches}
            columns={[
              {
                title: t('credits.reconcile.userId'),
                dataIndex: 'userId',
                render: (id: string) => <Link to={withQuery('/pages/system/user/list', { id })}>{id}</Link>,
              },
              { title: t('credits.reconcile.balance'), dataIndex: 'balance', align: 'right' },
              { title: t('credits.reconcile.ledgerSum'), dataIndex: 'ledgerSum', align: 'right' },
              {
                title: t('credits.reconcile.difference'),
                key: 'difference',
                align: 'right',
                render: (_: unknown, m: Mismatch) => m.balance - m.ledgerSum,
              },
            ]}
          />
        </Flex>
      }
      action={runButton(t('credits.reconcile.again'), true)}
    />
  );
}
