/**
 * Roles (uni-id-roles): id, name, permissions, daily AI credit limit, remark, created; the admin role cannot be deleted.
 * At 1280 px the name and the permissions show the built-in admin's whole texts; the remark takes what is left.
 */
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
      // "All (super administrator)" whole
      width: 190,
    });
    return [
      // ids are short codes: the room goes to the name and the permissions
      textColumn(t('system.role.id'), 'role_id', { sorter: true, code: true, width: 120 }),
      // "Super administrator" whole
      textColumn(t('system.role.name'), 'role_name', { sorter: true, width: 170, builtIn: 'role' }),
      {
        ...permissionTags,
        // the admin role passes every check, whatever its list
        render: (...args) =>
          args[1].role_id === ADMIN_ROLE ? <CellTag color="gold" text={t('system.role.allPermissions')} /> : permissionTags.render!(...args),
      },
      {
        // a shorter title than the form's label: one line beside the sort icons
        title: t('system.role.dailyLimitColumn'),
        dataIndex: 'daily_credit_limit',
        key: 'daily_credit_limit',
        sorter: true,
        width: 150,
        align: 'right',
        // the admin role is never limited, whatever is stored on it
        render: (_, r) =>
          r.daily_credit_limit === null || r.role_id === ADMIN_ROLE ? (
            <CellTag text={t('system.role.noLimit')} />
          ) : (
            <CellText text={`${r.daily_credit_limit.toLocaleString()} ${t('system.role.creditsUnit')}`} />
          ),
      },
      textColumn(t('system.field.comment'), 'comment', { minWidth: 120, builtIn: 'comment' }),
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
