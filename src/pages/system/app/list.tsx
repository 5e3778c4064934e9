/**
 * Apps (opendb-app-list): icon and name, appid, type, introduction, platforms, created.
 * Row actions: Publish (the uni-portal page for the app), Edit, Delete (after a confirmation;
 * the server also removes the app from users' authorized apps).
 */
import { SendOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Avatar, Flex, Tag } from 'antd';
import { useMemo } from 'react';
import { dateColumn, statusColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { RULES } from '../../../../shared/permissions';
import { appResource, type AppRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';
import { APP_TYPES, appEditPath, platformsOf, portalPath } from './platforms';

export default function AppList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<AppRow>[]>(
    () => [
      {
        title: t('system.app.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        render: (_, r) => (
          <Flex align="center" gap={8}>
            <Avatar shape="square" size={28} src={r.icon_url || undefined} alt="">
              {r.name.slice(0, 1)}
            </Avatar>
            {r.name}
          </Flex>
        ),
      },
      textColumn(t('system.app.appid'), 'appid', { sorter: true, copyable: true }),
      statusColumn(
        t('system.app.type'),
        'app_type',
        Object.fromEntries(APP_TYPES.map((v) => [String(v), { text: t(`system.app.type.${v}`), color: v ? 'purple' : 'blue' }])),
        { filter: true },
      ),
      textColumn(t('system.app.introduction'), 'introduction', { ellipsis: true, width: 240 }),
      {
        title: t('system.app.platforms'),
        key: 'platforms',
        render: (_, r) => {
          const list = platformsOf(r);
          return list.length ? (
            <Flex gap={4} wrap="wrap">
              {list.map((p) => (
                <Tag key={p} style={{ marginInlineEnd: 0 }}>
                  {t(`system.app.platform.${p}`)}
                </Tag>
              ))}
            </Flex>
          ) : (
            '-'
          );
        },
      },
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ],
    [t],
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
      rowActions={(r) => [
        <Link key="publish" to={portalPath(r.appid)} aria-label={`${t('system.app.publish')} ${r.name}`}>
          <SendOutlined /> {t('system.app.publish')}
        </Link>,
      ]}
    />
  );
}
