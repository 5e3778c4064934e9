/**
 * Retrieve by email (uni-id-pages retrieve-by-email): the emailed code and the new password
 * twice. The server ends every earlier session; this browser's login goes too, and the user
 * signs in again with the new password.
 */
import { history, Link, useLocation } from '@umijs/max';
import { Button, Flex, Form } from 'antd';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { resetPasswordByEmail } from '../../../../services/api';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { clearSession } from '../../../../shared/session';
import EmailCodeFields from '../../components/EmailCodeFields';
import { LOGIN_WITHPWD, RETRIEVE } from '../../common/paths';
import { useAccountForm } from '../../common/use-account-form';
import NewPasswordFields from '../../components/NewPasswordFields';

interface Values {
  email: string;
  code: string;
  password: string;
  password2: string;
}

const FIELDS = ['email', 'code', 'password', 'password2'] as const;

export default function RetrieveByEmail() {
  const t = useT();
  const { search } = useLocation();
  const carry = carryRedirect(search);

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    await resetPasswordByEmail(
      { email: values.email.trim(), code: values.code.trim(), password: values.password, password2: values.password2 },
      { skipErrorHandler: true },
    );
    clearSession();
    toast(t('account.retrieve.done'), 'success');
    history.replace(`${LOGIN_WITHPWD}${carry}`);
  });

  return (
    <AccountFrame title={t('account.retrieve.title')} subtitle={t('account.retrieve.subtitle')}>
      <Form<Values> {...formProps}>
        {errorAlert}
        <EmailCodeFields form={form} scene="reset-pwd" onError={setFormError} />
        <NewPasswordFields labels={['account.newPassword', 'account.newPassword2']} />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('account.retrieve.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
        <Link to={`${RETRIEVE}${carry}`}>{t('account.retrieveEmail.bySms')}</Link>
      </Flex>
    </AccountFrame>
  );
}
