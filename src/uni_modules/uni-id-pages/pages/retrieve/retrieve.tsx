/**
 * Retrieve by SMS (uni-id-pages retrieve): the mobile number, the code sent to it (sending
 * needs the image captcha) and the new password twice. The server ends every earlier session;
 * this browser's login goes too, and the password login page opens with a message. Links to
 * retrieve-by-email and back to sign-in.
 */
import { history, Link, useLocation } from '@umijs/max';
import { Button, Flex, Form } from 'antd';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { resetPasswordBySms } from '../../../../services/api';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { clearSession } from '../../../../shared/session';
import CodeFields from '../../components/CodeFields';
import NewPasswordFields from '../../components/NewPasswordFields';
import { LOGIN_WITHPWD, RETRIEVE_BY_EMAIL } from '../../common/paths';
import { useAccountForm } from '../../common/use-account-form';

interface Values {
  mobile: string;
  code: string;
  password: string;
  password2: string;
}

const FIELDS = ['mobile', 'code', 'password', 'password2'] as const;

export default function Retrieve() {
  const t = useT();
  const { search } = useLocation();
  const carry = carryRedirect(search);
  const given = new URLSearchParams(search).get('mobile')?.trim() ?? '';

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    await resetPasswordBySms(
      { mobile: values.mobile.trim(), code: values.code.trim(), password: values.password, password2: values.password2 },
      { skipErrorHandler: true },
    );
    clearSession();
    toast(t('account.retrieve.done'), 'success');
    history.replace(`${LOGIN_WITHPWD}${carry}`);
  });

  return (
    <AccountFrame title={t('account.retrieveSms.title')} subtitle={t('account.retrieveSms.subtitle')}>
      <Form<Values> {...formProps} initialValues={{ mobile: given }}>
        {errorAlert}
        <CodeFields form={form} channel="mobile" scene="reset-pwd" onError={setFormError} autoFocus />
        <NewPasswordFields labels={['account.newPassword', 'account.newPassword2']} />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('account.retrieve.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
        <Link to={`${RETRIEVE_BY_EMAIL}${carry}`}>{t('account.retrieveSms.byEmail')}</Link>
      </Flex>
    </AccountFrame>
  );
}
