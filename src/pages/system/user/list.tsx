/**
 * Users (uni-id-users): username, nickname, mobile, status, email, role names, tags,
 * authorized apps, credits, last login. Search on username, nickname, mobile, email and role
 * name; `?tagid=` and `?id=` pre-filter; batch "set tags"; page sizes 20/50/100/500; admins
 * adjust a user's credits from the row.
 */
import { TagsOutlined, WalletOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CellTag, dateColumn, roleNamesColumn, statusColumn, TagList, tagsColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList, { type PresetFilter } from '../../../components/admin/ResourceList';
import { useResourceOptions } from '../../../components/admin/ResourceSelect';
import { useCan } from '../../../components/admin/access';
import { RULES } from '../../../../shared/permissions';
import { withQuery } from '../../../services/query-string';
import { appResource, roleResource, tagResource, userResource, type UserRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';
import AdjustCreditsModal, { type AdjustTarget } from '../../../components/credits/AdjustCreditsModal';
import RealnameReviews from './RealnameReviews';
import SetTagsModal from './SetTagsModal';
import { userStatusOptions } from './status';

const LIST = '/pages/system/user/list';
export const USER_PAGE_SIZES = [20, 50, 100, 500];

export default function UserList() {
  const t = useT();
  const can = useCan();
  const [params] = useSearchParams();
  const tagid = params.get('tagid');
  const id = params.get('id');
  const roles = useResourceOptions(roleResource);
  const tags = useResourceOptions(tagResource);
  const apps = useResourceOptions(appResource);
  const [tagging, setTagging] = useState<{ ids: string[]; done: () => void } | null>(null);
  const [adjusting, setAdjusting] = useState<(AdjustTarget & { done: () => void }) | null>(null);
  const canAdjust = can(RULES.creditsAdmin);

  const presets = useMemo<PresetFilter[]>(() => {
    const list: PresetFilter[] = [];
    if (tagid) list.push({ field: 'tagid', values: [tagid], label: t('system.user.presetTag', { tag: tags.names.get(tagid) ?? tagid }) });
    if (id) list.push({ field: 'id', values: [id], label: t('system.user.presetId', { id }) });
    return list;
  }, [tagid, id, tags.names, t]);

  // at 1280 px: username, nickname, status, roles and last sign-in; the rest from the column settings
  const columns = useMemo<ResourceColumn<UserRow>[]>(
    () => [
      textColumn(t('system.user.username'), 'username', { sorter: true, minWidth: 130 }),
      textColumn(t('system.user.nickname'), 'nickname', { minWidth: 130 }),
      textColumn(t('system.user.mobile'), 'mobile', { width: 130, hidden: true }),
      statusColumn(t('system.field.status'), 'status', userStatusOptions(t), { filter: true, width: 100 }),
      textColumn(t('system.user.email'), 'email', { minWidth: 180, hidden: true }),
      roleNamesColumn(
        t('system.user.roles'),
        roles.options.map((o) => ({ text: o.label, value: o.value })),
        { minWidth: 130 },
      ),
      tagsColumn(t('system.field.tags'), 'tag_name', { field: 'tagid', filters: tags.options.map((o) => ({ text: o.label, value: o.value })), hidden: true }),
      {
        title: t('system.user.apps'),
        dataIndex: 'dcloud_appid',
        key: 'dcloud_appid',
        minWidth: 160,
        hiddenByDefault: true,
        filters: apps.options.map((o) => ({ text: o.label, value: o.value })),
        render: (_, r) =>
          r.dcloud_appid === null ? (
            <CellTag color="green" text={t('system.user.allApps')} />
          ) : r.dcloud_appid.length ? (
            <TagList items={r.dcloud_appid} label={(a) => apps.names.get(a) ?? a} />
          ) : (
            <CellTag text={t('system.user.noApps')} />
          ),
      },
      {
        title: t('system.user.credits'),
        dataIndex: 'score',
        key: 'score',
        width: 100,
        align: 'right',
        hiddenByDefault: true,
        render: (_, r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.score}</span>,
      },
      dateColumn(t, t('system.user.lastLogin'), 'last_login_date', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      dateColumn(t, t('system.user.registered'), 'register_date', { sorter: true, rangeFilter: true, hidden: true }),
    ],
    [t, roles.options, tags.options, apps.options, apps.names],
  );

  return (
    <>
      <ResourceList
        resource={userResource}
        title="route.system.user.list"
        columns={columns}
        searchPlaceholder={t('system.user.search')}
        pageSizes={USER_PAGE_SIZES}
        presetFilters={presets}
        onClearPresets={() => history.replace(LIST)}
        access={RULES.users}
        addPath="/pages/system/user/add"
        editPath={(r) => withQuery('/pages/system/user/edit', { id: r._id })}
        toolbar={() => [<RealnameReviews key="realname" />]}
        rowActions={
          canAdjust
            ? (r, ctx) => [
                <Typography.Link
                  key="credits"
                  aria-label={`${t('credits.adjust.action')} ${userResource.nameOf(r)}`}
                  onClick={() => setAdjusting({ id: r._id, name: userResource.nameOf(r), balance: r.score, done: ctx.reload })}
                >
                  <WalletOutlined /> {t('credits.adjust.short')}
                </Typography.Link>,
              ]
            : undefined
        }
        actionsWidth={canAdjust ? 220 : undefined}
        batchActions={
          can(RULES.users.update)
            ? (rows, ctx) => [
                <Button
                  key="tags"
                  size="small"
                  icon={<TagsOutlined />}
                  disabled={!rows.length}
                  onClick={() =>
                    setTagging({
                      ids: rows.map((r) => r._id),
                      done: () => {
                        ctx.clearSelection();
                        ctx.reload();
                      },
                    })
                  }
                >
                  {t('system.user.setTags')}
                </Button>,
              ]
            : undefined
        }
      />
      <AdjustCreditsModal
        target={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          adjusting?.done();
          setAdjusting(null);
        }}
      />
      <SetTagsModal
        ids={tagging?.ids ?? []}
        open={!!tagging}
        onClose={() => setTagging(null)}
        onDone={() => {
          tagging?.done();
          setTagging(null);
        }}
      />
    </>
  );
}
