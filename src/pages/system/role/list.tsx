/** Roles (uni-id-roles): id, name, permissions, daily AI credit limit, remark, created; the admin role cannot be deleted. */
import { useMemo } from 'react';
import { CellTag, CellText, dateColumn, tagsColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
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
      minWidth: 150,
    });
    return [
      textColumn(t('system.role.id'), 'role_id', { sorter: true, code: true, minWidth: 150 }),
      textColumn(t('system.role.name'), 'role_name', { sorter: true, minWidth: 150, builtIn: 'role' }),
      {
        ...permissionTags,
        // the admin role passes every check, whatever its list
        render: (...args) => (args[1].role_id === ADMIN_ROLE ? <CellTag color="gold" text={t('system.role.allPermissions')} /> : permissionTags.render!(...args)),
      },
      {
        title: t('system.role.dailyLimit'),
        dataIndex: 'daily_credit_limit',
        key: 'daily_credit_limit',
        sorter: true,
        width: 140,
        align: 'right',
        // the admin role is never limited, whatever is stored on it
        render: (_, r) =>
          r.daily_credit_limit === null || r.role_id === ADMIN_ROLE ? (
            <CellTag text={t('system.role.noLimit')} />
          ) : (
            <CellText text={`${r.daily_credit_limit.toLocaleString()} ${t('system.role.creditsUnit')}`} />
          ),
      },
      textColumn(t('system.field.comment'), 'comment', { minWidth: 150, builtIn: 'comment' }),
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true, hidden: true }),
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
