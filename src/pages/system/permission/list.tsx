/** Permissions (uni-id-permissions): id, name, remark, created. */
import { useMemo } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { RULES } from '../../../../shared/permissions';
import { withQuery } from '../../../services/query-string';
import { permissionResource, type PermissionRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';

export default function PermissionList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<PermissionRow>[]>(
    () => [
      textColumn(t('system.permission.id'), 'permission_id', { sorter: true, code: true, minWidth: 150 }),
      textColumn(t('system.permission.name'), 'permission_name', { minWidth: 150, builtIn: 'permission' }),
      textColumn(t('system.field.comment'), 'comment', { minWidth: 150, builtIn: 'comment' }),
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource={permissionResource}
      title="route.system.permission.list"
      columns={columns}
      searchPlaceholder={t('system.permission.search')}
      access={RULES.permissions}
      addPath="/pages/system/permission/add"
      editPath={(r) => withQuery('/pages/system/permission/edit', { id: r.permission_id })}
    />
  );
}
