/**
 * Set a password (uni-id-pages set-pwd), offered after a password-less sign-in (SMS code,
 * weixin) when setPasswordAfterLogin is on: a code sent to the account's bound mobile number
 * (scene set-pwd; the server sends it to that number only) and the new password twice. Skip
 * leaves it for later. Done and skip both go on as after any login (navigateAfterLogin, with
 * via=weixin from the query). Without a bound number the page says so and offers bind-mobile.
 */
import { history, useLocation, useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Flex, Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import LoadFailure from '../../../../../components/LoadFailure';
import { getMe, setPassword } from '../../../../../services/api';
import { navigateAfterLogin, requireLogin } from '../../../../../services/auth';
import { paramsOf, withQuery } from '../../../../../services/query-string';
import { requestErrorOf } from '../../../../../services/request-layer';
import type { InitialState } from '../../../../../shared/app-state';
import { toast } from '../../../../../shared/feedback';
import { useT } from '../../../../../shared/i18n';
import CodeFields from '../../../components/CodeFields';
import NewPasswordFields from '../../../components/NewPasswordFields';
import { BIND_MOBILE } from '../../../common/paths';
import { useAccountForm } from '../../../common/use-account-form';

interface Values {
  mobile: string;
  code: string;
  password: string;
  password2: string;
}

const FIELDS = ['mobile', 'code', 'password', 'password2'] as const;

export default function SetPwd() {
  const t = useT();
  const { pathname, search } = useLocation();
  const via = new URLSearchParams(search).get('via') === 'weixin' ? ('weixin' as const) : undefined;
  const { setInitialState } = useModel('@@initialState') as { setInitialState: (f: (s: InitialState | undefined) => InitialState) => void };
  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const me = useRequest(() => getMe({ skipErrorHandler: true }));
  const failure = me.error ? requestErrorOf(me.error) : null;
  const goOn = () => navigateAfterLogin(search, { via });

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    const info = await setPassword({ code: values.code.trim(), password: values.password, password2: values.password2 }, { skipErrorHandler: true });
    setInitialState((s) => ({ ...(s as InitialState), currentUser: info }));
    toast(t('account.setPwd.done'), 'success');
    goOn();
  });

  const skip = (
    <Button onClick={goOn} disabled={submitting}>
      {t('account.setPwd.skip')}
    </Button>
  );

  // "no password yet": said only once the account is known to have none
  const noPasswordHint = <Alert type="info" showIcon message={t('account.setPwd.hint')} style={{ marginBottom: 16 }} />;
  let body;
  if (failure && failure.kind !== 'login-expired') {
    body = <LoadFailure title={t('account.setPwd.loadFailed')} failure={failure} onRetry={me.refresh} />;
  } else if (!me.data) {
    body = <Skeleton active />;
  } else if (me.data.hasPassword) {
    body = (
      <>
        <Alert type="success" showIcon message={t('error.PASSWORD_ALREADY_SET')} style={{ marginBottom: 16 }} />
        <Button type="primary" onClick={goOn}>
          {t('account.setPwd.continue')}
        </Button>
      </>
    );
  } else if (!me.data.mobile) {
    const bindFirst = withQuery(BIND_MOBILE, { ...paramsOf(search), then: 'set-pwd' });
    body = (
      <>
        {noPasswordHint}
        <Alert type="warning" showIcon message={t('error.MOBILE_NOT_BOUND')} description={t('account.setPwd.noMobile')} style={{ marginBottom: 16 }} />
        <Flex gap={8} wrap="wrap">
          <Button type="primary" autoFocus onClick={() => history.push(bindFirst)}>
            {t('account.setPwd.bindMobile')}
          </Button>
          {skip}
        </Flex>
      </>
    );
  } else {
    body = (
      <Form<Values> {...formProps} initialValues={{ mobile: me.data.mobile }}>
        {noPasswordHint}
        {errorAlert}
        <CodeFields form={form} channel="mobile" scene="set-pwd" onError={setFormError} fixedTarget />
        <NewPasswordFields labels={['account.newPassword', 'account.newPassword2']} />
        <Flex gap={8} wrap="wrap">
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('account.setPwd.submit')}
          </Button>
          {skip}
        </Flex>
      </Form>
    );
  }

  return (
    <Card title={t('account.setPwd.title')} style={{ maxWidth: 520 }}>
      {body}
    </Card>
  );
}
