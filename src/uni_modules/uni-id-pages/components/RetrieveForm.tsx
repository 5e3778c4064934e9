/**
 * Retrieve (uni-id-pages retrieve / retrieve-by-email): the address (mobile or email), the
 * code sent to it (sending needs the image captcha) and the new password twice. The server
 * ends every earlier session; this browser's login goes too, and the password login page opens
 * with a message. Links back to sign-in and to the other channel.
 */
import { history, Link, useLocation } from '@umijs/max';
import { Button, Flex, Form } from 'antd';
import AccountFrame from '../../../components/AccountFrame';
import { carryRedirect } from '../../../guard';
import { resetPasswordByEmail, resetPasswordBySms } from '../../../services/api';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { clearSession } from '../../../shared/session';
import { LOGIN_WITHPWD, RETRIEVE, RETRIEVE_BY_EMAIL } from '../common/paths';
import { useAccountForm } from '../common/use-account-form';
import CodeFields from './CodeFields';
import NewPasswordFields from './NewPasswordFields';

type Channel = 'mobile' | 'email';

interface Values {
  mobile?: string;
  email?: string;
  code: string;
  password: string;
  password2: string;
}

/** per channel: the call, the texts, and the other channel's page */
const CHANNELS = {
  mobile: {
    reset: (v: Values) =>
      resetPasswordBySms({ mobile: v.mobile!.trim(), code: v.code.trim(), password: v.password, password2: v.password2 }, { skipErrorHandler: true }),
    title: 'account.retrieveSms.title',
    subtitle: 'account.retrieveSms.subtitle',
    other: RETRIEVE_BY_EMAIL,
    otherText: 'account.retrieveSms.byEmail',
  },
  email: {
    reset: (v: Values) =>
      resetPasswordByEmail({ email: v.email!.trim(), code: v.code.trim(), password: v.password, password2: v.password2 }, { skipErrorHandler: true }),
    title: 'account.retrieve.title',
    subtitle: 'account.retrieve.subtitle',
    other: RETRIEVE,
    otherText: 'account.retrieveEmail.bySms',
  },
} as const;

export default function RetrieveForm({ channel }: { channel: Channel }) {
  const t = useT();
  const { search } = useLocation();
  const carry = carryRedirect(search);
  const c = CHANNELS[channel];
  // a number (or address) carried over from the page before
  const given = new URLSearchParams(search).get(channel)?.trim() ?? '';

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>([channel, 'code', 'password', 'password2'], async (values) => {
    await c.reset(values);
    clearSession();
    toast(t('account.retrieve.done'), 'success');
    history.replace(`${LOGIN_WITHPWD}${carry}`);
  });

  return (
    <AccountFrame title={t(c.title)} subtitle={t(c.subtitle)}>
      <Form<Values> {...formProps} initialValues={{ [channel]: given }}>
        {errorAlert}
        <CodeFields form={form} channel={channel} scene="reset-pwd" onError={setFormError} autoFocus />
        <NewPasswordFields labels={['account.newPassword', 'account.newPassword2']} />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('account.retrieve.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
        <Link to={`${c.other}${carry}`}>{t(c.otherText)}</Link>
      </Flex>
    </AccountFrame>
  );
}
