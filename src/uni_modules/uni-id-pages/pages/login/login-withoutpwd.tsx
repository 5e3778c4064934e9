/**
 * The default login page (uni-id-pages login-withoutpwd): lists the login types enabled in the
 * login config. 'username' goes to the password login carrying uniIdRedirectUrl; 'weixin' is
 * shown but disabled until the accounts issue wires it; the register-admin link shows while
 * no admin exists.
 */
import { UserOutlined, WechatOutlined } from '@ant-design/icons';
import { history, Link, useLocation } from '@umijs/max';
import { Alert, Button, Flex, Skeleton, Tooltip } from 'antd';
import { useRequest } from 'ahooks';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { getLoginConfig } from '../../../../services/api';
import { requestErrorOf, requestErrorText } from '../../../../services/request-layer';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';
import { LOGIN_WITHPWD, REGISTER, REGISTER_ADMIN, RETRIEVE_BY_EMAIL } from '../../common/paths';

export default function LoginWithoutPwd() {
  const t = useT();
  const { search } = useLocation();
  const { data, loading, error, refresh } = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const carry = carryRedirect(search);

  let body;
  if (loading && !data) {
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (error && !data) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={t('login.configFailed')}
        description={requestErrorText(requestErrorOf(error), t, SPEC.REQUEST_TIMEOUT_MS)}
        action={
          <Button size="small" onClick={refresh}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    const types = data?.loginTypes ?? [];
    // the usable types first: username now, weixin once the accounts issue wires it
    const known = (['username', 'weixin'] as const).filter((type) => types.includes(type));
    body = (
      <Flex vertical gap={12}>
        {known.length === 0 ? <Alert type="warning" showIcon message={t('login.noLoginTypes')} /> : null}
        {known.map((type) =>
          type === 'username' ? (
            <Button
              key={type}
              type="primary"
              size="large"
              block
              icon={<UserOutlined aria-hidden />}
              autoFocus
              onClick={() => history.push(`${LOGIN_WITHPWD}${carry}`)}
            >
              {t('login.type.username')}
            </Button>
          ) : (
            <Tooltip key={type} title={t('login.weixinNotConfigured')} trigger={['hover', 'focus']}>
              {/* a disabled button gets no focus or hover: the wrapper carries the hint */}
              <span tabIndex={0} aria-label={`${t('login.type.weixin')}: ${t('login.weixinNotConfigured')}`} style={{ display: 'block' }}>
                <Button size="large" block disabled icon={<WechatOutlined aria-hidden />} style={{ pointerEvents: 'none' }}>
                  {t('login.type.weixin')}
                </Button>
              </span>
            </Tooltip>
          ),
        )}
        <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 8 }}>
          <Link to={`${REGISTER}${carry}`}>{t('login.register')}</Link>
          <Link to={`${RETRIEVE_BY_EMAIL}${carry}`}>{t('login.forgot')}</Link>
        </Flex>
        {data?.adminExists === false ? (
          <Alert
            type="info"
            showIcon
            message={t('login.noAdminYet')}
            action={<Link to={REGISTER_ADMIN}>{t('login.registerAdmin')}</Link>}
          />
        ) : null}
      </Flex>
    );
  }

  return (
    <AccountFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      {body}
    </AccountFrame>
  );
}
