/**
 * The self-registration pages (register, register-by-email) behind the login config's
 * registrationOpen: while this site takes no sign-ups (REGISTRATION=closed on the server) a
 * notice with a way to sign in stands where the form would be.
 */
import { Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Skeleton, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { LOGIN_PAGE } from '../../../../config/routes';
import AccountFrame from '../../../components/AccountFrame';
import { carryRedirect } from '../../../guard';
import { getLoginConfig } from '../../../services/api';
import { useT } from '../../../shared/i18n';

/** `form` renders only while registration is open (so it fetches no captcha otherwise); the server refuses a closed sign-up anyway, so a config that fails to load leaves the form */
export default function RegistrationGate({ form }: { form: ReactNode }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { search } = useLocation();
  const { data, loading } = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  if (loading && !data) {
    return (
      <AccountFrame title={t('account.register.title')}>
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      </AccountFrame>
    );
  }
  if (data?.registrationOpen !== false) return <>{form}</>;
  return (
    <AccountFrame title={t('account.register.title')}>
      <Alert type="info" showIcon message={t('account.register.closed')} description={t('account.register.closedHint')} />
      <div style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_PAGE}${carryRedirect(search)}`} style={{ color: token.colorLink, textDecoration: 'none' }}>
          {t('register.goLogin')}
        </Link>
      </div>
    </AccountFrame>
  );
}
