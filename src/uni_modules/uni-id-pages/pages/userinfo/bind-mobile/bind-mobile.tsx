/**
 * Bind a mobile number (uni-id-pages bind-mobile): the number, the image captcha, the code
 * sent to it (valid 240 s). A number bound to another account is refused on its field. The
 * user info is refreshed; then back to set-pwd when it sent the user here (?then=set-pwd),
 * else to the user info page.
 */
import { history, useLocation, useModel } from '@umijs/max';
import { Alert, Button, Card, Form } from 'antd';
import { useEffect } from 'react';
import { bindMobile } from '../../../../../services/api';
import { requireLogin } from '../../../../../services/auth';
import { paramsOf, withQuery } from '../../../../../services/query-string';
import type { InitialState } from '../../../../../shared/app-state';
import { toast } from '../../../../../shared/feedback';
import { useT } from '../../../../../shared/i18n';
import CodeFields from '../../../components/CodeFields';
import { SET_PWD, USERINFO } from '../../../common/paths';
import { useAccountForm } from '../../../common/use-account-form';

interface Values {
  mobile: string;
  code: string;
}

const FIELDS = ['mobile', 'code'] as const;

/** where to go once bound: set-pwd (with its query) when it sent the user here */
function afterBind(search: string): string {
  const { then, ...rest } = paramsOf(search);
  return then === 'set-pwd' ? withQuery(SET_PWD, rest) : USERINFO;
}

export default function BindMobile() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { initialState, setInitialState } = useModel('@@initialState') as {
    initialState?: InitialState;
    setInitialState: (f: (s: InitialState | undefined) => InitialState) => void;
  };
  const current = initialState?.currentUser?.mobile ?? null;

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    const me = await bindMobile({ mobile: values.mobile.trim(), code: values.code.trim() }, { skipErrorHandler: true });
    setInitialState((s) => ({ ...(s as InitialState), currentUser: me }));
    toast(t('account.bindMobile.done', { mobile: me.mobile ?? '' }), 'success');
    history.replace(afterBind(search));
  });

  return (
    <Card title={t('account.bindMobile.title')} style={{ maxWidth: 520 }}>
      <Alert
        type="info"
        showIcon
        message={current ? t('account.bindMobile.current', { mobile: current }) : t('account.bindMobile.none')}
        style={{ marginBottom: 16 }}
      />
      <Form<Values> {...formProps}>
        {errorAlert}
        <CodeFields form={form} channel="mobile" scene="bind-mobile" onError={setFormError} autoFocus />
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('account.bindMobile.submit')}
        </Button>
      </Form>
    </Card>
  );
}
