/**
 * The add / edit page of a kit resource (services/resource.ts), around ProForm:
 *  - add when there is no id, edit (`?id=`) otherwise: the row is loaded first (skeleton,
 *    "no longer exists", or an error with a retry);
 *  - the page's fields come as a render function that knows the mode; fields fixed after
 *    creation (`immutable`) are disabled in edit mode and left out of the update;
 *  - field rules are the page's (the server's own, see rules.ts); a server rejection naming
 *    a field is shown on that field, other business errors above the form, failed requests
 *    in the notice modal;
 *  - Enter in a text box submits (the Save button is the form's submit button), Cancel and a
 *    successful save (with a toast) go back to the list;
 *  - the mode's access rule is checked (create or update); without it the page says so.
 */
import './i18n';
import './resource-form.css';
import { ProForm } from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { Alert, Button, Card, Flex, Result, Skeleton, Space, type FormInstance } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState, type ReactNode } from 'react';
import { requestErrorOf, requestErrorText, showRequestError } from '../../services/request-layer';
import type { CreateOf, ItemOf, Resource, UpdateOf } from '../../services/resource';
import LoadFailure from '../LoadFailure';
import { noticeModal, toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { navStack } from '../../shared/nav-stack';
import { SPEC } from '../../shared/spec';
import { PageTitle } from '../../layouts/page-header';
import { useCan } from './access';

/**
 * A resource that can be read, created and updated. The form is generic over the descriptor's
 * own type, whose row and bodies ItemOf / CreateOf / UpdateOf recover, so the bound is open.
 */
type Editable = Resource<any, any, any, any>;
export type FormMode = 'add' | 'edit';

export interface FormContext<R extends Editable> {
  mode: FormMode;
  isEdit: boolean;
  /** whether a field is fixed (edit mode and listed in `immutable`): disable it */
  locked: (name: string) => boolean;
  /** the row being edited */
  row?: ItemOf<R>;
  form: FormInstance;
}

export interface ResourceFormProps<R extends Editable, V extends Record<string, unknown>> {
  resource: R;
  mode: FormMode;
  /** edit mode: the id of the row (from `?id=`) */
  id?: string | null;
  /** translation keys of the page title in each mode */
  titles: { add: string; edit: string };
  listPath: string;
  /** access rules of the two modes */
  access: { create?: string; update?: string };
  /** fields fixed once created */
  immutable?: string[];
  /** the edited row as form values (default: the row itself) */
  toValues?: (row: ItemOf<R>) => V;
  /** the form values of a new row */
  initialValues?: Partial<V>;
  /** form values -> request body (create or update) */
  toBody: (values: V, mode: FormMode, row?: ItemOf<R>) => Record<string, unknown>;
  /** server field names -> form field names, where they differ */
  fieldAliases?: Record<string, string>;
  /** after a successful save, before going back to the list */
  onSaved?: (row: ItemOf<R>, mode: FormMode) => void;
  /** a note above the fields */
  notice?: ReactNode;
  /** where to go after saving or cancelling (default: the list) */
  backTo?: string;
  children: (ctx: FormContext<R>) => ReactNode;
}

/** 'store_list.0.id' -> ['store_list', 0, 'id'] */
export const toNamePath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
const samePath = (a: (string | number)[], b: (string | number)[]) => a.length === b.length && a.every((x, i) => String(x) === String(b[i]));

/** back to the list: history back when the list is the previous page (keeps its place), else open it */
export function backToList(listPath: string) {
  const stack = navStack();
  const prev = stack.length > 1 ? stack[stack.length - 2] : null;
  if (prev && prev.split('?')[0] === listPath) history.back();
  else history.replace(listPath);
}

export default function ResourceForm<R extends Editable, V extends Record<string, unknown>>(props: ResourceFormProps<R, V>) {
  const { resource, id, mode } = props;
  const t = useT();
  const can = useCan();
  const [form] = ProForm.useForm();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const isEdit = mode === 'edit';
  const rule = isEdit ? props.access.update : props.access.create;
  const allowed = !!rule && can(rule);
  const back = () => backToList(props.backTo ?? props.listPath);

  const loaded = useRequest(() => resource.get(id!, { skipErrorHandler: true }), {
    ready: isEdit && allowed && !!id,
    refreshDeps: [id],
    // shown on the page
    onError: () => undefined,
  });
  const row = loaded.data as ItemOf<R> | undefined;

  const immutable = useMemo(() => new Set(props.immutable ?? []), [props.immutable]);
  const locked = (name: string) => isEdit && immutable.has(name);

  const onFinish = async (values: V) => {
    setSaving(true);
    setFormError(null);
    try {
      const body = props.toBody(values, mode, row);
      let saved: ItemOf<R>;
      if (isEdit) {
        for (const name of immutable) delete body[name];
        saved = await resource.update(id!, body as UpdateOf<R>, { skipErrorHandler: true });
      } else {
        saved = await resource.create(body as CreateOf<R>, { skipErrorHandler: true });
      }
      toast(t(isEdit ? 'system.form.updated' : 'system.form.created'), 'success');
      props.onSaved?.(saved, mode);
      back();
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind === 'login-expired' || info.kind === 'aborted') return;
      if (info.kind !== 'business') {
        showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        return;
      }
      const text = requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS);
      const serverField = info.field ? (props.fieldAliases?.[info.field] ?? info.field) : null;
      const path = serverField ? toNamePath(serverField) : null;
      const registered = path ? form.getFieldsError().find((f) => samePath(f.name as (string | number)[], path)) : undefined;
      if (registered) {
        form.setFields([{ name: registered.name, errors: [text] }]);
        form.scrollToField(registered.name);
        form.focusField?.(registered.name);
      } else {
        setFormError(text);
      }
    } finally {
      setSaving(false);
    }
  };

  const title = t(isEdit ? props.titles.edit : props.titles.add);
  let body: ReactNode;
  if (!allowed) {
    body = (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.subtitle')}
        extra={<Button onClick={back}>{t('system.form.backToList')}</Button>}
      />
    );
  } else if (isEdit && !id) {
    body = <Result status="info" title={t('system.form.noId')} extra={<Button onClick={back}>{t('system.form.backToList')}</Button>} />;
  } else if (isEdit && loaded.loading && !row) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (isEdit && loaded.error) {
    const info = requestErrorOf(loaded.error);
    body =
      info.code === 'NOT_FOUND' ? (
        <Result status="404" title={t('system.form.notFound')} subTitle={id} extra={<Button onClick={back}>{t('system.form.backToList')}</Button>} />
      ) : (
        <LoadFailure title={t('system.form.loadFailed')} failure={info} onRetry={loaded.refresh} />
      );
  } else {
    const initialValues = isEdit && row ? (props.toValues ? props.toValues(row) : (row as unknown as V)) : props.initialValues;
    body = (
      <ProForm<V>
        key={id ?? 'new'}
        className="resource-form"
        form={form}
        layout="vertical"
        initialValues={initialValues as V}
        onFinish={onFinish}
        onValuesChange={() => formError && setFormError(null)}
        submitter={{
          render: () => (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('system.form.save')}
              </Button>
              <Button onClick={back} disabled={saving}>
                {t('system.cancel')}
              </Button>
            </Space>
          ),
        }}
      >
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        {props.notice ? <Alert type="info" showIcon message={props.notice} style={{ marginBottom: 16 }} /> : null}
        {props.children({ mode, isEdit, locked, row, form })}
      </ProForm>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      <PageTitle>{title}</PageTitle>
      <Card>{body}</Card>
    </Flex>
  );
}
