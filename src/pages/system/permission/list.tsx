/** Permissions (uni-id-permissions): id, name, remark, created. */
import { useMemo } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { COLLECTION, type PermissionRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';

const C = COLLECTION.permissions;

export default function PermissionList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<PermissionRow>[]>(
    () => [
      textColumn(t('system.permission.id'), 'permission_id', { sorter: true, code: true }),
      textColumn(t('system.permission.name'), 'permission_name'),
      textColumn(t('system.field.comment'), 'comment', { ellipsis: true, width: 260 }),
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource="permissions"
      title="route.system.permission.list"
      columns={columns}
      searchPlaceholder={t('system.permission.search')}
      access={{ create: `CREATE_${C}`, update: `UPDATE_${C}`, delete: `DELETE_${C}` }}
      addPath="/pages/system/permission/add"
      editPath={(r) => `/pages/system/permission/edit?id=${encodeURIComponent(r.permission_id)}`}
      rowLabel={(r) => r.permission_name || r.permission_id}
    />
  );
}
