/** Add / edit a permission; permission_id is fixed once created. */
import KeyedForm from '../../../components/admin/KeyedForm';
import type { FormMode } from '../../../components/admin/ResourceForm';
import { RULES } from '../../../../shared/permissions';
import { permissionResource } from '../../../services/system';

export default function PermissionForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  return (
    <KeyedForm
      resource={permissionResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.permission.add', edit: 'route.system.permission.edit' }}
      listPath="/pages/system/permission/list"
      access={RULES.permissions}
      fields={{
        key: { name: 'permission_id', label: 'system.permission.id' },
        name: { name: 'permission_name', label: 'system.permission.name' },
        note: { name: 'comment', label: 'system.field.comment' },
      }}
    />
  );
}
