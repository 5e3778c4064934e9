/**
 * The reader: a published article (each opening counts a view) or, through a preview link, a
 * draft until the link's 2 hours are up. The body is the server's sanitized HTML (the allow-list
 * in server/modules/cms/sanitize.ts); the console's CSP forbids inline scripts as a second wall.
 */
import { EyeOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Drawer, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { previewArticle, readArticle, type ReadArticle } from '../../../services/cms';
import { requestErrorOf, requestErrorText } from '../../../services/request-layer';
import { formatDate } from '../../../components/admin/columns';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import './rich-text.css';

export function ArticleView({ article }: { article: ReadArticle }) {
  const t = useT();
  return (
    <article data-testid="article-reader">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {article.title}
      </Typography.Title>
      <Space size={[12, 4]} wrap style={{ marginBottom: 16 }}>
        {article.author_name ? <Typography.Text type="secondary">{article.author_name}</Typography.Text> : null}
        {article.category_name ? <Tag>{article.category_name}</Tag> : null}
        {article.is_sticky ? <Tag color="red">{t('cms.field.sticky')}</Tag> : null}
        {article.is_essence ? <Tag color="gold">{t('cms.field.essence')}</Tag> : null}
        <Typography.Text type="secondary">{formatDate(article.publish_date ?? article.last_modify_date)}</Typography.Text>
        <Typography.Text type="secondary">
          <EyeOutlined /> {t('cms.reader.views', { count: article.view_count })}
        </Typography.Text>
      </Space>
      {/* sanitized on the server before it was stored */}
      <div className="cms-article-body" dangerouslySetInnerHTML={{ __html: article.content }} />
    </article>
  );
}

export default function ArticleReader({ id, preview, onClose }: { id?: string | null; preview?: string | null; onClose: () => void }) {
  const t = useT();
  const open = !!(id || preview);
  const loaded = useRequest(() => (preview ? previewArticle(preview, { skipErrorHandler: true }) : readArticle(id!, { skipErrorHandler: true })), {
    ready: open,
    refreshDeps: [id, preview],
    onError: () => undefined,
  });
  let body;
  if (loaded.loading || (!loaded.data && !loaded.error)) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (loaded.error) {
    const info = requestErrorOf(loaded.error);
    body =
      info.code === 'NOT_FOUND' ? (
        <Result status="404" title={t('cms.reader.notFound')} />
      ) : (
        <Result status="warning" title={t('cms.reader.loadFailed')} subTitle={requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS)} />
      );
  } else {
    const a = loaded.data!;
    body = (
      <Flex vertical gap={12}>
        {a.preview_expires_at ? <Alert type="info" showIcon message={t('cms.reader.previewUntil', { time: formatDate(a.preview_expires_at) })} /> : null}
        {a.article_status === 0 ? (
          <Tag color="default" style={{ alignSelf: 'flex-start' }}>
            {t('cms.status.0')}
          </Tag>
        ) : null}
        <ArticleView article={a} />
      </Flex>
    );
  }
  return (
    <Drawer open={open} onClose={onClose} width={760} title={preview ? t('cms.reader.previewTitle') : t('cms.reader.title')} destroyOnClose>
      {body}
    </Drawer>
  );
}
