/**
 * Real-name reviews, opened from the user list's toolbar: a button with the number of pending
 * submissions, and a drawer with the queue (the kit's ResourceList over GET
 * /api/system/realname: keyword on the real name, username and nickname; status filter,
 * pending by default; newest first). Role admin approves or rejects pending ones (a rejection
 * asks for the reason the user will see). ID numbers are shown masked only: the server never
 * sends them in full.
 */
import { IdcardOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RULES } from '../../../../shared/permissions';
import { useCan } from '../../../components/admin/access';
import { formatDate, type ResourceColumn } from '../../../components/admin/columns';
import ReasonModal from '../../../components/admin/ReasonModal';
import ResourceList, { type ListContext } from '../../../components/admin/ResourceList';
import { showRequestError } from '../../../services/request-layer';
import { decideRealname, realnameResource, type RealnameRow } from '../../../services/system';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';

type Status = RealnameRow['status'];
const STATUS_COLORS: Record<Status, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** the badge's number: pending submissions */
function usePendingCount() {
  const [count, setCount] = useState(0);
  const refresh = useCallback(async () => {
    try {
      setCount((await realnameResource.list({ pageSize: 1, filters: { status: ['pending'] } }, { skipErrorHandler: true })).total);
    } catch {
      // the badge is a hint: the drawer shows what went wrong
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { count, refresh };
}

function RejectModal({ row, onClose, onDone }: { row: RealnameRow | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  return (
    <ReasonModal
      open={!!row}
      title={t('system.realname.rejectTitle', { name: row?.real_name ?? '' })}
      okText={t('system.realname.reject')}
      cancelText={t('system.cancel')}
      label={t('system.realname.reason')}
      hint={t('system.realname.reasonHint')}
      requiredMessage={t('system.realname.reasonRequired')}
      onSubmit={async (reason) => {
        if (!row) return;
        await decideRealname(row.id, { decision: 'reject', reason }, { skipErrorHandler: true });
        toast(t('system.realname.rejectedToast', { name: row.real_name }), 'success');
        onDone();
      }}
      onClose={onClose}
    />
  );
}

export default function RealnameReviews() {
  const t = useT();
  const can = useCan();
  const canDecide = can(RULES.realnameReview);
  const [open, setOpen] = useState(false);
  const [rejecting, setRejecting] = useState<{ row: RealnameRow; ctx: ListContext<RealnameRow> } | null>(null);
  const pending = usePendingCount();

  const changed = (ctx: ListContext<RealnameRow>) => {
    ctx.reload();
    void pending.refresh();
  };

  const approve = (row: RealnameRow, ctx: ListContext<RealnameRow>) =>
    ctx.modal.confirm({
      title: t('system.realname.approveTitle', { name: row.real_name }),
      content: t('system.realname.approveText', { user: row.username || row.nickname || row.user_id, idCard: row.id_card_masked }),
      okText: t('system.realname.approve'),
      cancelText: t('system.cancel'),
      onOk: async () => {
        try {
          await decideRealname(row.id, { decision: 'approve' }, { skipErrorHandler: true });
          toast(t('system.realname.approvedToast', { name: row.real_name }), 'success');
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
        changed(ctx);
      },
    });

  const columns = useMemo<ResourceColumn<RealnameRow>[]>(() => {
    const statusText: Record<Status, string> = {
      pending: t('account.realname.status.pending'),
      approved: t('account.realname.status.approved'),
      rejected: t('account.realname.status.rejected'),
    };
    return [
      {
        title: t('system.realname.user'),
        dataIndex: 'username',
        key: 'username',
        render: (_, r) => (
          <Space direction="vertical" size={0}>
            <span>{r.username || r.nickname || r.user_id}</span>
            {r.username && r.nickname ? <Typography.Text type="secondary">{r.nickname}</Typography.Text> : null}
          </Space>
        ),
      },
      { title: t('system.realname.name'), dataIndex: 'real_name', key: 'real_name' },
      {
        title: t('system.realname.idCard'),
        dataIndex: 'id_card_masked',
        key: 'id_card_masked',
        render: (_, r) => <Typography.Text code>{r.id_card_masked}</Typography.Text>,
      },
      {
        title: t('system.field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        filters: (Object.keys(statusText) as Status[]).map((s) => ({ text: statusText[s], value: s })),
        defaultFilteredValue: ['pending'],
        render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{statusText[r.status]}</Tag>,
      },
      {
        title: t('system.realname.submitted'),
        dataIndex: 'created_at',
        key: 'created_at',
        sorter: true,
        defaultSortOrder: 'descend',
        render: (_, r) => formatDate(r.created_at),
      },
      {
        title: t('system.realname.decision'),
        dataIndex: 'decided_at',
        key: 'decided_at',
        render: (_, r) =>
          r.decided_at ? (
            <Space direction="vertical" size={0}>
              <span>{formatDate(r.decided_at)}</span>
              <Typography.Text type="secondary">{r.reviewer_name ?? (r.reviewer_id ? r.reviewer_id : t('system.realname.automatic'))}</Typography.Text>
              {r.reason ? <Typography.Text type={r.status === 'rejected' ? 'danger' : undefined}>{r.reason}</Typography.Text> : null}
            </Space>
          ) : (
            '-'
          ),
      },
    ];
  }, [t]);

  return (
    <>
      <Badge count={pending.count} size="small" offset={[-4, 4]}>
        <Button icon={<IdcardOutlined />} onClick={() => setOpen(true)}>
          {t('system.realname.open')}
        </Button>
      </Badge>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('system.realname.title')} width="min(1080px, 100vw)" destroyOnHidden>
        <ResourceList
          resource={realnameResource}
          columns={columns}
          description={t('system.realname.privacy')}
          searchPlaceholder={t('system.realname.search')}
          access={{}}
          exportable={false}
          actionsWidth={150}
          rowActions={
            canDecide
              ? (r, ctx) =>
                  r.status === 'pending'
                    ? [
                        <Typography.Link key="approve" onClick={() => approve(r, ctx)} aria-label={`${t('system.realname.approve')} ${r.real_name}`}>
                          {t('system.realname.approve')}
                        </Typography.Link>,
                        <Typography.Link
                          key="reject"
                          type="danger"
                          onClick={() => setRejecting({ row: r, ctx })}
                          aria-label={`${t('system.realname.reject')} ${r.real_name}`}
                        >
                          {t('system.realname.reject')}
                        </Typography.Link>,
                      ]
                    : []
              : undefined
          }
        />
        <RejectModal
          row={rejecting?.row ?? null}
          onClose={() => setRejecting(null)}
          onDone={() => {
            if (rejecting) changed(rejecting.ctx);
            setRejecting(null);
          }}
        />
      </Drawer>
    </>
  );
}
