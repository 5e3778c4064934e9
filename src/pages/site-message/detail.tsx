/**
 * One site message (?id=) for the staff: its text as users see it, its audience by name, when it
 * goes out, how many it is meant for and how many read it, and who read it when (searchable, paged).
 */
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Col, Descriptions, Flex, Input, Modal, Result, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import Markdown from '../../components/markdown/Markdown';
import LoadFailure from '../../components/LoadFailure';
import { messageReads, siteMessageResource, withdrawMessage, type SiteMessageRead } from '../../services/messages';
import { withQuery } from '../../services/query-string';
import { requestErrorOf, showRequestError } from '../../services/request-layer';
import { noticeModal, toast } from '../../shared/feedback';
import { DATE_FORMAT } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import './messages';

const PAGE = 10;
const STATUS_COLORS: Record<string, string> = { draft: 'default', scheduled: 'processing', published: 'success', withdrawn: 'warning' };
const when = (v: string | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '-');

function Readers({ id }: { id: string }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [order, setOrder] = useState<'ascend' | 'descend'>('descend');
  const reads = useRequest(() => messageReads(id, { keyword: keyword || undefined, current, pageSize: PAGE, sortField: 'read_at', sortOrder: order }), {
    refreshDeps: [id, keyword, current, order],
  });
  return (
    <Card title={t('msg.readers.title')}>
      <Input.Search
        allowClear
        placeholder={t('msg.readers.search')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setCurrent(1);
        }}
      />
      <Table<SiteMessageRead>
        rowKey="user_id"
        size="small"
        loading={reads.loading}
        dataSource={reads.data?.data ?? []}
        locale={{ emptyText: keyword ? t('msg.readers.noMatch') : t('msg.readers.none') }}
        pagination={{ current, pageSize: PAGE, total: reads.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setOrder(s?.order === 'ascend' ? 'ascend' : 'descend');
        }}
        columns={[
          {
            title: t('msg.readers.user'),
            key: 'user',
            render: (_, r) => r.nickname || r.username || r.email || r.mobile || r.user_id,
          },
          { title: t('msg.readers.username'), dataIndex: 'username', key: 'username', render: (v: string | null) => v ?? '-' },
          { title: t('msg.readers.readAt'), dataIndex: 'read_at', key: 'read_at', sorter: true, sortOrder: order, render: (v: string) => when(v) },
        ]}
      />
    </Card>
  );
}

export default function SiteMessageDetail() {
  const t = useT();
  const [modal, modalHolder] = Modal.useModal();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const msg = useRequest(() => siteMessageResource.get(id, { skipErrorHandler: true }), { ready: !!id, refreshDeps: [id] });
  const failure = msg.error ? requestErrorOf(msg.error) : null;
  if (!id || failure?.code === 'NOT_FOUND')
    return (
      <Result
        status="404"
        title={t('msg.detail.gone')}
        // the way on from a message that is gone: the list it was opened from
        extra={
          <Button type="primary" onClick={() => history.push('/pages/site-message/list')}>
            {t('msg.detail.backToList')}
          </Button>
        }
      />
    );
  if (failure) return <LoadFailure title={t('msg.detail.loadFailed')} failure={failure} onRetry={msg.refresh} />;
  const m = msg.data;
  if (!m) return <Skeleton active />;

  const withdraw = () =>
    modal.confirm({
      title: t('msg.withdraw.confirm', { title: m.title }),
      content: t('msg.withdraw.explain'),
      okText: t('msg.withdraw.action'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          msg.mutate(await withdrawMessage(m.id));
          toast(t('msg.withdraw.done'), 'success');
        } catch (e) {
          showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        }
      },
    });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      {modalHolder}
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {m.title}
        </Typography.Title>
        <Tag color={STATUS_COLORS[m.status]}>{t(`msg.status.${m.status}`)}</Tag>
        <Space style={{ marginLeft: 'auto' }}>
          <Button icon={<EditOutlined />} onClick={() => history.push(withQuery('/pages/site-message/edit', { id: m.id }))}>
            {t('msg.edit')}
          </Button>
          {m.status !== 'withdrawn' ? (
            <Button danger icon={<StopOutlined />} onClick={withdraw}>
              {t('msg.withdraw.action')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('msg.detail.meantFor')} value={m.audience_count} data-testid="message-audience-count" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('msg.detail.readBy')} value={m.read_count} data-testid="message-read-count" />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('msg.field.audience')}>
                {m.audience === 'everyone' ? (
                  t('msg.audience.everyone')
                ) : (
                  <span>
                    {t(`msg.audience.${m.audience}`)}:{' '}
                    {m.audience_names.map((n, i) => (
                      <Tag key={`${m.audience_ids[i]}`}>{n}</Tag>
                    ))}
                  </span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('msg.field.publishAt')}>{m.publish_at ? when(m.publish_at) : t('msg.status.draft')}</Descriptions.Item>
              {m.withdrawn_at ? <Descriptions.Item label={t('msg.field.withdrawnAt')}>{when(m.withdrawn_at)}</Descriptions.Item> : null}
              <Descriptions.Item label={t('msg.field.author')}>{m.author_name ?? '-'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Card title={t('msg.field.body')}>
        <Markdown text={m.body} />
      </Card>
      <Readers id={m.id} />
    </Flex>
  );
}
