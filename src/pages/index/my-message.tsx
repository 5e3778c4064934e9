/**
 * My messages: the signed-in user's inbox, unread first then newest. Opening a message shows it
 * (markdown, no raw HTML) and marks it read; "mark all read" clears the rest. The unread count of
 * the top bar and the home page follows each answer.
 */
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Badge, Button, Card, Empty, Flex, Input, List, Segmented, Typography, theme as antdTheme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import Markdown from '../../components/markdown/Markdown';
import LoadFailure from '../../components/LoadFailure';
import { setUnread, useUnread } from '../../components/messages/unread';
import { inbox, markAllRead, markRead, type InboxMessage } from '../../services/messages';
import { requestErrorOf, showRequestError } from '../../services/request-layer';
import { noticeModal, toast } from '../../shared/feedback';
import { DATE_FORMAT } from '../../shared/format';
import RelativeTime from '../../components/time/RelativeTime';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import '../site-message/messages';

const PAGE = 10;

export default function MyMessages() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const unread = useUnread();
  const [only, setOnly] = useState<'all' | 'unread'>('all');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useRequest(() => inbox({ keyword: keyword || undefined, unread: only === 'unread' || undefined, current, pageSize: PAGE }), {
    refreshDeps: [only, keyword, current],
  });
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

  /** the row as read now, without reloading the page (so it does not jump away under the reader) */
  const markLocal = (ids: string[] | 'all') =>
    list.mutate(
      (d) => d && { ...d, data: d.data.map((m) => (ids === 'all' || ids.includes(m.id) ? { ...m, read_at: m.read_at ?? new Date().toISOString() } : m)) },
    );

  const read = async (m: InboxMessage) => {
    if (m.read_at) return;
    try {
      setUnread((await markRead(m.id)).unread);
      markLocal([m.id]);
    } catch (e) {
      fail(e);
    }
  };
  const toggle = (m: InboxMessage) => {
    setOpen((o) => (o === m.id ? null : m.id));
    void read(m);
  };
  const readAll = async () => {
    try {
      const r = await markAllRead();
      setUnread(r.unread);
      markLocal('all');
      toast(t('msg.inbox.allReadDone', { count: r.marked }), 'success');
    } catch (e) {
      fail(e);
    }
  };

  const failure = list.error ? requestErrorOf(list.error) : null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Text type="secondary" data-testid="inbox-unread">
          {unread ? t('msg.inbox.unread', { count: unread }) : t('msg.inbox.none')}
        </Typography.Text>
        <Button style={{ marginLeft: 'auto' }} icon={<CheckOutlined />} disabled={!unread} onClick={() => void readAll()}>
          {t('msg.inbox.allRead')}
        </Button>
      </Flex>
      <Flex gap={12} wrap>
        <Segmented
          value={only}
          onChange={(v) => {
            setOnly(v as 'all' | 'unread');
            setCurrent(1);
          }}
          options={[
            { value: 'all', label: t('msg.inbox.all') },
            { value: 'unread', label: t('msg.inbox.onlyUnread') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('msg.inbox.search')}
          style={{ maxWidth: 320 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
      </Flex>
      {failure && failure.kind !== 'login-expired' ? <LoadFailure title={t('msg.inbox.loadFailed')} failure={failure} onRetry={list.refresh} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <List<InboxMessage>
          loading={list.loading}
          dataSource={list.data?.data ?? []}
          locale={{
            emptyText: (
              // the bell in tertiary text stays visible on the dark theme; the image box no taller than the bell
              <Empty
                image={<BellOutlined style={{ fontSize: 36, color: token.colorTextTertiary }} />}
                styles={{ image: { height: 40, marginBottom: 8 } }}
                description={t(keyword || only === 'unread' ? 'msg.inbox.noMatch' : 'msg.inbox.empty')}
              />
            ),
          }}
          pagination={
            (list.data?.total ?? 0) > PAGE
              ? { current, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, style: { padding: '0 16px 16px' } }
              : false
          }
          renderItem={(m) => {
            const isOpen = open === m.id;
            return (
              <List.Item
                key={m.id}
                style={{ padding: '12px 16px', display: 'block', background: m.read_at ? undefined : token.colorPrimaryBg }}
                data-testid="inbox-item"
                data-unread={m.read_at ? undefined : 'true'}
              >
                <Flex align="center" gap={8}>
                  <Badge status={m.read_at ? 'default' : 'processing'} />
                  <Typography.Link strong={!m.read_at} onClick={() => toggle(m)} aria-expanded={isOpen} style={{ color: token.colorText }}>
                    {m.title}
                  </Typography.Link>
                  <Typography.Text type="secondary" style={{ marginLeft: 'auto', whiteSpace: 'nowrap', fontSize: 12 }}>
                    <RelativeTime value={m.publish_at} />
                  </Typography.Text>
                </Flex>
                {isOpen ? (
                  <div style={{ margin: '12px 0 0 22px' }}>
                    <Markdown text={m.body} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {m.author_name ? `${t('msg.field.author')}: ${m.author_name} · ` : ''}
                      {m.read_at ? t('msg.inbox.readAt', { time: dayjs(m.read_at).format(DATE_FORMAT) }) : null}
                    </Typography.Text>
                  </div>
                ) : null}
              </List.Item>
            );
          }}
        />
      </Card>
    </Flex>
  );
}
