/**
 * Site messages (manage site messages): every message whatever its status, with search, status
 * and audience filters, sorting, paging and export; write, edit, withdraw (confirmed), delete
 * (confirmed); the title opens who read it.
 */
import { EyeOutlined, StopOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Button } from 'antd';
import { useMemo } from 'react';
import { RULES } from '../../../shared/permissions';
import { CellText, dateColumn, statusColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList, { type ListContext } from '../../components/admin/ResourceList';
import { AUDIENCES, MESSAGE_STATUSES, siteMessageResource, withdrawMessage, type SiteMessageRow as Row } from '../../services/messages';
import { withQuery } from '../../services/query-string';
import { showRequestError } from '../../services/request-layer';
import { noticeModal, toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import './messages';

const ACCESS = { create: RULES.manageMessages, update: RULES.manageMessages, delete: RULES.manageMessages };
const STATUS_COLORS: Record<string, string> = { draft: 'default', scheduled: 'processing', published: 'success', withdrawn: 'warning' };

export const detailPath = (id: string) => withQuery('/pages/site-message/detail', { id });

export default function SiteMessageList() {
  const t = useT();
  const withdraw = (row: Row, ctx: ListContext<Row>) =>
    ctx.modal.confirm({
      title: t('msg.withdraw.confirm', { title: row.title }),
      content: t('msg.withdraw.explain'),
      okText: t('msg.withdraw.action'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await withdrawMessage(row.id);
          toast(t('msg.withdraw.done'), 'success');
          ctx.reload();
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
      },
    });
  const columns = useMemo<ResourceColumn<Row>[]>(
    () => [
      {
        title: t('msg.field.title'),
        dataIndex: 'title',
        key: 'title',
        sorter: true,
        minWidth: 160,
        render: (_, r) => (
          <Link to={detailPath(r.id)} style={{ display: 'flex', minWidth: 0 }}>
            <CellText text={r.title} style={{ color: 'inherit' }} />
          </Link>
        ),
      },
      statusColumn(
        t('msg.field.status'),
        'status',
        Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, { text: t(`msg.status.${s}`), color: STATUS_COLORS[s] }])),
        {
          filter: true,
        },
      ),
      statusColumn(t('msg.field.audience'), 'audience', Object.fromEntries(AUDIENCES.map((a) => [a, { text: t(`msg.audience.${a}`) }])), { filter: true }),
      dateColumn(t, t('msg.field.publishAt'), 'publish_at', { sorter: true, rangeFilter: true, relative: true }),
      { title: t('msg.field.readCount'), dataIndex: 'read_count', key: 'read_count', width: 110, hiddenByDefault: true, render: (_, r) => r.read_count },
      {
        title: t('msg.field.author'),
        dataIndex: 'author_name',
        key: 'author_name',
        width: 120,
        hiddenByDefault: true,
        render: (_, r) => (r.author_name ? <CellText text={r.author_name} /> : '-'),
      },
      dateColumn(t, t('msg.field.updatedAt'), 'updated_at', { sorter: true, hidden: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource={siteMessageResource}
      title="route.siteMessage.list"
      columns={columns}
      searchPlaceholder={t('msg.search')}
      access={ACCESS}
      addPath="/pages/site-message/add"
      addLabel={t('msg.add')}
      editPath={(r) => withQuery('/pages/site-message/edit', { id: r.id })}
      actionsWidth={300}
      rowActions={(r, ctx) => [
        <Link key="detail" to={detailPath(r.id)} aria-label={`${t('msg.detailAction')} ${r.title}`}>
          <EyeOutlined /> {t('msg.detailAction')}
        </Link>,
        ...(r.status === 'withdrawn'
          ? []
          : [
              <Button key="withdraw" type="link" size="small" danger icon={<StopOutlined />} style={{ padding: 0 }} onClick={() => withdraw(r, ctx)}>
                {t('msg.withdraw.action')}
              </Button>,
            ]),
      ]}
    />
  );
}
