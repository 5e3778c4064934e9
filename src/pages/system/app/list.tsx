/**
 * Apps (opendb-app-list): icon and name, appid, type, introduction, platforms, the stable
 * versions of the upgrade center (linked to their details, for those who manage versions),
 * created. Row actions: Publish (the uni-portal page for the app), Versions, Edit, Delete (after
 * a confirmation; the server also removes the app from users' authorized apps and its versions).
 */
import { HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Avatar, Flex, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useCan } from '../../../components/admin/access';
import { latestVersions, versionDetailPath, versionListPath, type LatestVersion } from '../../../services/upgrade';
import { CellText, dateColumn, statusColumn, TagList, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { RULES } from '../../../../shared/permissions';
import { firstChar } from '../../../../shared/text';
import { appResource, type AppRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';
import { APP_TYPES, appEditPath, platformsOf, portalPath } from './platforms';

export default function AppList() {
  const t = useT();
  const canVersions = useCan()(RULES.manageVersions);
  const [latest, setLatest] = useState<Map<string, LatestVersion[]>>(new Map());
  // the stable versions of the apps on the page (a failure leaves the column empty: the list itself loaded)
  const onRows = useCallback(
    (rows: AppRow[]) => {
      if (!canVersions || !rows.length) return;
      latestVersions(
        rows.map((r) => r.appid),
        { skipErrorHandler: true },
      )
        .then((list) => setLatest(new Map(rows.map((r) => [r.appid, list.filter((v) => v.appid === r.appid)]))))
        .catch(() => undefined);
    },
    [canVersions],
  );
  const columns = useMemo<ResourceColumn<AppRow>[]>(
    () => [
      {
        title: t('system.app.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        minWidth: 180,
        render: (_, r) => (
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Avatar shape="square" size={28} src={r.icon_url || undefined} alt="" style={{ flex: 'none' }}>
              {firstChar(r.name)}
            </Avatar>
            <CellText text={r.name} />
          </Flex>
        ),
      },
      textColumn(t('system.app.appid'), 'appid', { sorter: true, copyable: true, width: 200 }),
      ...(canVersions
        ? [
            {
              title: t('system.app.stableVersions'),
              key: 'stable_versions',
              minWidth: 170,
              render: (_: unknown, r: AppRow) => {
                const list = latest.get(r.appid) ?? [];
                return list.length ? (
                  <Flex gap={4} wrap="wrap">
                    {list.map((v) => (
                      <Link key={v.id} to={versionDetailPath(v.id)}>
                        <Tag color={v.type === 'wgt' ? 'purple' : 'geekblue'} style={{ marginInlineEnd: 0, cursor: 'pointer' }}>
                          {t(v.type === 'wgt' ? 'system.app.wgtVersion' : 'system.app.nativeVersion', {
                            platform: t(`system.app.platform.app_${v.platform}`),
                            version: v.version,
                          })}
                        </Tag>
                      </Link>
                    ))}
                  </Flex>
                ) : (
                  '-'
                );
              },
            } satisfies ResourceColumn<AppRow>,
          ]
        : []),
      statusColumn(
        t('system.app.type'),
        'app_type',
        Object.fromEntries(APP_TYPES.map((v) => [String(v), { text: t(`system.app.type.${v}`), color: v ? 'purple' : 'blue' }])),
        { filter: true, width: 110, hidden: true },
      ),
      textColumn(t('system.app.introduction'), 'introduction', { width: 240, hidden: true }),
      {
        title: t('system.app.platforms'),
        key: 'platforms',
        minWidth: 200,
        hiddenByDefault: true,
        render: (_, r) => {
          const list = platformsOf(r);
          return list.length ? <TagList items={list} label={(p) => t(`system.app.platform.${p}`)} /> : '-';
        },
      },
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true, hidden: true }),
    ],
    [t, canVersions, latest],
  );
  return (
    <ResourceList
      resource={appResource}
      title="route.system.app.list"
      columns={columns}
      searchPlaceholder={t('system.app.search')}
      access={RULES.apps}
      addPath="/pages/system/app/add"
      editPath={(r) => appEditPath(r.appid)}
      deleteDetails={() => t('system.app.deleteDetails')}
      onRows={onRows}
      actionsWidth={canVersions ? 280 : undefined}
      rowActions={(r) =>
        [
          <Link key="publish" to={portalPath(r.appid)} aria-label={`${t('system.app.publish')} ${r.name}`}>
            <SendOutlined /> {t('system.app.publish')}
          </Link>,
          canVersions ? (
            <Link key="versions" to={versionListPath(r.appid)} aria-label={`${t('system.app.versions')} ${r.name}`}>
              <HistoryOutlined /> {t('system.app.versions')}
            </Link>
          ) : null,
        ].filter(Boolean)
      }
    />
  );
}
