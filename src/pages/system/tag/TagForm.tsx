/** Add / edit a user tag; tagid is fixed once created. */
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import { idRules, maxText, requiredText } from '../../../components/admin/rules';
import { RULES } from '../../../../shared/permissions';
import { tagResource } from '../../../services/system';
import { useT } from '../../../shared/i18n';

interface Values extends Record<string, unknown> {
  tagid: string;
  name: string;
  description?: string | null;
}

export default function TagForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof tagResource, Values>
      resource={tagResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.tag.add', edit: 'route.system.tag.edit' }}
      listPath="/pages/system/tag/list"
      access={RULES.tags}
      immutable={['tagid']}
      toBody={(v) => ({ tagid: v.tagid?.trim(), name: v.name.trim(), description: v.description?.trim() || null })}
    >
      {({ locked }) => (
        <>
          <ProFormText
            name="tagid"
            label={t('system.tag.id')}
            disabled={locked('tagid')}
            extra={locked('tagid') ? t('system.form.fixedAfterCreate') : t('system.form.idHint')}
            rules={locked('tagid') ? [] : idRules(t, t('system.tag.id'))}
            fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
          />
          <ProFormText name="name" label={t('system.tag.name')} rules={requiredText(t, t('system.tag.name'), 64)} fieldProps={{ maxLength: 64 }} />
          <ProFormTextArea
            name="description"
            label={t('system.field.description')}
            rules={maxText(t, t('system.field.description'), 500)}
            fieldProps={{ maxLength: 500, showCount: true }}
          />
        </>
      )}
    </ResourceForm>
  );
}
