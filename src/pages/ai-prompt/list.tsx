/**
 * The prompt store's curation (manage content): every store prompt whatever its status, with
 * search, filters (status, category, featured, author), sorting, xlsx export; approve, reject or
 * take down (with a reason the author sees), feature, edit, delete; batch approve / take down / delete.
 * A filled star marks a featured prompt, in its title's fixed slot and on "Unfeature"; an outline
 * star is "Feature". Edit and Delete come first, so they line up whatever a row's status offers.
 */
import { CheckOutlined, StarFilled, StarOutlined, StopOutlined, CloseOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { RULES } from '../../../shared/permissions';
import { booleanColumn, CellText, dateColumn, ELLIPSIS, statusColumn, tagsColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList, { type ListContext, type PresetFilter } from '../../components/admin/ResourceList';
import {
  approveStorePrompts,
  featureStorePrompt,
  rejectStorePrompts,
  STORE_STATUSES,
  storeFacets,
  storePromptResource,
  takeDownStorePrompts,
  type StorePromptAdminRow as Row,
} from '../../services/prompt-store';
import { withQuery } from '../../services/query-string';
import { showRequestError } from '../../services/request-layer';
import { noticeModal, toast } from '../../shared/feedback';
import { builtInText, useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import '../assistant/prompts-store/messages';

const ACCESS = { create: RULES.manageContent, update: RULES.manageContent, delete: RULES.manageContent };
const STATUS_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', taken_down: 'default' };

type ReasonAction = 'reject' | 'takeDown';

/** the featured star's place before a title: as wide as the star on every row */
const STAR_SLOT = { flex: 'none', display: 'inline-flex', justifyContent: 'center', width: 14 } as const;

export default function StorePromptList() {
  const t = useT();
  const facets = useRequest(storeFacets);
  const [author, setAuthor] = useState<{ id: string; name: string } | null>(null);
  const [asking, setAsking] = useState<{ action: ReasonAction; rows: Row[]; ctx: ListContext<Row> } | null>(null);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
  const done = (ctx: ListContext<Row>, key: string, count: number) => {
    toast(t(key, { count }), 'success');
    ctx.clearSelection();
    ctx.reload();
  };
  const approve = (rows: Row[], ctx: ListContext<Row>) =>
    ctx.modal.confirm({
      title: t('store.admin.approveConfirm', { count: rows.length }),
      okText: t('store.admin.approve'),
      onOk: async () => {
        try {
          done(ctx, 'store.admin.approved', (await approveStorePrompts(rows.map((r) => r.id))).changed);
        } catch (e) {
          fail(e);
        }
      },
    });
  const ask = (action: ReasonAction, rows: Row[], ctx: ListContext<Row>) => {
    setReason('');
    setAsking({ action, rows, ctx });
  };
  const submitReason = async () => {
    if (!asking || !reason.trim()) return;
    setSaving(true);
    try {
      const ids = asking.rows.map((r) => r.id);
      const r = asking.action === 'reject' ? await rejectStorePrompts(ids, reason.trim()) : await takeDownStorePrompts(ids, reason.trim());
      done(asking.ctx, asking.action === 'reject' ? 'store.admin.rejected' : 'store.admin.takenDown', r.changed);
      setAsking(null);
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };
  const feature = async (row: Row, ctx: ListContext<Row>) => {
    try {
      await featureStorePrompt(row.id, !row.featured);
      ctx.reload();
    } catch (e) {
      fail(e);
    }
  };

  const columns = useMemo<ResourceColumn<Row>[]>(
    () => [
      {
        title: t('store.field.title'),
        dataIndex: 'title',
        key: 'title',
        sorter: true,
        minWidth: 160,
        render: (_, r) => (
          <Flex gap={4} align="center" style={{ minWidth: 0 }}>
            {/* the star's slot is kept on every row, so the titles line up */}
            <span style={STAR_SLOT}>{r.featured ? <StarFilled style={{ color: '#faad14' }} aria-label={t('store.featured')} /> : null}</span>
            <CellText text={builtInText('storeTitle', r.title, t)} />
          </Flex>
        ),
      },
      statusColumn(
        t('store.field.status'),
        'status',
        Object.fromEntries(STORE_STATUSES.map((s) => [s, { text: t(`store.status.${s}`), color: STATUS_COLORS[s] }])),
        { filter: true, width: 130 },
      ),
      textColumn(t('store.field.reason'), 'reason', { minWidth: 160, hidden: true }),
      {
        title: t('store.field.category'),
        dataIndex: 'category',
        key: 'category',
        width: 120,
        filters: (facets.data?.categories ?? []).map((c) => ({ text: builtInText('storeCategory', c.name, t), value: c.name })),
        render: (_, r) => (r.category ? <CellText text={builtInText('storeCategory', r.category, t)} /> : '-'),
      },
      tagsColumn(t('store.field.tags'), 'tags', { minWidth: 160, hidden: true, label: (v) => builtInText('storeTag', v, t) }),
      {
        title: t('store.field.author'),
        dataIndex: 'author_name',
        key: 'author_name',
        width: 130,
        render: (_, r) =>
          r.author_id ? (
            <Typography.Link
              title={r.author_name ?? r.author_id}
              style={ELLIPSIS}
              onClick={() => setAuthor({ id: r.author_id!, name: r.author_name ?? r.author_id! })}
            >
              {r.author_name ?? r.author_id}
            </Typography.Link>
          ) : (
            <CellText text={t('store.admin.starter')} />
          ),
      },
      booleanColumn(t, t('store.field.featured'), 'featured', { filter: true, width: 110, hidden: true }),
      { title: t('store.uses'), dataIndex: 'use_count', key: 'use_count', sorter: true, width: 100, hiddenByDefault: true, render: (_, r) => r.use_count },
      {
        title: t('store.favourites'),
        dataIndex: 'favourite_count',
        key: 'favourite_count',
        sorter: true,
        width: 110,
        hiddenByDefault: true,
        render: (_, r) => r.favourite_count,
      },
      dateColumn(t, t('store.field.updatedAt'), 'updated_at', { sorter: true, hidden: true }),
    ],
    [t, facets.data],
  );

  const presets: PresetFilter[] = author ? [{ field: 'author_id', values: [author.id], label: t('store.admin.authorFilter', { name: author.name }) }] : [];

  return (
    <>
      <ResourceList
        resource={storePromptResource}
        title="route.aiPrompt.list"
        columns={columns}
        searchPlaceholder={t('store.admin.search')}
        access={ACCESS}
        addPath="/pages/ai-prompt/add"
        editPath={(r) => withQuery('/pages/ai-prompt/edit', { id: r.id })}
        presetFilters={presets}
        onClearPresets={() => setAuthor(null)}
        actionsWidth={290}
        rowActionsLast
        rowActions={(r, ctx) =>
          [
            r.status !== 'approved' ? (
              <Typography.Link key="approve" onClick={() => approve([r], ctx)} aria-label={`${t('store.admin.approve')} ${r.title}`}>
                <CheckOutlined /> {t('store.admin.approve')}
              </Typography.Link>
            ) : null,
            r.status === 'pending' ? (
              <Typography.Link key="reject" type="danger" onClick={() => ask('reject', [r], ctx)} aria-label={`${t('store.admin.reject')} ${r.title}`}>
                <CloseOutlined /> {t('store.admin.reject')}
              </Typography.Link>
            ) : null,
            r.status === 'approved' ? (
              <Typography.Link
                key="feature"
                onClick={() => feature(r, ctx)}
                aria-label={`${t(r.featured ? 'store.admin.unfeature' : 'store.admin.feature')} ${r.title}`}
              >
                {/* the star shows the prompt's state, as in its title: filled while featured */}
                {r.featured ? <StarFilled /> : <StarOutlined />} {t(r.featured ? 'store.admin.unfeature' : 'store.admin.feature')}
              </Typography.Link>
            ) : null,
            r.status === 'approved' ? (
              <Typography.Link key="down" type="warning" onClick={() => ask('takeDown', [r], ctx)} aria-label={`${t('store.admin.takeDown')} ${r.title}`}>
                <StopOutlined /> {t('store.admin.takeDown')}
              </Typography.Link>
            ) : null,
          ].filter(Boolean)
        }
        batchActions={(rows, ctx) => [
          <Button key="approve" size="small" icon={<CheckOutlined />} disabled={!rows.length} onClick={() => approve(rows, ctx)}>
            {t('store.admin.approve')}
          </Button>,
          <Button key="down" size="small" icon={<StopOutlined />} disabled={!rows.length} onClick={() => ask('takeDown', rows, ctx)}>
            {t('store.admin.takeDown')}
          </Button>,
        ]}
      />
      <Modal
        open={!!asking}
        title={asking ? t(asking.action === 'reject' ? 'store.admin.rejectTitle' : 'store.admin.takeDownTitle', { count: asking.rows.length }) : ''}
        okText={asking ? t(asking.action === 'reject' ? 'store.admin.reject' : 'store.admin.takeDown') : ''}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: saving }}
        onOk={submitReason}
        onCancel={() => setAsking(null)}
        destroyOnClose
      >
        <Typography.Paragraph type="secondary">{t('store.admin.reasonHint')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('store.field.reason')}
          placeholder={t('store.field.reason')}
          maxLength={500}
          showCount
          autoSize={{ minRows: 3 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
