/**
 * Add / edit a role: role_id fixed once created, name, permissions, daily AI credit limit,
 * remark. A changed role reaches its users when their token is next renewed, and the form says so.
 */
import { ProForm, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import ResourceSelect from '../../../components/admin/ResourceSelect';
import { idRules, maxText, requiredText } from '../../../components/admin/rules';
import { ADMIN_ROLE, RULES } from '../../../../shared/permissions';
import { permissionResource, roleResource } from '../../../services/system';
import { useT } from '../../../shared/i18n';

interface Values extends Record<string, unknown> {
  role_id: string;
  role_name: string;
  permission?: string[];
  comment?: string | null;
  daily_credit_limit?: number | null;
}

/** the largest daily limit the server takes */
const MAX_DAILY_LIMIT = 100_000_000;

export default function RoleForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof roleResource, Values>
      resource={roleResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.role.add', edit: 'route.system.role.edit' }}
      listPath="/pages/system/role/list"
      access={RULES.roles}
      immutable={['role_id']}
      initialValues={{ permission: [] }}
      notice={t('system.role.refreshNotice')}
      toBody={(v) => ({
        role_id: v.role_id?.trim(),
        role_name: v.role_name.trim(),
        permission: v.permission ?? [],
        comment: v.comment?.trim() || null,
        // an emptied field clears the limit
        daily_credit_limit: typeof v.daily_credit_limit === 'number' ? v.daily_credit_limit : null,
      })}
    >
      {({ locked, row }) => (
        <>
          <ProFormText
            name="role_id"
            label={t('system.role.id')}
            disabled={locked('role_id')}
            extra={locked('role_id') ? t('system.form.fixedAfterCreate') : t('system.form.idHint')}
            rules={locked('role_id') ? [] : idRules(t, t('system.role.id'))}
            fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
          />
          <ProFormText name="role_name" label={t('system.role.name')} rules={requiredText(t, t('system.role.name'), 64)} fieldProps={{ maxLength: 64 }} />
          <ProForm.Item
            name="permission"
            label={t('system.field.permission')}
            extra={row?.role_id === ADMIN_ROLE ? t('system.role.adminAll') : t('system.role.permissionHint')}
          >
            <ResourceSelect resource={permissionResource} mode="multiple" placeholder={t('system.picker.permissions')} />
          </ProForm.Item>
          <ProFormDigit
            name="daily_credit_limit"
            label={t('system.role.dailyLimit')}
            extra={t('system.role.dailyLimitHint')}
            min={0}
            max={MAX_DAILY_LIMIT}
            fieldProps={{
              precision: 0,
              step: 100,
              addonAfter: t('system.role.creditsUnit'),
              placeholder: t('system.role.dailyLimitPlaceholder'),
              style: { width: 260 },
            }}
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
