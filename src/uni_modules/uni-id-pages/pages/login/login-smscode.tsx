/**
 * Sign in by SMS code (uni-id-pages login-smscode): the mobile number (prefilled from
 * ?mobile=, as login-withoutpwd sends it), the image captcha and 'send code', then the code.
 * An unknown number gets a new account (the page says so only while the site takes sign-ups).
 * "Keep me signed in" chooses where the login is kept (ticked when the page before said so). After success: completeLogin (set-pwd
 * when setPasswordAfterLogin is on and the account has no password, else back where it was going).
 */
import { Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Form, Typography } from 'antd';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { getLoginConfig, loginBySms } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { useT } from '../../../../shared/i18n';
import CodeFields from '../../components/CodeFields';
import { LOGIN_WITHOUTPWD, LOGIN_WITHPWD } from '../../common/paths';
import { useAccountForm } from '../../common/use-account-form';
import { KeepSignedInField, persistenceOfChoice, rememberedKeepSignedIn } from '../../components/KeepSignedIn';

interface Values {
  mobile: string;
  code: string;
  captcha?: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['mobile', 'code'] as const;

export default function LoginSmsCode() {
  const t = useT();
  const { search } = useLocation();
  const carry = carryRedirect(search);
  const query = new URLSearchParams(search);
  const given = query.get('mobile')?.trim() ?? '';
  // ticked on the page before, or as this browser last left it
  const keep = query.get('keepSignedIn') === '1' || rememberedKeepSignedIn();
  const { data: config } = useRequest(() => getLoginConfig({ skipErrorHandler: true }));

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    const bundle = await loginBySms({ mobile: values.mobile.trim(), code: values.code.trim() }, { skipErrorHandler: true });
    await completeLogin(bundle, search, { persistence: persistenceOfChoice(values.keepSignedIn) });
  });

  return (
    <AccountFrame title={t('login.sms.title')} subtitle={t('login.sms.subtitle')}>
      <Form<Values> {...formProps} initialValues={{ mobile: given, keepSignedIn: keep }} requiredMark={false}>
        {errorAlert}
        <CodeFields form={form} channel="mobile" scene="login" onError={setFormError} autoFocus={!given} />
        {config?.registrationOpen ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            {t('login.sms.registersNote')}
          </Typography.Paragraph>
        ) : null}
        <KeepSignedInField />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 16 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('login.sms.withPwd')}</Link>
        <Link to={`${LOGIN_WITHOUTPWD}${carry}`}>{t('login.otherMethods')}</Link>
      </Flex>
    </AccountFrame>
  );
}
