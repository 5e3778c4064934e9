/**
 * App versions (upgrade center): app, platform, type, version, title, stable, mandatory, silent,
 * created; search, filters, sort, paging; publish as stable (after details and delete, which so
 * line up on every row), details (edit), delete after a confirmation (never the current stable
 * version). `?appid=` narrows to one app.
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { RULES } from '../../../../../shared/permissions';
import { UPGRADE_PLATFORMS, UPGRADE_TYPES } from '../../../../../shared/version';
import { useCan } from '../../../../components/admin/access';
import { booleanColumn, CellText, dateColumn, statusColumn, textColumn, type ResourceColumn } from '../../../../components/admin/columns';
import ResourceList, { type ListContext, type PresetFilter } from '../../../../components/admin/ResourceList';
import { useResourceOptions } from '../../../../components/admin/ResourceSelect';
import { showRequestError } from '../../../../services/request-layer';
import { appResource } from '../../../../services/system';
import { versionDetailPath, versionListPath, versionResource, type VersionRow } from '../../../../services/upgrade';
import { noticeModal, toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';
import '../../messages';

const ACCESS = { create: RULES.manageVersions, update: RULES.manageVersions, delete: RULES.manageVersions };

export default function VersionList() {
  const t = useT();
  const can = useCan();
  const [params] = useSearchParams();
  const appid = params.get('appid');
  const apps = useResourceOptions(appResource);

  const presets = useMemo<PresetFilter[]>(
    () => (appid ? [{ field: 'appid', values: [appid], label: t('upgrade.appFilter', { name: apps.names.get(appid) ?? appid }) }] : []),
    [appid, apps.names, t],
  );

  const publish = (row: VersionRow, ctx: ListContext<VersionRow>) =>
    ctx.modal.confirm({
      title: t('upgrade.publishStable'),
      content: t('upgrade.publishConfirm', { version: row.version }),
      okText: t('upgrade.publishStable'),
      onOk: async () => {
        try {
          await versionResource.update(row.id, { stable_publish: true }, { skipErrorHandler: true });
          toast(t('upgrade.published', { version: row.version }), 'success');
          ctx.reload();
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
      },
    });

  const columns = useMemo<ResourceColumn<VersionRow>[]>(
    () => [
      {
        title: t('upgrade.field.app'),
        dataIndex: 'appid',
        key: 'appid',
        sorter: true,
        filters: appid ? undefined : apps.options.map((o) => ({ text: o.label, value: o.value })),
        minWidth: 150,
        render: (_, r) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <CellText text={r.app_name ?? r.appid} />
            <CellText text={r.appid} type="secondary" style={{ fontSize: 12 }} />
          </Flex>
        ),
      },
      statusColumn(
        t('upgrade.field.platform'),
        'platform',
        Object.fromEntries(UPGRADE_PLATFORMS.map((p) => [p, { text: t(`upgrade.platform.${p}`), color: 'blue' }])),
        { filter: true, width: 110 },
      ),
      statusColumn(
        t('upgrade.field.type'),
        'type',
        Object.fromEntries(UPGRADE_TYPES.map((ty) => [ty, { text: t(`upgrade.type.${ty}`), color: ty === 'wgt' ? 'purple' : 'geekblue' }])),
        { filter: true, width: 130, hidden: true },
      ),
      {
        title: t('upgrade.field.version'),
        dataIndex: 'version',
        key: 'version',
        sorter: true,
        width: 160,
        // the stable mark next to the number: seen without scrolling to the flag columns
        render: (_, r) => (
          <Flex gap={4} align="center" style={{ minWidth: 0 }}>
            <CellText text={r.version} code />
            {r.stable_publish ? (
              <Tag color="success" style={{ flex: 'none', marginInlineEnd: 0 }}>
                {t('upgrade.field.stable')}
              </Tag>
            ) : null}
          </Flex>
        ),
      },
      textColumn(t('upgrade.field.title'), 'title', { minWidth: 140 }),
      // the version column shows the stable mark: the flag's own column waits in the column settings
      booleanColumn(t, t('upgrade.field.stable'), 'stable_publish', { filter: true, hidden: true }),
      booleanColumn(t, t('upgrade.field.mandatory'), 'is_mandatory', { filter: true, width: 130, hidden: true }),
      {
        title: t('upgrade.field.silently'),
        dataIndex: 'is_silently',
        key: 'is_silently',
        width: 100,
        hiddenByDefault: true,
        render: (_, r) => (r.type === 'wgt' ? <Tag color={r.is_silently ? 'success' : 'default'}>{t(r.is_silently ? 'system.yes' : 'system.no')}</Tag> : '-'),
      },
      dateColumn(t, t('upgrade.field.createDate'), 'create_date', { sorter: true, rangeFilter: true, hidden: true }),
    ],
    [t, apps.options, appid],
  );

  return (
    <ResourceList
      resource={versionResource}
      title="route.upgrade.list"
      columns={columns}
      searchPlaceholder={t('upgrade.search')}
      access={ACCESS}
      addPath={
        appid ? `/uni_modules/uni-upgrade-center/pages/version/add?appid=${encodeURIComponent(appid)}` : '/uni_modules/uni-upgrade-center/pages/version/add'
      }
      editPath={(r) => versionDetailPath(r.id)}
      presetFilters={presets}
      onClearPresets={() => history.replace(versionListPath())}
      canDeleteRow={(r) => (r.stable_publish ? t('upgrade.stableUndeletable') : true)}
      deleteDetails={() => t('upgrade.deleteDetails')}
      actionsWidth={270}
      rowActionsLast
      rowActions={(r, ctx) =>
        [
          !r.stable_publish && can(RULES.manageVersions) ? (
            <Typography.Link key="publish" onClick={() => publish(r, ctx)} aria-label={`${t('upgrade.publishStable')} ${versionResource.nameOf(r)}`}>
              <CloudUploadOutlined /> {t('upgrade.publishStable')}
            </Typography.Link>
          ) : null,
        ].filter(Boolean)
      }
    />
  );
}
