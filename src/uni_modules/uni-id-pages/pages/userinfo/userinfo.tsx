/**
 * The user info page (uni-id-pages userinfo): avatar (choose an image -> cropImage), nickname
 * edited in place, username, mobile and email (bind / change), real-name status, weixin link,
 * password (change, or set when there is none), close account, and log out after a
 * confirmation. The data is GET /api/auth/me; changes also refresh the top bar's user.
 */
import { CameraOutlined, EditOutlined, ExclamationCircleOutlined, LogoutOutlined, UserDeleteOutlined, UserOutlined } from '@ant-design/icons';
import { history, Link, useLocation, useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Avatar, Button, Card, Flex, Form, Input, Modal, Result, Skeleton, Tag, Typography, theme as antdTheme } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getMe, getRealname, updateMe, type UserInfo } from '../../../../services/api';
import { requireLogin, signOut } from '../../../../services/auth';
import { requestErrorOf, requestErrorText } from '../../../../services/request-layer';
import type { InitialState } from '../../../../shared/app-state';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';
import { cutText, textLength } from '../../../../../shared/text';
import { NICKNAME_MAX } from '../../../../../shared/validation';
import WeixinBind, { weixinResultMessage } from '../../components/WeixinBind';
import { BIND_EMAIL, BIND_MOBILE, CHANGE_PWD, CROP_IMAGE, DEACTIVATE, REALNAME_VERIFY, SET_PWD } from '../../common/paths';
import { accountRules } from '../../common/rules';
import { useAccountForm } from '../../common/use-account-form';
import { isImageFile, pickImage } from './cropImage/picked-image';
import './userinfo.css';

const REALNAME_COLORS: Record<string, string> = { approved: 'success', pending: 'processing', rejected: 'error', none: 'default' };
/** typing stops at the nickname rule's length in characters (a native maxLength counts 𠮷 as two) */
const NICKNAME_COUNT = { max: NICKNAME_MAX, strategy: textLength, exceedFormatter: (v: string, { max }: { max: number }) => cutText(v, max) };

/** one line of the page: label, value, action (narrow screens: userinfo.css stacks label over value, action beside) */
function Row({ label, children, action, testId }: { label: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  const { token } = antdTheme.useToken();
  return (
    <Flex
      data-testid={testId}
      className="userinfo-row"
      align="center"
      gap={12}
      wrap="wrap"
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}`, minHeight: 56 }}
    >
      <span style={{ width: 140, color: token.colorTextSecondary }}>{label}</span>
      <span style={{ flex: 1, minWidth: 120, wordBreak: 'break-all' }}>{children}</span>
      {action}
    </Flex>
  );
}

/** the nickname, with an edit button that turns it into a small form (Enter saves, Escape cancels) */
function Nickname({ user, onSaved }: { user: UserInfo; onSaved: (u: UserInfo) => void }) {
  const t = useT();
  const rules = accountRules(t);
  const [editing, setEditing] = useState(false);
  const { form, formProps, submitting, errorAlert } = useAccountForm<{ nickname: string }>(['nickname'], async ({ nickname }) => {
    const { updated } = await updateMe({ nickname: nickname.trim() || null }, { skipErrorHandler: true });
    // spec section 8: 'update succeeded' or 'no change'
    toast(t(updated ? 'userinfo.updated' : 'userinfo.noChange'), updated ? 'success' : 'info');
    setEditing(false);
    onSaved(await getMe({ skipErrorHandler: true }));
  });

  if (!editing) {
    return (
      <Flex align="center" gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }} type={user.nickname ? undefined : 'secondary'} data-testid="nickname">
          {user.nickname || t('userinfo.nickname.none')}
        </Typography.Title>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('userinfo.nickname.edit')}
          title={t('userinfo.nickname.edit')}
          onClick={() => {
            form.setFieldsValue({ nickname: user.nickname ?? '' });
            setEditing(true);
          }}
        />
      </Flex>
    );
  }
  return (
    <Form {...formProps} layout="inline" style={{ rowGap: 8 }} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}>
      {errorAlert}
      <Form.Item name="nickname" rules={rules.nickname} extra={t('register.nickname.hint')} style={{ minWidth: 220 }}>
        <Input autoFocus count={NICKNAME_COUNT} aria-label={t('userinfo.nickname')} placeholder={t('userinfo.nickname')} autoComplete="nickname" />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('userinfo.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('account.cancel')}</Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

export default function UserinfoPage() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { pathname, search } = useLocation();
  const { setInitialState } = useModel('@@initialState') as { setInitialState: (f: (s: InitialState | undefined) => InitialState) => void };
  const [modal, modalHolder] = Modal.useModal();
  const fileInput = useRef<HTMLInputElement>(null);
  const [weixinResult, setWeixinResult] = useState(() => weixinResultMessage(search, t));

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const me = useRequest(() => getMe({ skipErrorHandler: true }), {
    onSuccess: (u) => setInitialState((s) => ({ ...(s as InitialState), currentUser: u })),
  });
  // the real-name status (another page's call): shown when the server answers it
  const realname = useRequest(() => getRealname({ skipErrorHandler: true }));

  const setUser = (u: UserInfo) => {
    me.mutate(u);
    setInitialState((s) => ({ ...(s as InitialState), currentUser: u }));
  };

  const chooseAvatar = (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast(t('userinfo.avatar.notImage'), 'error');
      return;
    }
    pickImage(file);
    history.push(CROP_IMAGE);
  };

  const logout = () =>
    modal.confirm({
      title: t('userinfo.logout.confirm'),
      content: t('userinfo.logout.confirmText'),
      icon: <ExclamationCircleOutlined />,
      okText: t('userinfo.logout'),
      cancelText: t('account.cancel'),
      onOk: () => signOut(),
    });

  const user = me.data;
  if (!user) {
    const info = me.error ? requestErrorOf(me.error) : null;
    return (
      <Card title={t('userinfo.title')} style={{ maxWidth: 720 }}>
        {info && info.kind !== 'login-expired' ? (
          <Result
            status="warning"
            title={t('userinfo.loadFailed')}
            subTitle={requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS)}
            extra={<Button onClick={() => me.refresh()}>{t('userinfo.retry')}</Button>}
          />
        ) : (
          <Skeleton avatar active paragraph={{ rows: 6 }} />
        )}
      </Card>
    );
  }

  const avatarUrl = (user.avatar_file as { url?: string } | null)?.url;
  const notSet = <Typography.Text type="secondary">{t('userinfo.notSet')}</Typography.Text>;
  const rn = realname.data;

  return (
    <Card title={t('userinfo.title')} className="userinfo-page" style={{ maxWidth: 720 }}>
      {modalHolder}
      {weixinResult ? (
        <Alert
          type={weixinResult.type}
          showIcon
          role="status"
          message={weixinResult.text}
          closable
          onClose={() => setWeixinResult(null)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Flex align="center" gap={20} wrap="wrap" style={{ paddingBottom: 16, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          data-testid="avatar-input"
          style={{ display: 'none' }}
          onChange={(e) => {
            chooseAvatar(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('userinfo.avatar.change')}
          title={t('userinfo.avatar.change')}
          style={{ position: 'relative', padding: 0, border: 'none', background: 'none', cursor: 'pointer', borderRadius: '50%' }}
        >
          <Avatar size={88} src={avatarUrl || undefined} icon={<UserOutlined />} alt={t('userinfo.avatar')} data-testid="avatar" />
          <span
            aria-hidden
            style={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              width: 28,
              height: 28,
              borderRadius: '50%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: token.colorPrimary,
              color: token.colorTextLightSolid,
              border: `2px solid ${token.colorBgContainer}`,
            }}
          >
            <CameraOutlined />
          </span>
        </button>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Nickname user={user} onSaved={setUser} />
          <Typography.Text type="secondary">{user.username ? `@${user.username}` : null}</Typography.Text>
        </Flex>
      </Flex>

      <Row label={t('userinfo.username')} testId="row-username">
        {user.username || notSet}
      </Row>
      <Row label={t('userinfo.mobile')} testId="row-mobile" action={<Link to={BIND_MOBILE}>{user.mobile ? t('userinfo.change') : t('userinfo.bind')}</Link>}>
        {user.mobile || <Typography.Text type="secondary">{t('userinfo.notBound')}</Typography.Text>}
      </Row>
      <Row label={t('userinfo.email')} testId="row-email" action={<Link to={BIND_EMAIL}>{user.email ? t('userinfo.change') : t('userinfo.bind')}</Link>}>
        {user.email || <Typography.Text type="secondary">{t('userinfo.notBound')}</Typography.Text>}
      </Row>
      <Row
        label={t('userinfo.realname')}
        testId="row-realname"
        action={<Link to={REALNAME_VERIFY}>{rn?.status === 'approved' ? t('userinfo.view') : t('userinfo.verify')}</Link>}
      >
        {rn ? (
          <Flex gap={8} align="center" wrap="wrap">
            <Tag color={REALNAME_COLORS[rn.status] ?? 'default'}>{t(`account.realname.status.${rn.status}`)}</Tag>
            {rn.realName ? <span>{rn.realName}</span> : null}
            {rn.idCardMasked ? <Typography.Text type="secondary">{rn.idCardMasked}</Typography.Text> : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        )}
      </Row>
      <div style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <WeixinBind bound={user.wxBound} onChanged={() => me.refresh()} />
      </div>
      <Row
        label={t('userinfo.password')}
        testId="row-password"
        action={user.hasPassword ? <Link to={CHANGE_PWD}>{t('userinfo.changePwd')}</Link> : <Link to={SET_PWD}>{t('userinfo.setPwd')}</Link>}
      >
        {user.hasPassword ? t('userinfo.password.set') : <Typography.Text type="secondary">{t('userinfo.password.notSet')}</Typography.Text>}
      </Row>

      <Flex gap={8} wrap="wrap" style={{ marginTop: 24 }}>
        <Button icon={<LogoutOutlined />} onClick={logout}>
          {t('userinfo.logout')}
        </Button>
        <Button danger icon={<UserDeleteOutlined />} onClick={() => history.push(DEACTIVATE)}>
          {t('userinfo.deactivate')}
        </Button>
      </Flex>
    </Card>
  );
}
