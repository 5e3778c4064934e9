/**
 * Articles. Content managers get the management list (cover, title, excerpt, author, category,
 * status, views, publish date; search over title and excerpt; Edit, Take down for published
 * ones, Delete, preview links); every other signed-in user reads the published articles.
 * ?id=<article> opens the reader (search results lead here), ?preview=<token> a preview link.
 */
import { EyeOutlined, LinkOutlined, ReadOutlined, StopOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Card, Empty, Flex, Image, Input, List, Pagination, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { RULES } from '../../../../../../shared/permissions';
import { useCan } from '../../../../../components/admin/access';
import { CellText, dateColumn, ELLIPSIS, formatDate, statusColumn, textColumn, type ResourceColumn } from '../../../../../components/admin/columns';
import ResourceList, { type ListContext, type PresetFilter } from '../../../../../components/admin/ResourceList';
import {
  articleResource,
  browsePublished,
  categoryResource,
  previewLink,
  takeDownArticle,
  type ArticleRow,
  type PublishedArticle,
} from '../../../../../services/cms';
import { withQuery } from '../../../../../services/query-string';
import { showRequestError } from '../../../../../services/request-layer';
import { noticeModal, toast } from '../../../../../shared/feedback';
import { useT, type Translate } from '../../../../../shared/i18n';
import { SPEC } from '../../../../../shared/spec';
import ArticleReader from '../../../components/ArticleReader';
import '../../../messages';

export const LIST_PATH = '/uni_modules/uni-cms/pages/article/list/list';
const ACCESS = { create: RULES.manageContent, update: RULES.manageContent, delete: RULES.manageContent };
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'success' };

function Cover({ urls, t }: { urls: string[]; t: Translate }) {
  if (!urls.length) return <Typography.Text type="secondary">{t('cms.cover.mode.none')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={4}>
        {urls.map((u, i) => (
          <Image key={u} src={u} width={40} height={30} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('cms.cover.image', { index: i + 1 })} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function Badges({ sticky, essence, t }: { sticky: boolean; essence: boolean; t: Translate }) {
  return (
    <>
      {sticky ? (
        <Tag color="red" style={{ marginInlineEnd: 0, flex: 'none' }}>
          {t('cms.field.sticky')}
        </Tag>
      ) : null}
      {essence ? (
        <Tag color="gold" style={{ marginInlineEnd: 0, flex: 'none' }}>
          {t('cms.field.essence')}
        </Tag>
      ) : null}
    </>
  );
}

function ManageList({ onRead, categoryId }: { onRead: (id: string) => void; categoryId: string | null }) {
  const t = useT();
  const categories = useRequest(() => categoryResource.listAll({}, { skipErrorHandler: true }));
  const presets: PresetFilter[] = categoryId
    ? [
        {
          field: 'category_id',
          values: [categoryId],
          label: t('cms.article.categoryFilter', { name: categories.data?.find((c) => c.id === categoryId)?.name ?? '…' }),
        },
      ]
    : [];
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

  const takeDown = (row: ArticleRow, ctx: ListContext<ArticleRow>) =>
    ctx.modal.confirm({
      title: t('cms.article.takeDownConfirm', { title: row.title }),
      content: t('cms.article.takeDownHint'),
      okText: t('cms.article.takeDown'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await takeDownArticle(row.id);
          toast(t('cms.article.takenDown'), 'success');
          ctx.reload();
        } catch (e) {
          fail(e);
        }
      },
    });

  const sharePreview = async (row: ArticleRow, ctx: ListContext<ArticleRow>) => {
    try {
      const link = await previewLink(row.id);
      const url = `${window.location.origin}${window.location.pathname}#${withQuery(LIST_PATH, { preview: link.token })}`;
      ctx.modal.info({
        title: t('cms.preview.title', { title: row.title }),
        width: 560,
        content: (
          <Flex vertical gap={8}>
            <Typography.Paragraph copyable={{ text: url }} style={{ wordBreak: 'break-all', marginBottom: 0 }} data-testid="preview-url">
              {url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('cms.preview.until', { time: formatDate(link.expires_at) })}</Typography.Text>
          </Flex>
        ),
      });
    } catch (e) {
      fail(e);
    }
  };

  const columns = useMemo<ResourceColumn<ArticleRow>[]>(
    () => [
      // at 1280 px: title, category, status and publish date; the rest from the column settings
      {
        title: t('cms.field.cover'),
        dataIndex: 'thumbnail',
        key: 'thumbnail',
        width: 150,
        hiddenByDefault: true,
        render: (_, r) => <Cover urls={r.thumbnail} t={t} />,
      },
      {
        title: t('cms.field.title'),
        dataIndex: 'title',
        key: 'title',
        sorter: true,
        minWidth: 180,
        render: (_, r) => (
          <Flex gap={4} align="center" style={{ minWidth: 0 }}>
            {r.article_status === 1 ? (
              <Typography.Link onClick={() => onRead(r.id)} title={r.title} style={{ ...ELLIPSIS, minWidth: 0 }}>
                {r.title}
              </Typography.Link>
            ) : (
              <CellText text={r.title} />
            )}
            <Badges sticky={r.is_sticky} essence={r.is_essence} t={t} />
          </Flex>
        ),
      },
      textColumn(t('cms.field.excerpt'), 'excerpt', { minWidth: 180, hidden: true }),
      textColumn(t('cms.field.author'), 'author_name', { width: 120, hidden: true }),
      {
        title: t('cms.field.category'),
        dataIndex: 'category_name',
        key: 'category_id',
        width: 130,
        filters: (categories.data ?? []).map((c) => ({ text: c.name, value: c.id })),
        render: (_, r) => (r.category_name ? <CellText text={r.category_name} /> : '-'),
      },
      statusColumn(
        t('cms.field.status'),
        'article_status',
        Object.fromEntries([0, 1].map((s) => [s, { text: t(`cms.status.${s}`), color: STATUS_COLORS[s] }])),
        {
          filter: true,
          width: 100,
        },
      ),
      {
        title: t('cms.field.views'),
        dataIndex: 'view_count',
        key: 'view_count',
        sorter: true,
        width: 100,
        align: 'right',
        hiddenByDefault: true,
        render: (_, r) => r.view_count,
      },
      dateColumn(t, t('cms.field.publishDate'), 'publish_date', { sorter: true, rangeFilter: true }),
    ],
    [t, categories.data, onRead],
  );

  return (
    <ResourceList
      resource={articleResource}
      title="route.cms.articleList"
      columns={columns}
      searchPlaceholder={t('cms.article.search')}
      access={ACCESS}
      addPath="/uni_modules/uni-cms/pages/article/add/add"
      addLabel={t('cms.article.add')}
      editPath={(r) => withQuery('/uni_modules/uni-cms/pages/article/edit/edit', { id: r.id })}
      actionsWidth={270}
      presetFilters={presets}
      onClearPresets={() => history.replace(LIST_PATH)}
      rowActions={(r, ctx) =>
        [
          r.article_status === 1 ? (
            <Typography.Link key="read" onClick={() => onRead(r.id)} aria-label={`${t('cms.article.read')} ${r.title}`}>
              <ReadOutlined /> {t('cms.article.read')}
            </Typography.Link>
          ) : (
            <Typography.Link key="preview" onClick={() => void sharePreview(r, ctx)} aria-label={`${t('cms.preview.action')} ${r.title}`}>
              <LinkOutlined /> {t('cms.preview.action')}
            </Typography.Link>
          ),
          r.article_status === 1 ? (
            <Typography.Link key="down" type="warning" onClick={() => takeDown(r, ctx)} aria-label={`${t('cms.article.takeDown')} ${r.title}`}>
              <StopOutlined /> {t('cms.article.takeDown')}
            </Typography.Link>
          ) : null,
        ].filter(Boolean)
      }
    />
  );
}

/** the published articles, for every signed-in reader: sticky first, then newest */
function ReaderList({ onRead }: { onRead: (id: string) => void }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const pageSize = 10;
  const page = useRequest(() => browsePublished({ keyword: keyword || undefined, current, pageSize }), { refreshDeps: [keyword, current] });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <Input.Search
        allowClear
        placeholder={t('cms.article.search')}
        aria-label={t('cms.article.search')}
        onSearch={(v) => {
          setCurrent(1);
          setKeyword(v.trim());
        }}
        style={{ maxWidth: 420 }}
      />
      <Card>
        <List<PublishedArticle>
          loading={page.loading}
          dataSource={page.data?.data ?? []}
          locale={{ emptyText: <Empty description={keyword ? t('cms.reader.noMatch') : t('cms.reader.empty')} /> }}
          renderItem={(a) => (
            <List.Item key={a.id} extra={a.thumbnail.length ? <Cover urls={a.thumbnail} t={t} /> : null}>
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Typography.Link onClick={() => onRead(a.id)}>{a.title}</Typography.Link>
                    <Badges sticky={a.is_sticky} essence={a.is_essence} t={t} />
                  </Space>
                }
                description={
                  <Space size={12} wrap>
                    {a.category_name ? <Tag>{a.category_name}</Tag> : null}
                    {a.author_name ? <span>{a.author_name}</span> : null}
                    <span>{formatDate(a.publish_date)}</span>
                    <span>
                      <EyeOutlined /> {a.view_count}
                    </span>
                  </Space>
                }
              />
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {a.excerpt}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
        {(page.data?.total ?? 0) > pageSize ? (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={current}
            pageSize={pageSize}
            total={page.data?.total}
            onChange={setCurrent}
            showSizeChanger={false}
          />
        ) : null}
      </Card>
    </Flex>
  );
}

export default function ArticleList() {
  const can = useCan();
  const [params] = useSearchParams();
  const id = params.get('id');
  const preview = params.get('preview');
  const categoryId = params.get('category_id');
  // the reader opens over the list, which keeps its category filter
  const read = useMemo(() => (articleId: string) => history.push(withQuery(LIST_PATH, { category_id: categoryId ?? undefined, id: articleId })), [categoryId]);
  const close = () => history.replace(withQuery(LIST_PATH, { category_id: categoryId ?? undefined }));
  return (
    <>
      {can(RULES.manageContent) ? <ManageList onRead={read} categoryId={categoryId} /> : <ReaderList onRead={read} />}
      <ArticleReader id={id} preview={preview} onClose={close} />
    </>
  );
}
