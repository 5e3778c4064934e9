/**
 * What every account form does alike: the submitting state, the server's error on the field
 * it names (or above the form), the error cleared as the user edits, Enter submits.
 */
import { Alert, Form, type FormInstance, type FormProps } from 'antd';
import { useState } from 'react';
import { applyServerError } from '../../../shared/form-errors';

export function useAccountForm<V extends object>(
  fields: readonly string[],
  submit: (values: V) => Promise<void>,
  opts: {
    onFailure?: (form: FormInstance<V>) => void;
    aliases?: Record<string, string>;
    /** the words put before a server's business error (e.g. "Username/password login failed") */
    failurePrefix?: (values: V) => string | undefined;
  } = {},
) {
  const [form] = Form.useForm<V>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: V) => {
    setSubmitting(true);
    setFormError(null);
    try {
      await submit(values);
    } catch (e) {
      opts.onFailure?.(form);
      setFormError(applyServerError(form, e, fields, opts.aliases, opts.failurePrefix?.(values)));
    } finally {
      setSubmitting(false);
    }
  };

  const formProps: FormProps<V> = {
    form,
    layout: 'vertical',
    onFinish,
    onValuesChange: () => formError && setFormError(null),
  };
  const errorAlert = formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null;
  return { form, formProps, submitting, errorAlert, setFormError };
}
