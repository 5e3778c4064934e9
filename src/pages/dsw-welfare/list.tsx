/**
 * Welfare campaigns (MANAGE_WELFARE): search by title, filters (who may claim, how often, status,
 * start), sorting, budget used against the budget; per campaign: its claims (a drawer: who, when,
 * how much), switch off / on, edit, delete (only without claims: otherwise switch it off).
 * The columns and the four row actions fit a 1280 px screen in every language.
 */
import { PoweroffOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Drawer, Flex, Progress, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { RULES } from '../../../shared/permissions';
import { CellText, dateColumn, formatDate, statusColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList, { type ListContext } from '../../components/admin/ResourceList';
import '../../components/welfare/i18n';
import { showRequestError } from '../../services/request-layer';
import { withQuery } from '../../services/query-string';
import {
  ELIGIBILITY,
  FREQUENCY,
  STATUSES,
  welfareClaimResource,
  welfareResource,
  type WelfareCampaign as Campaign,
  type WelfareClaim as Claim,
} from '../../services/welfare';
import { noticeModal, toast } from '../../shared/feedback';
import { useT, type Translate } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';

const ACCESS = { create: RULES.manageWelfare, update: RULES.manageWelfare, delete: RULES.manageWelfare };
const STATUS_COLOR: Record<string, string> = { active: 'success', scheduled: 'processing', exhausted: 'warning', ended: 'default', off: 'default' };

/** who may claim, in words: the kind and its roles, tags or days */
export function eligibilityText(t: Translate, r: Pick<Campaign, 'eligibility' | 'eligibility_values' | 'new_user_days'>): string {
  if (r.eligibility === 'new_users') return t('welfare.eligibility.newUsersWithin', { days: r.new_user_days ?? 0 });
  const kind = t(`welfare.eligibility.${r.eligibility}`);
  return r.eligibility_values.length ? `${kind}: ${r.eligibility_values.join(', ')}` : kind;
}

function ClaimsDrawer({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const t = useT();
  const columns = useMemo<ResourceColumn<Claim>[]>(
    () => [
      textColumn(t('welfare.claim.user'), 'username'),
      textColumn(t('welfare.claim.nickname'), 'nickname'),
      {
        title: t('welfare.claim.amount'),
        dataIndex: 'amount',
        key: 'amount',
        sorter: true,
        width: 110,
        render: (_, r) => <span data-testid="claim-amount">{r.amount}</span>,
      },
      textColumn(t('welfare.claim.period'), 'period', { width: 130 }),
      dateColumn(t, t('welfare.claim.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
    ],
    [t],
  );
  return (
    <Drawer
      open={!!campaign}
      width="min(820px, 100vw)"
      title={campaign ? t('welfare.claim.title', { title: campaign.title }) : ''}
      onClose={onClose}
      destroyOnClose
    >
      {campaign && (
        <ResourceList
          resource={welfareClaimResource}
          columns={columns}
          searchPlaceholder={t('welfare.claim.search')}
          access={{}}
          presetFilters={[{ field: 'campaign_id', values: [campaign.id], label: campaign.title }]}
        />
      )}
    </Drawer>
  );
}

export default function WelfareList() {
  const t = useT();
  const [claimsOf, setClaimsOf] = useState<Campaign | null>(null);
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

  const toggle = (c: Campaign, ctx: ListContext<Campaign>) =>
    ctx.modal.confirm({
      title: t(c.enabled ? 'welfare.list.disableConfirm' : 'welfare.list.enableConfirm', { title: c.title }),
      okText: t(c.enabled ? 'welfare.list.disable' : 'welfare.list.enable'),
      okButtonProps: { danger: c.enabled },
      onOk: async () => {
        try {
          await welfareResource.update(c.id, { enabled: !c.enabled }, { skipErrorHandler: true });
          ctx.reload();
        } catch (e) {
          fail(e);
        }
      },
    });

  const columns = useMemo<ResourceColumn<Campaign>[]>(
    () => [
      {
        title: t('welfare.field.title'),
        dataIndex: 'title',
        key: 'title',
        sorter: true,
        minWidth: 160,
        render: (_, r) => (
          <Flex vertical>
            <CellText strong text={r.title} />
            {r.description ? <CellText type="secondary" text={r.description} /> : null}
          </Flex>
        ),
      },
      {
        title: t('welfare.field.budgetUsed'),
        dataIndex: 'used',
        key: 'used',
        sorter: true,
        width: 160,
        render: (_, r) => (
          <Flex vertical gap={0} data-testid="welfare-budget">
            <CellText text={t('welfare.list.budgetOf', { used: r.used, budget: r.budget })} />
            <Progress
              percent={Math.min(100, Math.floor((r.used / r.budget) * 100))}
              size="small"
              showInfo={false}
              status={r.status === 'exhausted' ? 'success' : 'normal'}
            />
          </Flex>
        ),
      },
      {
        title: t('welfare.field.claims'),
        dataIndex: 'claim_count',
        key: 'claim_count',
        sorter: true,
        width: 100,
        align: 'right',
        hiddenByDefault: true,
        render: (_, r) => <span data-testid="welfare-claims">{r.claim_count}</span>,
      },
      statusColumn(
        t('welfare.field.status'),
        'status',
        Object.fromEntries(STATUSES.map((s) => [s, { text: t(`welfare.status.${s}`), color: STATUS_COLOR[s] }])),
        { filter: true, width: 130 },
      ),
      // a short title ("Per claim"): the header and its sort icons on one line
      { title: t('welfare.list.creditsColumn'), dataIndex: 'credits', key: 'credits', sorter: true, width: 130, align: 'right', render: (_, r) => r.credits },
      // less often needed: from the column settings
      {
        title: t('welfare.field.eligibility'),
        dataIndex: 'eligibility',
        key: 'eligibility',
        width: 170,
        hiddenByDefault: true,
        filters: ELIGIBILITY.map((e) => ({ text: t(`welfare.eligibility.${e}`), value: e })),
        render: (_, r) => <CellText text={eligibilityText(t, r)} />,
      },
      {
        title: t('welfare.field.frequency'),
        dataIndex: 'frequency',
        key: 'frequency',
        width: 120,
        hiddenByDefault: true,
        filters: FREQUENCY.map((f) => ({ text: t(`welfare.frequency.${f}`), value: f })),
        render: (_, r) => <CellText text={t(`welfare.frequency.${r.frequency}`)} />,
      },
      {
        ...dateColumn(t, t('welfare.field.window'), 'starts_at', { sorter: true, rangeFilter: true, width: 190, hidden: true }),
        render: (_, r) => (
          <Flex vertical>
            <span>{formatDate(r.starts_at)}</span>
            <Typography.Text type="secondary">{formatDate(r.ends_at)}</Typography.Text>
          </Flex>
        ),
      },
      { ...dateColumn(t, t('welfare.field.createdAt'), 'created_at', { sorter: true, rangeFilter: true }), hiddenByDefault: true },
    ],
    [t],
  );

  return (
    <>
      <ResourceList
        resource={welfareResource}
        title="route.welfare.list"
        columns={columns}
        searchPlaceholder={t('welfare.list.search')}
        access={ACCESS}
        addPath="/pages/dsw-welfare/add"
        editPath={(r) => withQuery('/pages/dsw-welfare/edit', { id: r.id })}
        canDeleteRow={(r) => (r.claim_count ? t('welfare.list.hasClaims') : true)}
        actionsWidth={300}
        rowActions={(r, ctx) => [
          <Typography.Link key="claims" onClick={() => setClaimsOf(r)} aria-label={`${t('welfare.list.claims')} ${r.title}`}>
            <UnorderedListOutlined /> {t('welfare.list.claims')}
          </Typography.Link>,
          <Typography.Link
            key="toggle"
            type={r.enabled ? 'danger' : undefined}
            onClick={() => toggle(r, ctx)}
            aria-label={`${t(r.enabled ? 'welfare.list.disable' : 'welfare.list.enable')} ${r.title}`}
          >
            <PoweroffOutlined /> {t(r.enabled ? 'welfare.list.disable' : 'welfare.list.enable')}
          </Typography.Link>,
        ]}
      />
      <ClaimsDrawer campaign={claimsOf} onClose={() => setClaimsOf(null)} />
    </>
  );
}
