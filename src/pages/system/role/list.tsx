/** Roles (uni-id-roles): id, name, permissions, daily AI credit limit, remark, created; the admin role cannot be deleted. */
import { Tag } from 'antd';
import { useMemo } from 'react';
import { dateColumn, tagsColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { useResourceOptions } from '../../../components/admin/ResourceSelect';
import { ADMIN_ROLE, RULES } from '../../../../shared/permissions';
import { withQuery } from '../../../services/query-string';
import { permissionResource, roleResource, type RoleRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';

export default function RoleList() {
  const t = useT();
  const permissions = useResourceOptions(permissionResource);
  const columns = useMemo<ResourceColumn<RoleRow>[]>(() => {
    const permissionTags = tagsColumn<RoleRow>(t('system.field.permission'), 'permission', {
      filters: permissions.options.map((o) => ({ text: o.label, value: o.value })),
      empty: t('system.role.noPermissions'),
    });
    return [
      textColumn(t('system.role.id'), 'role_id', { sorter: true, code: true }),
      textColumn(t('system.role.name'), 'role_name', { sorter: true }),
      {
        ...permissionTags,
        // the admin role passes every check, whatever its list
        render: (...args) => (args[1].role_id === ADMIN_ROLE ? <Tag color="gold">{t('system.role.allPermissions')}</Tag> : permissionTags.render!(...args)),
      },
      {
        title: t('system.role.dailyLimit'),
        dataIndex: 'daily_credit_limit',
        key: 'daily_credit_limit',
        sorter: true,
        width: 150,
        align: 'right',
        // the admin role is never limited, whatever is stored on it
        render: (_, r) =>
          r.daily_credit_limit === null || r.role_id === ADMIN_ROLE ? (
            <Tag style={{ marginInlineEnd: 0 }}>{t('system.role.noLimit')}</Tag>
          ) : (
            `${r.daily_credit_limit} ${t('system.role.creditsUnit')}`
          ),
      },
      textColumn(t('system.field.comment'), 'comment', { ellipsis: true, width: 220 }),
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ];
  }, [t, permissions.options]);
  return (
    <ResourceList
      resource={roleResource}
      title="route.system.role.list"
      columns={columns}
      searchPlaceholder={t('system.role.search')}
      access={RULES.roles}
      addPath="/pages/system/role/add"
      editPath={(r) => withQuery('/pages/system/role/edit', { id: r.role_id })}
      canDeleteRow={(r) => (r.role_id === ADMIN_ROLE ? t('error.ROLE_BUILT_IN') : true)}
    />
  );
}
