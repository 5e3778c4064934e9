/** Add / edit a permission; permission_id is fixed once created. */
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import { idRules, maxText, requiredText } from '../../../components/admin/rules';
import { RULES } from '../../../../shared/permissions';
import { permissionResource } from '../../../services/system';
import { useT } from '../../../shared/i18n';

interface Values extends Record<string, unknown> {
  permission_id: string;
  permission_name: string;
  comment?: string | null;
}

export default function PermissionForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof permissionResource, Values>
      resource={permissionResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.permission.add', edit: 'route.system.permission.edit' }}
      listPath="/pages/system/permission/list"
      access={RULES.permissions}
      immutable={['permission_id']}
      toBody={(v) => ({ permission_id: v.permission_id?.trim(), permission_name: v.permission_name.trim(), comment: v.comment?.trim() || null })}
    >
      {({ locked }) => (
        <>
          <ProFormText
            name="permission_id"
            label={t('system.permission.id')}
            disabled={locked('permission_id')}
            extra={locked('permission_id') ? t('system.form.fixedAfterCreate') : t('system.form.idHint')}
            rules={locked('permission_id') ? [] : idRules(t, t('system.permission.id'))}
            fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
          />
          <ProFormText
            name="permission_name"
            label={t('system.permission.name')}
            rules={requiredText(t, t('system.permission.name'), 64)}
            fieldProps={{ maxLength: 64 }}
          />
          <ProFormTextArea
            name="comment"
            label={t('system.field.comment')}
            rules={maxText(t, t('system.field.comment'), 500)}
            fieldProps={{ maxLength: 500, showCount: true }}
          />
        </>
      )}
    </ResourceForm>
  );
}
