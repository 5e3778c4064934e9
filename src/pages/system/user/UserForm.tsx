/**
 * Add / edit a user (admins only): username, nickname, mobile, email, roles, tags, authorized
 * apps (all / selected / none), status, remark. Adding sets a password; editing offers a
 * "reset password" switch that reveals the new password fields. The rules are the server's
 * (shared/validation.ts); a duplicate username, mobile or email is shown on that field.
 */
import { ProForm, ProFormDependency, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { FormRule } from 'antd';
import { checkEmail, checkMobile, checkNickname, checkPassword, checkUsername } from '../../../../shared/validation';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import ResourceSelect from '../../../components/admin/ResourceSelect';
import { checkRule, maxText } from '../../../components/admin/rules';
import { RULES } from '../../../../shared/permissions';
import { appResource, roleResource, tagResource, userResource, type UserRow } from '../../../services/system';
import { useT, type Translate } from '../../../shared/i18n';
import { USER_STATUSES } from './status';

type AppsMode = 'all' | 'some' | 'none';

interface Values extends Record<string, unknown> {
  username: string;
  nickname?: string | null;
  mobile?: string | null;
  email?: string | null;
  role?: string[];
  tags?: string[];
  apps_mode: AppsMode;
  dcloud_appid?: string[];
  status: number;
  comment?: string | null;
  resetPassword?: boolean;
  password?: string;
  password2?: string;
}

const toValues = (r: UserRow): Values => ({
  username: r.username ?? '',
  nickname: r.nickname,
  mobile: r.mobile,
  email: r.email,
  role: r.role,
  tags: r.tags,
  apps_mode: r.dcloud_appid === null ? 'all' : r.dcloud_appid.length ? 'some' : 'none',
  dcloud_appid: r.dcloud_appid ?? [],
  status: r.status,
  comment: r.comment,
  resetPassword: false,
});

const orNull = (v: string | null | undefined) => v?.trim() || null;

function passwordRules(t: Translate): { password: FormRule[]; password2: FormRule[] } {
  return {
    password: [{ required: true, message: t('login.password.required') }, checkRule(checkPassword, t)],
    password2: [
      { required: true, message: t('register.password2.required') },
      ({ getFieldValue }) => ({
        validator: async (_: unknown, value: string | undefined) => {
          if (value && value !== getFieldValue('password')) throw new Error(t('error.PASSWORD_MISMATCH'));
        },
      }),
    ],
  };
}

function PasswordFields({ t }: { t: Translate }) {
  const rules = passwordRules(t);
  return (
    <>
      <ProFormText.Password
        name="password"
        label={t('system.user.newPassword')}
        extra={t('register.password.hint')}
        rules={rules.password}
        fieldProps={{ maxLength: 128, autoComplete: 'new-password' }}
      />
      <ProFormText.Password
        name="password2"
        label={t('system.user.newPassword2')}
        dependencies={['password']}
        rules={rules.password2}
        fieldProps={{ maxLength: 128, autoComplete: 'new-password' }}
      />
    </>
  );
}

export default function UserForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof userResource, Values>
      resource={userResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.user.add', edit: 'route.system.user.edit' }}
      listPath="/pages/system/user/list"
      access={RULES.users}
      toValues={toValues}
      initialValues={{ role: [], tags: [], apps_mode: 'all', dcloud_appid: [], status: 0, resetPassword: false }}
      toBody={(v, m) => {
        const body: Record<string, unknown> = {
          username: v.username.trim(),
          nickname: orNull(v.nickname),
          mobile: orNull(v.mobile),
          email: orNull(v.email),
          role: v.role ?? [],
          tags: v.tags ?? [],
          dcloud_appid: v.apps_mode === 'all' ? null : v.apps_mode === 'none' ? [] : (v.dcloud_appid ?? []),
          status: v.status,
          comment: orNull(v.comment),
        };
        if (m === 'add') body.password = v.password;
        else if (v.resetPassword) Object.assign(body, { resetPassword: true, password: v.password });
        return body;
      }}
    >
      {({ isEdit }) => (
        <>
          <ProFormText
            name="username"
            label={t('system.user.username')}
            extra={t('register.username.hint')}
            rules={[{ required: true, whitespace: true, message: t('register.username.required') }, checkRule(checkUsername, t)]}
            fieldProps={{ maxLength: 64, autoComplete: 'off', autoCapitalize: 'off', spellCheck: false }}
          />
          <ProFormText
            name="nickname"
            label={t('system.user.nickname')}
            extra={t('register.nickname.hint')}
            rules={[checkRule((v) => checkNickname(v), t, { optional: true })]}
            fieldProps={{ maxLength: 64 }}
          />
          {isEdit ? (
            <>
              <ProFormSwitch name="resetPassword" label={t('system.user.resetPassword')} extra={t('system.user.resetPasswordHint')} />
              <ProFormDependency name={['resetPassword']}>{({ resetPassword }) => (resetPassword ? <PasswordFields t={t} /> : null)}</ProFormDependency>
            </>
          ) : (
            <PasswordFields t={t} />
          )}
          <ProFormText
            name="mobile"
            label={t('system.user.mobile')}
            rules={[checkRule((v) => checkMobile(v), t, { optional: true })]}
            fieldProps={{ maxLength: 32, inputMode: 'tel', autoComplete: 'off' }}
          />
          <ProFormText
            name="email"
            label={t('system.user.email')}
            rules={[checkRule((v) => checkEmail(v), t, { optional: true })]}
            fieldProps={{ maxLength: 254, inputMode: 'email', autoComplete: 'off' }}
          />
          <ProForm.Item name="role" label={t('system.user.roles')}>
            <ResourceSelect resource={roleResource} mode="multiple" placeholder={t('system.picker.roles')} />
          </ProForm.Item>
          <ProForm.Item name="tags" label={t('system.field.tags')}>
            <ResourceSelect resource={tagResource} mode="multiple" placeholder={t('system.picker.tags')} />
          </ProForm.Item>
          <ProFormRadio.Group
            name="apps_mode"
            label={t('system.user.apps')}
            radioType="button"
            options={[
              { value: 'all', label: t('system.user.allApps') },
              { value: 'some', label: t('system.user.someApps') },
              { value: 'none', label: t('system.user.noApps') },
            ]}
          />
          <ProFormDependency name={['apps_mode']}>
            {({ apps_mode }) =>
              apps_mode === 'some' ? (
                <ProForm.Item
                  name="dcloud_appid"
                  label={t('system.user.chosenApps')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('system.user.chooseApps') }]}
                >
                  <ResourceSelect resource={appResource} mode="multiple" placeholder={t('system.picker.apps')} />
                </ProForm.Item>
              ) : null
            }
          </ProFormDependency>
          <ProFormSelect
            name="status"
            label={t('system.field.status')}
            allowClear={false}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`system.user.status.${s}`) }))}
            extra={t('system.user.statusHint')}
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
