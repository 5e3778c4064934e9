/**
 * Redemption code batches (finance admins): search by name, filters, sorting, used / total, xlsx
 * export of the batches; "Generate codes"; per batch: export its codes, the codes drawer (who used
 * each and when), switch off / on after a confirmation. At 1280 px the columns and the three row
 * actions fit beside each other (who created a batch and when wait in the column settings).
 */
import { DownloadOutlined, PlusOutlined, PoweroffOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { RULES } from '../../../../shared/permissions';
import { dateColumn, formatDate, statusColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList, { type ListContext } from '../../../components/admin/ResourceList';
import '../../../components/redeem/i18n';
import { showRequestError } from '../../../services/request-layer';
import { saveFile } from '../../../services/resource';
import {
  BATCH_MAX,
  CREDITS_MAX,
  generateBatch,
  redeemBatchResource,
  redeemCodeResource,
  setBatchDisabled,
  type RedeemBatch as Batch,
  type RedeemCode as Code,
} from '../../../services/redeem';
import { noticeModal, toast } from '../../../shared/feedback';
import { applyServerError } from '../../../shared/form-errors';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';

const ACCESS = { create: RULES.manageFinance, update: RULES.manageFinance };

type GenerateValues = { name: string; credits: number; count: number; expires_at: Dayjs };

function GenerateModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [form] = Form.useForm<GenerateValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    // a form with errors shows them on its fields; nothing else to do
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setError(null);
    try {
      const b = await generateBatch(
        { name: v.name.trim(), credits: v.credits, count: v.count, expires_at: v.expires_at.toISOString() },
        { skipErrorHandler: true },
      );
      toast(t('redeem.batch.generated', { count: b.count, name: b.name }), 'success');
      form.resetFields();
      onDone();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'credits', 'count', 'expires_at']));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('redeem.batch.generateTitle')}
      okText={t('redeem.batch.generate')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnClose
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ count: 100, credits: 100, expires_at: dayjs().add(30, 'day').endOf('day') }}>
        <Form.Item name="name" label={t('redeem.batch.name')} rules={[{ required: true, whitespace: true, message: t('redeem.batch.nameRequired') }]}>
          <Input maxLength={64} data-testid="batch-name" />
        </Form.Item>
        <Form.Item
          name="credits"
          label={t('redeem.batch.credits')}
          rules={[{ required: true, type: 'integer', min: 1, max: CREDITS_MAX, message: t('redeem.batch.range', { min: 1, max: CREDITS_MAX }) }]}
        >
          <InputNumber min={1} max={CREDITS_MAX} precision={0} style={{ width: '100%' }} data-testid="batch-credits" />
        </Form.Item>
        <Form.Item
          name="count"
          label={t('redeem.batch.count')}
          rules={[{ required: true, type: 'integer', min: 1, max: BATCH_MAX, message: t('redeem.batch.range', { min: 1, max: BATCH_MAX }) }]}
        >
          <InputNumber min={1} max={BATCH_MAX} precision={0} style={{ width: '100%' }} data-testid="batch-count" />
        </Form.Item>
        <Form.Item
          name="expires_at"
          label={t('redeem.batch.expiresAt')}
          rules={[
            { required: true, message: t('redeem.batch.expiresFuture') },
            { validator: (_, v?: Dayjs) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('redeem.batch.expiresFuture')))) },
          ]}
        >
          <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Form>
    </Modal>
  );
}

function CodesDrawer({ batch, onClose }: { batch: Batch | null; onClose: () => void }) {
  const t = useT();
  const columns = useMemo<ResourceColumn<Code>[]>(
    () => [
      textColumn(t('redeem.code.code'), 'code', { sorter: true, code: true, width: 220 }),
      {
        title: t('redeem.code.status'),
        dataIndex: 'used_at',
        key: 'used',
        width: 100,
        filters: [
          { text: t('redeem.code.used'), value: 'true' },
          { text: t('redeem.code.unused'), value: 'false' },
        ],
        render: (_, r) => (r.used_at ? <Tag color="default">{t('redeem.code.used')}</Tag> : <Tag color="success">{t('redeem.code.unused')}</Tag>),
      },
      textColumn(t('redeem.code.usedBy'), 'used_by_name'),
      dateColumn(t, t('redeem.code.usedAt'), 'used_at', { sorter: true }),
    ],
    [t],
  );
  return (
    <Drawer open={!!batch} width={760} title={batch ? t('redeem.code.title', { name: batch.name }) : ''} onClose={onClose} destroyOnClose>
      {batch && (
        <ResourceList
          resource={redeemCodeResource}
          columns={columns}
          searchPlaceholder={t('redeem.code.search')}
          access={{}}
          presetFilters={[{ field: 'batch_id', values: [batch.id], label: batch.name }]}
        />
      )}
    </Drawer>
  );
}

export default function RedeemBatchList() {
  const t = useT();
  const [generating, setGenerating] = useState<ListContext<Batch> | null>(null);
  const [codesOf, setCodesOf] = useState<Batch | null>(null);
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

  const exportCodes = async (b: Batch) => {
    try {
      saveFile(await redeemCodeResource.exportRows({ filters: { batch_id: [b.id] }, sortField: 'used_at', sortOrder: 'descend' }));
    } catch (e) {
      fail(e);
    }
  };
  const toggle = (b: Batch, ctx: ListContext<Batch>) =>
    ctx.modal.confirm({
      title: t(b.disabled ? 'redeem.batch.enableConfirm' : 'redeem.batch.disableConfirm', { name: b.name }),
      okText: t(b.disabled ? 'redeem.batch.enable' : 'redeem.batch.disable'),
      okButtonProps: { danger: !b.disabled },
      onOk: async () => {
        try {
          await setBatchDisabled(b.id, !b.disabled);
          ctx.reload();
        } catch (e) {
          fail(e);
        }
      },
    });

  const columns = useMemo<ResourceColumn<Batch>[]>(
    () => [
      textColumn(t('redeem.batch.name'), 'name', { sorter: true, minWidth: 120 }),
      // a short title ("Per code"): the header and its sort icons on one line
      { title: t('redeem.batch.creditsColumn'), dataIndex: 'credits', key: 'credits', sorter: true, width: 105, render: (_, r) => r.credits },
      {
        title: t('redeem.batch.used'),
        dataIndex: 'used_count',
        key: 'used_count',
        sorter: true,
        width: 130,
        render: (_, r) => <span data-testid="batch-used">{`${r.used_count} / ${r.count}`}</span>,
      },
      statusColumn(
        t('redeem.batch.status'),
        'disabled',
        { false: { text: t('redeem.batch.state.active'), color: 'success' }, true: { text: t('redeem.batch.state.off'), color: 'default' } },
        { filter: true, width: 110 },
      ),
      {
        ...dateColumn(t, t('redeem.batch.expiresAt'), 'expires_at', { sorter: true, rangeFilter: true }),
        render: (_, r) => (
          <>
            {formatDate(r.expires_at)} {r.expired ? <Tag color="warning">{t('redeem.batch.state.expired')}</Tag> : null}
          </>
        ),
      },
      textColumn(t('redeem.batch.createdBy'), 'created_by_name', { width: 120, hidden: true }),
      dateColumn(t, t('redeem.batch.createdAt'), 'created_at', { sorter: true, rangeFilter: true, hidden: true }),
    ],
    [t],
  );

  return (
    <>
      <ResourceList
        resource={redeemBatchResource}
        title="route.finance.codes"
        columns={columns}
        searchPlaceholder={t('redeem.batch.search')}
        access={ACCESS}
        actionsWidth={300}
        toolbar={(ctx) => [
          <Button key="generate" type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(ctx)} data-testid="generate-codes">
            {t('redeem.batch.generate')}
          </Button>,
        ]}
        rowActions={(r, ctx) => [
          <Typography.Link key="codes" onClick={() => setCodesOf(r)} aria-label={`${t('redeem.batch.codes')} ${r.name}`}>
            <UnorderedListOutlined /> {t('redeem.batch.codes')}
          </Typography.Link>,
          <Typography.Link key="export" onClick={() => exportCodes(r)} aria-label={`${t('redeem.batch.export')} ${r.name}`}>
            <DownloadOutlined /> {t('redeem.batch.export')}
          </Typography.Link>,
          <Typography.Link
            key="toggle"
            type={r.disabled ? undefined : 'danger'}
            onClick={() => toggle(r, ctx)}
            aria-label={`${t(r.disabled ? 'redeem.batch.enable' : 'redeem.batch.disable')} ${r.name}`}
          >
            <PoweroffOutlined /> {t(r.disabled ? 'redeem.batch.enable' : 'redeem.batch.disable')}
          </Typography.Link>,
        ]}
      />
      <GenerateModal
        open={!!generating}
        onClose={() => setGenerating(null)}
        onDone={() => {
          generating?.reload();
          setGenerating(null);
        }}
      />
      <CodesDrawer batch={codesOf} onClose={() => setCodesOf(null)} />
    </>
  );
}
