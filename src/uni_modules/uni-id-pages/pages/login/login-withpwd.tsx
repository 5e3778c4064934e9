/**
 * Password login (uni-id-pages login-withpwd): the password form (components/PasswordLoginForm:
 * account, password, captcha when the server asks, "keep me signed in"), the register link
 * unless the login config says the site takes no sign-ups, "forgot password", and the way to
 * the other sign-in methods when the site has any.
 */
import { Link, useLocation } from '@umijs/max';
import { Flex } from 'antd';
import { useEffect, useState } from 'react';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { getLoginConfig, type LoginConfig } from '../../../../services/api';
import { useT } from '../../../../shared/i18n';
import PasswordLoginForm from '../../components/PasswordLoginForm';
import { LOGIN_WITHOUTPWD, REGISTER, REGISTER_ADMIN, RETRIEVE } from '../../common/paths';
import { hasOtherMethods } from '../../common/login-types';

export default function LoginWithPwd() {
  const t = useT();
  const { search } = useLocation();
  const [config, setConfig] = useState<LoginConfig | null>(null);

  useEffect(() => {
    let live = true;
    getLoginConfig({ skipErrorHandler: true })
      .then((c) => live && setConfig(c))
      .catch(() => live && setConfig(null));
    return () => {
      live = false;
    };
  }, []);

  const carry = carryRedirect(search);
  // while the config is on its way (or failed) the link stays: it may lead somewhere
  const others = config ? hasOtherMethods(config.loginTypes) : true;

  return (
    <AccountFrame title={t('login.withPwd.title')} subtitle={t('login.withPwd.subtitle')}>
      <PasswordLoginForm search={search} />
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 16 }}>
        {config?.registrationOpen === false ? null : <Link to={`${REGISTER}${carry}`}>{t('login.register')}</Link>}
        <Link to={`${RETRIEVE}${carry}`}>{t('login.forgot')}</Link>
      </Flex>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 12 }}>
        {others ? <Link to={`${LOGIN_WITHOUTPWD}${carry}`}>{t('login.otherMethods')}</Link> : <span />}
        {config?.adminExists === false ? <Link to={REGISTER_ADMIN}>{t('login.registerAdmin')}</Link> : null}
      </Flex>
    </AccountFrame>
  );
}
