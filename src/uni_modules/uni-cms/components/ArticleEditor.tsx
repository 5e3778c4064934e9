/**
 * Write or edit an article: title, category, excerpt, cover (none / one / three images), sticky,
 * essence, comments and the rich-text body; "Save draft" or "Publish". While it is open the form
 * is copied to this browser every few seconds; opening the article again with a newer copy
 * offers to restore or discard it. A saved article's copy is dropped.
 */
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Flex, Form, Input, Modal, Radio, Result, Select, Skeleton, Space, Switch, theme, Typography } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { RULES } from '../../../../shared/permissions';
import { textLength } from '../../../../shared/text';
import { useCan } from '../../../components/admin/access';
import { formatDate } from '../../../components/admin/columns';
import { backToList } from '../../../components/admin/ResourceForm';
import LoadFailure from '../../../components/LoadFailure';
import {
  ARTICLE_LIMITS,
  articleResource,
  categoryResource,
  COVER_IMAGES,
  COVER_MODES,
  type Article,
  type ArticleBody,
  type CoverMode,
} from '../../../services/cms';
import { requestErrorOf, requestErrorText, showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import CoverPicker from './CoverPicker';
import RichTextEditor from './RichTextEditor';
import '../messages';

const LIST_PATH = '/uni_modules/uni-cms/pages/article/list/list';
/** how often the open form is copied to local storage */
export const AUTO_SAVE_MS = 3000;
export const draftKey = (id: string | null | undefined) => `cms-article-draft:${id || 'new'}`;

export interface EditorValues {
  title: string;
  category_id?: string | null;
  excerpt?: string;
  cover_mode: CoverMode;
  thumbnail: string[];
  is_sticky: boolean;
  is_essence: boolean;
  comments_open: boolean;
  content: string;
}

interface LocalCopy {
  saved_at: number;
  values: EditorValues;
}

export function readLocalCopy(id: string | null | undefined): LocalCopy | null {
  try {
    const raw = localStorage.getItem(draftKey(id));
    const v = raw ? (JSON.parse(raw) as LocalCopy) : null;
    return v && typeof v.saved_at === 'number' && v.values && typeof v.values === 'object' ? v : null;
  } catch {
    return null;
  }
}

const NEW_VALUES: EditorValues = {
  title: '',
  category_id: null,
  excerpt: '',
  cover_mode: 'none',
  thumbnail: [],
  is_sticky: false,
  is_essence: false,
  comments_open: true,
  content: '',
};

const valuesOf = (a: Article): EditorValues => ({
  title: a.title,
  category_id: a.category_id,
  excerpt: a.excerpt,
  cover_mode: a.cover_mode as CoverMode,
  thumbnail: a.thumbnail,
  is_sticky: a.is_sticky,
  is_essence: a.is_essence,
  comments_open: a.comment_status === 1,
  content: a.content,
});

/** whether the body has something to read (text or an image), as the server requires for publishing */
const hasContent = (html: string | undefined) =>
  !!html &&
  (/<img\s/i.test(html) ||
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== '');

export default function ArticleEditor({ id }: { id?: string | null }) {
  const t = useT();
  const { token } = theme.useToken();
  // the body's colours (rich-text.css) from the theme's tokens, so they read in every theme
  const bodyColours = {
    '--cms-text-placeholder': token.colorTextPlaceholder,
    '--cms-text-secondary': token.colorTextSecondary,
    '--cms-border': token.colorBorder,
    '--cms-fill': token.colorFillTertiary,
  } as CSSProperties;
  const can = useCan();
  const isEdit = id !== undefined;
  const allowed = can(RULES.manageContent);
  const [form] = Form.useForm<EditorValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const dirty = useRef(false);
  const mode = (Form.useWatch('cover_mode', form) ?? 'none') as CoverMode;
  const excerpt = Form.useWatch('excerpt', form) as string | undefined;

  const loaded = useRequest(() => articleResource.get(id!, { skipErrorHandler: true }), {
    ready: isEdit && !!id && allowed,
    refreshDeps: [id],
    onError: () => undefined,
  });
  const categories = useRequest(() => categoryResource.listAll({}, { skipErrorHandler: true }), { ready: allowed });
  const article = loaded.data;

  // once the article (or the blank form) is there: offer a newer local copy
  useEffect(() => {
    if (ready || !allowed || (isEdit && !article)) return;
    const base = article ? valuesOf(article) : NEW_VALUES;
    form.setFieldsValue(base);
    setReady(true);
    const local = readLocalCopy(id);
    if (!local) return;
    if (article && local.saved_at <= Date.parse(article.last_modify_date)) {
      localStorage.removeItem(draftKey(id));
      return;
    }
    modal.confirm({
      title: t('cms.autosave.restoreTitle'),
      content: t('cms.autosave.restoreText', { time: formatDate(new Date(local.saved_at).toISOString()) }),
      okText: t('cms.autosave.restore'),
      cancelText: t('cms.autosave.discard'),
      onOk: () => {
        form.setFieldsValue({ ...base, ...local.values });
        dirty.current = true;
      },
      onCancel: () => localStorage.removeItem(draftKey(id)),
    });
  }, [article, allowed, isEdit, ready, id, form, modal, t]);

  // the open form is copied to this browser every few seconds while it changes
  useEffect(() => {
    if (!ready) return;
    const timer = window.setInterval(() => {
      if (!dirty.current) return;
      dirty.current = false;
      const copy: LocalCopy = { saved_at: Date.now(), values: form.getFieldsValue(true) as EditorValues };
      try {
        localStorage.setItem(draftKey(id), JSON.stringify(copy));
      } catch {
        // a full storage only loses the local copy, never the form
      }
    }, AUTO_SAVE_MS);
    return () => window.clearInterval(timer);
  }, [ready, id, form]);

  const save = async (status: 0 | 1) => {
    setFormError(null);
    let v: EditorValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (status === 1 && !hasContent(v.content)) {
      form.setFields([{ name: 'content', errors: [t('cms.rule.contentToPublish')] }]);
      form.scrollToField('content');
      return;
    }
    const body: ArticleBody = {
      title: v.title.trim(),
      content: v.content ?? '',
      excerpt: v.excerpt?.trim() || null,
      category_id: v.category_id || null,
      article_status: status,
      cover_mode: v.cover_mode,
      thumbnail: COVER_IMAGES[v.cover_mode] ? v.thumbnail : [],
      is_sticky: v.is_sticky,
      is_essence: v.is_essence,
      comment_status: v.comments_open ? 1 : 0,
    };
    setSaving(status);
    try {
      if (isEdit) await articleResource.update(id!, body, { skipErrorHandler: true });
      else await articleResource.create(body, { skipErrorHandler: true });
      dirty.current = false;
      localStorage.removeItem(draftKey(id));
      toast(t(status === 0 ? 'cms.article.draftSaved' : article?.article_status === 1 ? 'cms.article.updated' : 'cms.article.published'), 'success');
      backToList(LIST_PATH);
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind === 'login-expired' || info.kind === 'aborted') return;
      if (info.kind !== 'business') {
        showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
        return;
      }
      const text = requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS);
      const field = info.field?.split('.')[0];
      if (field && field in NEW_VALUES) {
        form.setFields([{ name: field === 'comment_status' ? 'comments_open' : (field as keyof EditorValues), errors: [text] }]);
        form.scrollToField(field);
      } else setFormError(text);
    } finally {
      setSaving(null);
    }
  };

  const back = () => backToList(LIST_PATH);
  let body;
  if (!allowed) body = <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.subtitle')} />;
  else if (isEdit && !id) body = <Result status="info" title={t('cms.article.noId')} extra={<Button onClick={back}>{t('cms.backToList')}</Button>} />;
  else if (isEdit && loaded.error) {
    const info = requestErrorOf(loaded.error);
    body =
      info.code === 'NOT_FOUND' ? (
        <Result status="404" title={t('cms.article.notFound')} extra={<Button onClick={back}>{t('cms.backToList')}</Button>} />
      ) : (
        <LoadFailure title={t('cms.article.loadFailed')} failure={info} onRetry={loaded.refresh} />
      );
  } else if (isEdit && !article) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else {
    const published = article?.article_status === 1;
    body = (
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={NEW_VALUES}
        onValuesChange={(changed: Partial<EditorValues>) => {
          dirty.current = true;
          if (formError) setFormError(null);
          // a new cover mode keeps only the images it shows
          if (changed.cover_mode) form.setFieldValue('thumbnail', (form.getFieldValue('thumbnail') as string[]).slice(0, COVER_IMAGES[changed.cover_mode]));
        }}
      >
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        {published ? (
          <Alert type="info" showIcon message={t('cms.article.publishedNotice', { time: formatDate(article?.publish_date) })} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="title"
          label={t('cms.field.title')}
          rules={[
            { required: true, whitespace: true, message: t('cms.rule.titleRequired') },
            { max: ARTICLE_LIMITS.TITLE, message: t('cms.rule.max', { max: ARTICLE_LIMITS.TITLE }) },
          ]}
        >
          <Input maxLength={ARTICLE_LIMITS.TITLE} showCount placeholder={t('cms.placeholder.title')} />
        </Form.Item>
        {/* the switches are one group: beside the category when there is room, else on their own
            row (wrapping among themselves); column gaps only, the items' margin spaces the rows */}
        <Flex wrap="wrap" style={{ columnGap: 24 }}>
          <Form.Item name="category_id" label={t('cms.field.category')} style={{ minWidth: 240, flex: 1 }}>
            <Select
              allowClear
              loading={categories.loading}
              placeholder={t('cms.placeholder.category')}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              aria-label={t('cms.field.category')}
            />
          </Form.Item>
          <Flex wrap="wrap" style={{ columnGap: 24 }}>
            <Form.Item name="is_sticky" label={t('cms.field.sticky')} valuePropName="checked">
              <Switch aria-label={t('cms.field.sticky')} />
            </Form.Item>
            <Form.Item name="is_essence" label={t('cms.field.essence')} valuePropName="checked">
              <Switch aria-label={t('cms.field.essence')} />
            </Form.Item>
            <Form.Item name="comments_open" label={t('cms.field.comments')} valuePropName="checked">
              <Switch aria-label={t('cms.field.comments')} />
            </Form.Item>
          </Flex>
        </Flex>
        <Form.Item
          name="excerpt"
          label={t('cms.field.excerpt')}
          // the counter shares the help line (antd draws its own over the help text)
          extra={
            <Flex justify="space-between" gap={8} wrap="wrap">
              <span>{t('cms.hint.excerpt')}</span>
              <span data-testid="excerpt-count" style={{ marginInlineStart: 'auto', fontVariantNumeric: 'tabular-nums' }}>
                {textLength(excerpt ?? '')} / {ARTICLE_LIMITS.EXCERPT}
              </span>
            </Flex>
          }
          rules={[{ max: ARTICLE_LIMITS.EXCERPT, message: t('cms.rule.max', { max: ARTICLE_LIMITS.EXCERPT }) }]}
        >
          <Input.TextArea maxLength={ARTICLE_LIMITS.EXCERPT} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="cover_mode" label={t('cms.field.coverMode')}>
          <Radio.Group optionType="button" options={COVER_MODES.map((m) => ({ value: m, label: t(`cms.cover.mode.${m}`) }))} />
        </Form.Item>
        <Form.Item
          name="thumbnail"
          label={t('cms.field.cover')}
          hidden={!COVER_IMAGES[mode]}
          rules={[
            {
              validator: async (_, v: string[] | undefined) => {
                const want = COVER_IMAGES[form.getFieldValue('cover_mode') as CoverMode];
                if ((v?.length ?? 0) !== want) throw new Error(t('cms.rule.coverCount', { count: want }));
              },
            },
          ]}
        >
          <CoverPicker mode={mode} />
        </Form.Item>
        <Form.Item name="content" label={t('cms.field.content')}>
          <RichTextEditor placeholder={t('cms.placeholder.content')} />
        </Form.Item>
        <Flex justify="space-between" align="center" wrap="wrap" gap={8}>
          <Typography.Text type="secondary">{t('cms.autosave.hint')}</Typography.Text>
          {/* the buttons wrap inside the card on a narrow screen */}
          <Space wrap style={{ marginInlineStart: 'auto', justifyContent: 'flex-end' }}>
            <Button onClick={back} disabled={saving !== null}>
              {t('cms.cancel')}
            </Button>
            <Button icon={<SaveOutlined />} loading={saving === 0} disabled={saving === 1} onClick={() => void save(0)}>
              {t(published ? 'cms.article.saveAsDraft' : 'cms.article.saveDraft')}
            </Button>
            <Button type="primary" icon={<SendOutlined />} loading={saving === 1} disabled={saving === 0} onClick={() => void save(1)}>
              {t(published ? 'cms.article.update' : 'cms.article.publish')}
            </Button>
          </Space>
        </Flex>
      </Form>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 980, ...bodyColours }}>
      {modalHolder}
      <Card>{body}</Card>
    </Flex>
  );
}
