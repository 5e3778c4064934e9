/**
 * What a shared link shows: the conversation's title, who may read it and until when, then its
 * branch as the chat shows it (questions with their pictures, answers in Markdown with the model's
 * name), read-only. A link that is wrong, revoked or expired says so; one for signed-in accounts
 * sends a signed-out reader to sign in first (the request layer's login path) and back.
 */
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Bubble } from '@ant-design/x';
import { history, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Image, Result, Skeleton, Tag, Typography, theme as antdTheme } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import Markdown from '../../../../components/markdown/Markdown';
import '../../../../components/markdown/messages';
import { readShared } from '../../../../services/chat';
import { requestErrorOf } from '../../../../services/request-layer';
import { APP_NAME } from '../../../../shared/app-info';
import { useT } from '../../../../shared/i18n';

export default function SharedView() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { search } = useLocation();
  const linkToken = new URLSearchParams(search).get('t') ?? '';
  const req = useRequest(() => readShared(linkToken, { skipErrorHandler: true }), { ready: !!linkToken, refreshDeps: [linkToken] });
  const data = req.data;
  useEffect(() => {
    if (data) document.title = `${data.title || t('chat.untitled')} - ${APP_NAME}`;
  }, [data, t]);

  const home = (
    <Button type="primary" onClick={() => history.push('/')}>
      {t('chat.share.openConsole')}
    </Button>
  );
  let body;
  if (!linkToken || (req.error && requestErrorOf(req.error).code === 'NOT_FOUND')) {
    body = <Result status="404" title={t('chat.share.gone')} subTitle={t('chat.share.goneHint')} extra={home} />;
  } else if (req.error) {
    body = (
      <Result
        status="error"
        title={t('chat.share.loadFailed')}
        extra={
          <Button type="primary" onClick={req.refresh}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }} className="shared-title">
            {data.title || t('chat.untitled')}
          </Typography.Title>
          <Flex gap={8} wrap="wrap" align="center">
            <Tag color={data.audience === 'anyone' ? 'green' : 'blue'}>{t('chat.share.readOnly')}</Tag>
            <Typography.Text type="secondary">
              {t('chat.share.sharedOn', { date: dayjs(data.shared_at).format('YYYY-MM-DD') })}
              {data.expires_at ? ` · ${t('chat.share.until', { date: dayjs(data.expires_at).format('YYYY-MM-DD HH:mm') })}` : ''}
            </Typography.Text>
          </Flex>
        </Flex>
        <Bubble.List
          className="shared-thread"
          items={data.messages.map((m) => ({
            key: m.id,
            placement: m.role === 'user' ? 'end' : 'start',
            avatar: { icon: m.role === 'user' ? <UserOutlined /> : <RobotOutlined /> },
            content:
              m.role === 'user' ? (
                <Flex vertical gap={8} align="end">
                  {m.images.length ? (
                    <Image.PreviewGroup>
                      <Flex gap={6} wrap="wrap" justify="end">
                        {m.images.map((img) => (
                          <Image key={img.url} src={img.url} alt={img.name} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 8 }} />
                        ))}
                      </Flex>
                    </Image.PreviewGroup>
                  ) : null}
                  {m.content ? <div className="chat-user-text">{m.content}</div> : null}
                </Flex>
              ) : (
                <Markdown text={m.content} />
              ),
            footer:
              m.role === 'assistant' && m.model_name ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {m.model_name}
                </Typography.Text>
              ) : undefined,
          }))}
        />
        <Flex justify="center">{home}</Flex>
      </Flex>
    );
  }
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, padding: '24px 12px' }}>
      <div style={{ maxWidth: 860, margin: '0 auto', background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 16 }}>{body}</div>
    </div>
  );
}
