/**
 * Invoices (/pages/expense/invoice/invoice): "Request" (the caller's paid orders not invoiced yet,
 * ticked, with their total, and the invoice details), "My invoices" (status, reason, the PDF) and,
 * for MANAGE_FINANCE, "All requests" with issue (confirm) and reject (a reason) actions.
 */
import '../../../components/invoice/i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useModel } from '@umijs/max';
import { Alert, Button, Card, Empty, Form, Input, Radio, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { formatCents } from '../../../../shared/money';
import { RULES } from '../../../../shared/permissions';
import { checkTaxNumber, INVOICE_TITLE_MAX, INVOICE_TITLE_MIN } from '../../../../shared/validation';
import { useCan } from '../../../components/admin/access';
import { dateColumn, type ResourceColumn } from '../../../components/admin/columns';
import ReasonModal from '../../../components/admin/ReasonModal';
import ResourceList, { type ListContext } from '../../../components/admin/ResourceList';
import LoadFailure from '../../../components/LoadFailure';
import {
  downloadInvoicePdf,
  financeInvoicesResource,
  getInvoiceableOrders,
  issueInvoice,
  myInvoicesResource,
  rejectInvoice,
  requestInvoice,
  type InvoiceableOrder,
  type InvoiceRequestBody,
  type InvoiceRow,
} from '../../../services/invoices';
import { requestErrorOf, showRequestError } from '../../../services/request-layer';
import { saveFile } from '../../../services/resource';
import type { InitialState } from '../../../shared/app-state';
import { noticeModal, toast } from '../../../shared/feedback';
import { applyServerError } from '../../../shared/form-errors';
import { DATE_FORMAT } from '../../../shared/format';
import { useT, type Translate } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { useTabParam } from '../../../shared/tab-param';
import { RECHARGE_PAGE } from '../../../../shared/pay';

const STATUS_COLORS: Record<InvoiceRow['status'], string> = { pending: 'processing', issued: 'success', rejected: 'error' };

type FormValues = { type: InvoiceRequestBody['type']; title: string; tax_number?: string; email: string };

const showError = (e: unknown, t: Translate) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

async function download(row: InvoiceRow, t: Translate) {
  try {
    saveFile(await downloadInvoicePdf(row));
  } catch (e) {
    showError(e, t);
  }
}

function RequestTab({ onRequested }: { onRequested: () => void }) {
  const t = useT();
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const orders = useRequest(() => getInvoiceableOrders({ skipErrorHandler: true }));
  const [selected, setSelected] = useState<Key[]>([]);
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const rows = orders.data ?? [];
  const total = rows.filter((o) => selected.includes(o.id)).reduce((s, o) => s + o.invoiceable_cents, 0);

  const submit = async (v: FormValues) => {
    setSaving(true);
    setFormError(null);
    try {
      const body: InvoiceRequestBody = {
        order_ids: selected.map(String),
        type: v.type,
        title: v.title.trim(),
        tax_number: v.type === 'company' ? v.tax_number?.trim() : v.tax_number?.trim() || null,
        email: v.email.trim(),
      };
      const created = await requestInvoice(body, { skipErrorHandler: true });
      toast(t('invoice.form.submitted', { no: created.invoice_no }), 'success');
      setSelected([]);
      orders.refresh();
      onRequested();
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind === 'business' && info.field === 'order_ids') orders.refresh();
      setFormError(applyServerError(form, e, ['title', 'tax_number', 'email']));
    } finally {
      setSaving(false);
    }
  };

  if (orders.loading && !orders.data) return <Skeleton active />;
  if (orders.error) return <LoadFailure title={t('invoice.orders.loadFailed')} failure={requestErrorOf(orders.error)} onRetry={orders.refresh} />;
  if (!rows.length) {
    return (
      <Empty description={t('invoice.orders.empty')}>
        <Link to={RECHARGE_PAGE}>
          <Button type="primary">{t('invoice.orders.toRecharge')}</Button>
        </Link>
      </Empty>
    );
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('invoice.orders.title')} size="small">
        <Table<InvoiceableOrder>
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10 } : false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
          columns={[
            { title: t('invoice.orders.orderNo'), dataIndex: 'order_no', key: 'order_no' },
            { title: t('invoice.orders.subject'), dataIndex: 'subject', key: 'subject' },
            { title: t('invoice.orders.paidAt'), dataIndex: 'paid_at', key: 'paid_at', render: (v: string | null) => (v ? dayjs(v).format(DATE_FORMAT) : '-') },
            {
              title: t('invoice.orders.amount'),
              dataIndex: 'invoiceable_cents',
              key: 'invoiceable_cents',
              align: 'right',
              render: (_: unknown, o: InvoiceableOrder) => (
                <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCents(o.invoiceable_cents)}</span>
                  {o.refunded_cents ? (
                    <Typography.Text type="secondary">{t('invoice.orders.refunded', { amount: formatCents(o.refunded_cents) })}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
        <Typography.Paragraph strong style={{ margin: '12px 0 0', textAlign: 'right' }} data-testid="invoice-total">
          {t('invoice.orders.selected', { count: selected.length, amount: formatCents(total) })}
        </Typography.Paragraph>
      </Card>
      <Card title={t('invoice.form.title')} size="small">
        <Form<FormValues>
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          initialValues={{ type: 'personal', email: initialState?.currentUser?.email ?? '' }}
          onFinish={(v) => void submit(v)}
          onValuesChange={() => formError && setFormError(null)}
        >
          {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
          <Form.Item name="type" label={t('invoice.form.type')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'personal', label: t('invoice.type.personal') },
                { value: 'company', label: t('invoice.type.company') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('invoice.form.buyerTitle')}
            rules={[
              {
                validator: (_, v: string | undefined) => {
                  const n = [...(v ?? '').trim()].length;
                  return n >= INVOICE_TITLE_MIN && n <= INVOICE_TITLE_MAX
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('invoice.form.titleRule', { min: INVOICE_TITLE_MIN, max: INVOICE_TITLE_MAX })));
                },
              },
            ]}
          >
            <Input
              maxLength={INVOICE_TITLE_MAX}
              placeholder={type === 'company' ? t('invoice.form.companyPlaceholder') : t('invoice.form.personPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="tax_number"
            label={t('invoice.form.taxNumber')}
            extra={t('invoice.form.taxNumberHint')}
            hidden={type !== 'company'}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  type !== 'company' || !checkTaxNumber(v) ? Promise.resolve() : Promise.reject(new Error(t('invoice.form.taxNumberRule'))),
              },
            ]}
          >
            <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('invoice.form.email')}
            extra={t('invoice.form.emailHint')}
            rules={[{ required: true, whitespace: true, type: 'email', message: t('invoice.form.emailRule') }]}
          >
            <Input type="email" maxLength={254} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!selected.length}>
            {t('invoice.form.submit')}
          </Button>
          {!selected.length ? (
            <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
              {t('invoice.orders.pick')}
            </Typography.Text>
          ) : null}
        </Form>
      </Card>
    </Space>
  );
}

/** the columns both lists share */
function useCommonColumns(t: Translate) {
  return useMemo(() => {
    const statusText: Record<InvoiceRow['status'], string> = {
      pending: t('invoice.status.pending'),
      issued: t('invoice.status.issued'),
      rejected: t('invoice.status.rejected'),
    };
    const typeText: Record<InvoiceRow['type'], string> = { personal: t('invoice.type.personal'), company: t('invoice.type.company') };
    const cols: Record<string, ResourceColumn<InvoiceRow>> = {
      no: { title: t('invoice.list.no'), dataIndex: 'invoice_no', key: 'invoice_no', width: 180 },
      created: dateColumn<InvoiceRow>(t, t('invoice.list.created'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      title: {
        title: t('invoice.list.title'),
        dataIndex: 'title',
        key: 'title',
        render: (_: ReactNode, r) => (
          <Space direction="vertical" size={0}>
            <span>{r.title}</span>
            <Typography.Text type="secondary">
              {typeText[r.type]}
              {r.tax_number ? ` · ${r.tax_number}` : ''}
            </Typography.Text>
          </Space>
        ),
      },
      amount: {
        title: t('invoice.list.amount'),
        dataIndex: 'amount_cents',
        key: 'amount_cents',
        align: 'right',
        width: 110,
        sorter: true,
        render: (_: ReactNode, r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCents(r.amount_cents)}</span>,
      },
      status: {
        title: t('invoice.list.status'),
        dataIndex: 'status',
        key: 'status',
        width: 130,
        filters: (Object.keys(statusText) as InvoiceRow['status'][]).map((s) => ({ text: statusText[s], value: s })),
        render: (_: ReactNode, r) => (
          <Space direction="vertical" size={0}>
            <Tag color={STATUS_COLORS[r.status]}>{statusText[r.status]}</Tag>
            {r.status === 'rejected' && r.reason ? (
              <Typography.Text type="danger" ellipsis={{ tooltip: r.reason }} style={{ maxWidth: 110 }}>
                {t('invoice.list.reason', { reason: r.reason })}
              </Typography.Text>
            ) : null}
            {r.issued_at ? <Typography.Text type="secondary">{dayjs(r.issued_at).format(DATE_FORMAT)}</Typography.Text> : null}
          </Space>
        ),
      },
    };
    return cols;
  }, [t]);
}

function MyInvoices() {
  const t = useT();
  const c = useCommonColumns(t);
  const columns = [c.no, c.created, c.title, c.amount, c.status];
  return (
    <ResourceList
      resource={myInvoicesResource}
      columns={columns}
      searchPlaceholder={t('invoice.list.search')}
      access={{}}
      exportable={false}
      actionsWidth={100}
      rowActions={(r) =>
        r.has_pdf
          ? [
              <Typography.Link key="pdf" onClick={() => void download(r, t)} aria-label={`${t('invoice.action.download')} ${r.invoice_no}`}>
                <DownloadOutlined /> {t('invoice.action.download')}
              </Typography.Link>,
            ]
          : []
      }
    />
  );
}

function RejectModal({ row, onClose, onDone }: { row: InvoiceRow | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  return (
    <ReasonModal
      open={!!row}
      title={t('invoice.reject.title', { no: row?.invoice_no ?? '' })}
      okText={t('invoice.action.reject')}
      cancelText={t('invoice.cancel')}
      label={t('invoice.reject.reason')}
      hint={t('invoice.reject.reasonHint')}
      requiredMessage={t('invoice.reject.reasonRequired')}
      onSubmit={async (reason) => {
        if (!row) return;
        await rejectInvoice(row.id, reason, { skipErrorHandler: true });
        toast(t('invoice.reject.done', { no: row.invoice_no }), 'success');
        onDone();
      }}
      onClose={onClose}
    />
  );
}

function AllRequests() {
  const t = useT();
  const c = useCommonColumns(t);
  const [rejecting, setRejecting] = useState<{ row: InvoiceRow; ctx: ListContext<InvoiceRow> } | null>(null);
  const columns: ResourceColumn<InvoiceRow>[] = [
    {
      ...c.no,
      render: (_: ReactNode, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.invoice_no}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-label={t('invoice.list.orders')}>
            {r.order_nos.join(', ')}
          </Typography.Text>
        </Space>
      ),
    },
    c.created,
    {
      ...c.title,
      render: (_: ReactNode, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.title}</span>
          <Typography.Text type="secondary">
            {r.type === 'company' ? t('invoice.type.company') : t('invoice.type.personal')}
            {r.tax_number ? ` · ${r.tax_number}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" aria-label={t('invoice.list.user')}>
            {r.username || r.nickname || r.user_id} · {r.email}
          </Typography.Text>
        </Space>
      ),
    },
    c.amount,
    c.status,
  ];

  const issue = (row: InvoiceRow, ctx: ListContext<InvoiceRow>) =>
    ctx.modal.confirm({
      title: t('invoice.issue.title', { no: row.invoice_no }),
      content: t('invoice.issue.text', { title: row.title, amount: formatCents(row.amount_cents), email: row.email }),
      okText: t('invoice.action.issue'),
      cancelText: t('invoice.cancel'),
      onOk: async () => {
        try {
          await issueInvoice(row.id, { skipErrorHandler: true });
          toast(t('invoice.issue.done', { no: row.invoice_no, email: row.email }), 'success');
        } catch (e) {
          showError(e, t);
        }
        ctx.reload();
      },
    });

  return (
    <>
      <ResourceList
        resource={financeInvoicesResource}
        columns={columns}
        searchPlaceholder={t('invoice.list.searchAll')}
        access={{}}
        actionsWidth={130}
        rowActions={(r, ctx) =>
          r.status === 'pending'
            ? [
                <Typography.Link key="issue" onClick={() => issue(r, ctx)} aria-label={`${t('invoice.action.issue')} ${r.invoice_no}`}>
                  {t('invoice.action.issue')}
                </Typography.Link>,
                <Typography.Link
                  key="reject"
                  type="danger"
                  onClick={() => setRejecting({ row: r, ctx })}
                  aria-label={`${t('invoice.action.reject')} ${r.invoice_no}`}
                >
                  {t('invoice.action.reject')}
                </Typography.Link>,
              ]
            : r.has_pdf
              ? [
                  <Typography.Link key="pdf" onClick={() => void download(r, t)} aria-label={`${t('invoice.action.download')} ${r.invoice_no}`}>
                    <DownloadOutlined /> {t('invoice.action.download')}
                  </Typography.Link>,
                ]
              : []
        }
      />
      <RejectModal
        row={rejecting?.row ?? null}
        onClose={() => setRejecting(null)}
        onDone={() => {
          rejecting?.ctx.reload();
          setRejecting(null);
        }}
      />
    </>
  );
}

const TABS = ['request', 'mine'];
const TABS_FINANCE = [...TABS, 'all'];

export default function InvoicePage() {
  const t = useT();
  const can = useCan();
  const finance = can(RULES.manageFinance);
  const [tab, setTab] = useTabParam(finance ? TABS_FINANCE : TABS);
  // a new request shows up in "My invoices" when that tab mounts again
  const [mineKey, setMineKey] = useState(0);
  const items = [
    {
      key: 'request',
      label: t('invoice.tab.request'),
      children: (
        <RequestTab
          onRequested={() => {
            setMineKey((k) => k + 1);
            setTab('mine');
          }}
        />
      ),
    },
    { key: 'mine', label: t('invoice.tab.mine'), children: <MyInvoices key={mineKey} /> },
    ...(finance ? [{ key: 'all', label: t('invoice.tab.all'), children: <AllRequests /> }] : []),
  ];
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('invoice.intro')}</Typography.Paragraph>
      <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden />
    </div>
  );
}
