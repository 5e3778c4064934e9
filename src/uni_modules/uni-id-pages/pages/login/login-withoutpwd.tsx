/**
 * The default login page (uni-id-pages login-withoutpwd): the login types enabled in the login
 * config. When the password is the way in (username on, SMS codes off: the spec's default), the
 * password form is right here, with weixin as a button under it: no chooser step first.
 * Otherwise it lists them:
 *  - 'smsCode': a mobile number field that goes on to login-smscode?mobile=<number>;
 *  - 'username': to the password login, carrying uniIdRedirectUrl;
 *  - 'weixin': to weixin's page (QR connect) once the server is configured for it, else a
 *    disabled button with a hint. weixin's round trip comes back here with ?weixinTicket=
 *    (spent for the tokens; then back three history steps, or to uniIdRedirectUrl) or
 *    ?weixinError=<CODE> (shown above the choices).
 * "Keep me signed in" (as this browser last left it) goes with the choice: to login-smscode as
 * ?keepSignedIn=1, and through weixin's round trip in sessionStorage. The register-admin link shows while no admin exists;
 * the register link unless the site takes no sign-ups (registrationOpen).
 */
import { MobileOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { history, Link, useLocation } from '@umijs/max';
import { Alert, Button, Divider, Flex, Form, Input, Skeleton, Spin, Tooltip } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useState } from 'react';
import { checkMobile } from '../../../../../shared/validation';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect, redirectTarget } from '../../../../guard';
import { exchangeWeixinTicket, getLoginConfig } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { paramsOf, withQuery } from '../../../../services/query-string';
import { requestErrorOf, requestErrorText } from '../../../../services/request-layer';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';
import { LOGIN_SMSCODE, LOGIN_WITHOUTPWD, LOGIN_WITHPWD, REGISTER, REGISTER_ADMIN, RETRIEVE_BY_EMAIL } from '../../common/paths';
import { ruleOf } from '../../common/rules';
import { rememberWeixinPersistence, startWeixin, takeWeixinPersistence, weixinErrorText, withoutWeixinParams } from '../../common/weixin';
import { KeepSignedInBox, persistenceOfChoice, rememberedKeepSignedIn } from '../../components/KeepSignedIn';
import PasswordLoginForm from '../../components/PasswordLoginForm';
import { passwordFirst } from '../../common/login-types';

/** tickets already handed to the server: a ticket is single use, and effects may run twice */
const tickets = new Map<string, 'pending' | 'done'>();

export default function LoginWithoutPwd() {
  const t = useT();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const weixinTicket = query.get('weixinTicket');
  const weixinError = query.get('weixinError');
  const { data, loading, error, refresh } = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const [weixinBusy, setWeixinBusy] = useState(false);
  const [weixinFailure, setWeixinFailure] = useState<string | null>(null);
  const [keepSignedIn, setKeepSignedIn] = useState(rememberedKeepSignedIn);
  const carry = carryRedirect(search);

  // back from weixin with a ticket: spend it for the tokens, then on as after any login
  useEffect(() => {
    if (!weixinTicket) return;
    /** this page without the ticket, with weixinError=code when there is one */
    const leave = (code?: string) => {
      history.replace(withQuery(LOGIN_WITHOUTPWD, { ...paramsOf(withoutWeixinParams(search)), weixinError: code }));
    };
    const seen = tickets.get(weixinTicket);
    if (seen === 'pending') return;
    if (seen === 'done') {
      // an old address (the back button): the ticket is gone
      leave();
      return;
    }
    tickets.set(weixinTicket, 'pending');
    exchangeWeixinTicket({ ticket: weixinTicket }, { skipErrorHandler: true })
      .then((bundle) => completeLogin(bundle, search, { via: 'weixin', persistence: takeWeixinPersistence() }))
      .catch((e) => {
        const info = requestErrorOf(e);
        if (info.kind === 'business' && info.code) {
          leave(info.code);
        } else {
          leave();
          setWeixinFailure(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
        }
      })
      .finally(() => tickets.set(weixinTicket, 'done'));
  }, [weixinTicket, search, t]);

  // coming back from weixin's page with the browser's back button (page restored from cache)
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => e.persisted && setWeixinBusy(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const signInWithWeixin = async () => {
    setWeixinBusy(true);
    setWeixinFailure(null);
    // the box beside the button, or the password form's: both remember the choice as it is made
    rememberWeixinPersistence(persistenceOfChoice(rememberedKeepSignedIn()));
    try {
      await startWeixin('login', redirectTarget(search));
    } catch (e) {
      setWeixinFailure(requestErrorText(requestErrorOf(e), t, SPEC.REQUEST_TIMEOUT_MS));
      setWeixinBusy(false);
    }
  };

  const goToSmsCode = ({ mobile }: { mobile: string }) => {
    history.push(withQuery(LOGIN_SMSCODE, { ...paramsOf(carry), mobile: mobile.trim(), keepSignedIn: keepSignedIn ? 1 : undefined }));
  };

  if (weixinTicket) {
    return (
      <AccountFrame title={t('login.title')}>
        <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }} role="status" aria-live="polite">
          <Spin size="large" />
          <span>{t('login.weixinSigningIn')}</span>
        </Flex>
      </AccountFrame>
    );
  }

  const failure = weixinFailure ?? (weixinError ? weixinErrorText(weixinError, t) : null);
  const failureAlert = failure ? <Alert type="error" showIcon role="alert" message={t('login.weixinFailed')} description={failure} /> : null;

  const types = data?.loginTypes ?? [];
  const direct = passwordFirst(types);
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
    const sms = types.includes('smsCode');
    const known = (['username', 'weixin'] as const).filter((type) => types.includes(type));
    body = (
      <Flex vertical gap={12}>
        {failureAlert}
        {known.length === 0 && !sms ? <Alert type="warning" showIcon message={t('login.noLoginTypes')} /> : null}
        {direct ? <PasswordLoginForm search={search} /> : null}
        {sms ? (
          <Form<{ mobile: string }> layout="vertical" requiredMark={false} onFinish={goToSmsCode} style={{ marginBottom: 0 }}>
            <Form.Item
              name="mobile"
              label={t('login.mobile')}
              rules={[{ required: true, whitespace: true, message: t('login.mobile.required') }, ruleOf(checkMobile, t)]}
            >
              <Input
                autoFocus
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={11}
                prefix={<MobileOutlined aria-hidden />}
                placeholder={t('login.mobile.placeholder')}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block>
              {t('login.mobile.next')}
            </Button>
          </Form>
        ) : null}
        {(sms && known.length) || (direct && known.includes('weixin')) ? (
          <Divider plain style={{ margin: '4px 0' }}>
            {t('login.or')}
          </Divider>
        ) : null}
        {(direct ? known.filter((type) => type !== 'username') : known).map((type) =>
          type === 'username' ? (
            <Button
              key={type}
              type={sms ? 'default' : 'primary'}
              size="large"
              block
              icon={<UserOutlined aria-hidden />}
              autoFocus={!sms}
              onClick={() => history.push(`${LOGIN_WITHPWD}${carry}`)}
            >
              {t('login.type.username')}
            </Button>
          ) : data?.weixinConfigured ? (
            <Button key={type} size="large" block icon={<WechatOutlined aria-hidden />} loading={weixinBusy} onClick={signInWithWeixin}>
              {t('login.type.weixin')}
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
        {!direct && (sms || known.includes('weixin')) ? <KeepSignedInBox checked={keepSignedIn} onChange={setKeepSignedIn} /> : null}
        <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 8 }}>
          {data?.registrationOpen === false ? null : <Link to={`${REGISTER}${carry}`}>{t('login.register')}</Link>}
          <Link to={`${RETRIEVE_BY_EMAIL}${carry}`}>{t('login.forgot')}</Link>
        </Flex>
        {data?.adminExists === false ? (
          <Alert type="info" showIcon message={t('login.noAdminYet')} action={<Link to={REGISTER_ADMIN}>{t('login.registerAdmin')}</Link>} />
        ) : null}
      </Flex>
    );
  }

  return (
    <AccountFrame title={t('login.title')} subtitle={t(direct ? 'login.withPwd.subtitle' : 'login.subtitle')}>
      {body}
    </AccountFrame>
  );
}
