/**
 * Share: a read-only link to the branch on screen (up to its last message), for anyone with the
 * link or for signed-in accounts, for a week, a month or until revoked; the conversation's links
 * listed with their audience and expiry, each copied or revoked (after a confirmation).
 */
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Input, List, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { copyText } from '../../../../components/markdown/copy';
import { createShare, listShares, revokeShare, type ChatShare, type ShareBody } from '../../../../services/chat';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';

const EXPIRY_DAYS = [null, 1, 7, 30] as const;

/** the full address of a link (the console's origin and its hash route) */
export const shareUrl = (s: Pick<ChatShare, 'path'>) => `${window.location.origin}${window.location.pathname}#${s.path}`;

export default function ShareButton({ conversationId, lastMessageId }: { conversationId: string; lastMessageId: string | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [audience, setAudience] = useState<ShareBody['audience']>('anyone');
  const [days, setDays] = useState<number | null>(7);
  const [creating, setCreating] = useState(false);
  const links = useRequest(() => listShares(conversationId), { manual: true });

  const show = () => {
    setOpen(true);
    links.run();
  };
  const copy = async (s: ChatShare) => {
    const ok = await copyText(shareUrl(s));
    toast(t(ok ? 'chat.share.copied' : 'chat.copyFailed'), ok ? 'success' : 'error');
  };
  const create = async () => {
    if (!lastMessageId) return;
    setCreating(true);
    try {
      const made = await createShare(conversationId, { message_id: lastMessageId, audience, expires_days: days });
      links.mutate((list) => [made, ...(list ?? [])]);
      await copy(made);
    } catch {
      /* shown by the request layer */
    } finally {
      setCreating(false);
    }
  };
  const revoke = async (s: ChatShare) => {
    try {
      await revokeShare(s.id);
      links.mutate((list) => (list ?? []).filter((x) => x.id !== s.id));
      toast(t('chat.share.revoked'), 'success');
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={show} disabled={!lastMessageId} className="chat-share">
        {t('chat.share.button')}
      </Button>
      <Modal open={open} title={t('chat.share.title')} onCancel={() => setOpen(false)} footer={null} width={560} destroyOnHidden>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('chat.share.intro')}</Typography.Text>
          <Radio.Group value={audience} onChange={(e) => setAudience(e.target.value)} aria-label={t('chat.share.audience')}>
            <Space direction="vertical">
              <Radio value="anyone">{t('chat.share.anyone')}</Radio>
              <Radio value="signed-in">{t('chat.share.signedIn')}</Radio>
            </Space>
          </Radio.Group>
          <Flex gap={8} wrap="wrap" align="center">
            <Typography.Text>{t('chat.share.expires')}</Typography.Text>
            <Select
              value={days ?? 0}
              onChange={(v) => setDays(v || null)}
              style={{ width: 160 }}
              aria-label={t('chat.share.expires')}
              options={EXPIRY_DAYS.map((d) => ({ value: d ?? 0, label: d ? t('chat.share.days', { count: d }) : t('chat.share.never') }))}
            />
            <Button type="primary" loading={creating} onClick={() => void create()} className="chat-share-create">
              {t('chat.share.create')}
            </Button>
          </Flex>
          {links.error ? <Alert type="error" showIcon message={t('chat.share.loadFailed')} /> : null}
          <List
            size="small"
            loading={links.loading}
            locale={{ emptyText: t('chat.share.none') }}
            dataSource={links.data ?? []}
            renderItem={(s) => (
              <List.Item
                className="chat-share-link"
                actions={[
                  <Button key="copy" size="small" icon={<CopyOutlined />} onClick={() => void copy(s)} aria-label={t('chat.share.copy')} />,
                  <Popconfirm key="revoke" title={t('chat.share.revokeConfirm')} onConfirm={() => revoke(s)} okText={t('chat.share.revoke')}>
                    <Button size="small" danger>
                      {t('chat.share.revoke')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Input size="small" readOnly value={shareUrl(s)} aria-label={t('chat.share.link')} onFocus={(e) => e.target.select()} />
                  <Flex gap={4} wrap="wrap">
                    <Tag color={s.audience === 'anyone' ? 'green' : 'blue'}>
                      {s.audience === 'anyone' ? t('chat.share.anyoneShort') : t('chat.share.signedInShort')}
                    </Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {s.expires_at ? t('chat.share.until', { date: dayjs(s.expires_at).format('YYYY-MM-DD HH:mm') }) : t('chat.share.noExpiry')}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        </Flex>
      </Modal>
    </>
  );
}
