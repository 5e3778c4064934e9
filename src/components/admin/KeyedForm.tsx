/**
 * The add / edit page of a resource that is a key fixed once created, a name and a note (user
 * tags, permissions): ResourceForm with those three fields, named by the resource's own columns.
 */
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import ResourceForm, { type FormMode } from './ResourceForm';
import { idRules, maxText, requiredText } from './rules';
import type { Resource } from '../../services/resource';
import { useT } from '../../shared/i18n';

/** one of the three fields: its column and the catalogue key of its label */
interface Field {
  name: string;
  label: string;
}

export interface KeyedFormProps<R extends Resource<any, any, any, any>> {
  mode: FormMode;
  id?: string | null;
  resource: R;
  titles: { add: string; edit: string };
  listPath: string;
  access: { create?: string; update?: string };
  fields: { key: Field; name: Field; note: Field };
}

export default function KeyedForm<R extends Resource<any, any, any, any>>({ fields, ...props }: KeyedFormProps<R>) {
  const t = useT();
  const { key, name, note } = fields;
  const text = (v: Record<string, unknown>, field: Field) => (typeof v[field.name] === 'string' ? (v[field.name] as string).trim() : undefined);
  return (
    <ResourceForm<R, Record<string, unknown>>
      {...props}
      immutable={[key.name]}
      toBody={(v) => ({ [key.name]: text(v, key), [name.name]: text(v, name) ?? '', [note.name]: text(v, note) || null })}
    >
      {({ locked }) => (
        <>
          <ProFormText
            name={key.name}
            label={t(key.label)}
            disabled={locked(key.name)}
            extra={locked(key.name) ? t('system.form.fixedAfterCreate') : t('system.form.idHint')}
            rules={locked(key.name) ? [] : idRules(t, t(key.label))}
            fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
          />
          <ProFormText name={name.name} label={t(name.label)} rules={requiredText(t, t(name.label), 64)} fieldProps={{ maxLength: 64 }} />
          <ProFormTextArea name={note.name} label={t(note.label)} rules={maxText(t, t(note.label), 500)} fieldProps={{ maxLength: 500, showCount: true }} />
        </>
      )}
    </ResourceForm>
  );
}
