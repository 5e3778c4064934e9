/** The live form of a prompt's typed variables (my templates and the prompt store share it); `missing` marks the empty required ones. */
import { Form, Input, InputNumber, Select } from 'antd';
import type { TemplateVariable } from '../../../../shared/prompt-template';

export type VariableValues = Record<string, string | number | null>;

/** the variables left empty (every variable of a store prompt must be filled before it is used) */
export const emptyVariables = (vars: TemplateVariable[], values: VariableValues) =>
  vars.filter((v) => {
    const x = values[v.name];
    return x === null || x === undefined || String(x).trim() === '';
  });

export default function VariableFields({
  vars,
  values,
  onChange,
  missing,
  missingText,
}: {
  vars: TemplateVariable[];
  values: VariableValues;
  onChange: (values: VariableValues) => void;
  missing?: TemplateVariable[];
  missingText?: string;
}) {
  const field = (v: TemplateVariable) => {
    const props = { value: values[v.name] ?? undefined, 'aria-label': v.name };
    const set = (x: string | number | null) => onChange({ ...values, [v.name]: x });
    if (v.type === 'select') return <Select {...props} options={v.options!.map((o) => ({ value: o, label: o }))} onChange={set} />;
    if (v.type === 'number') return <InputNumber {...props} style={{ width: '100%' }} onChange={(x) => set(x)} />;
    if (v.type === 'textarea')
      return <Input.TextArea {...props} value={(values[v.name] as string) ?? ''} autoSize={{ minRows: 2 }} onChange={(e) => set(e.target.value)} />;
    return <Input {...props} value={(values[v.name] as string) ?? ''} onChange={(e) => set(e.target.value)} />;
  };
  const bad = new Set((missing ?? []).map((v) => v.name));
  return (
    <Form layout="vertical">
      {vars.map((v) => (
        <Form.Item
          key={v.name}
          label={v.name}
          required={!!missing}
          validateStatus={bad.has(v.name) ? 'error' : undefined}
          help={bad.has(v.name) ? missingText : undefined}
        >
          {field(v)}
        </Form.Item>
      ))}
    </Form>
  );
}
