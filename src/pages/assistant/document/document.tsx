/**
 * Help documents (/pages/assistant/document/document): the tree with its search on the left, the
 * document in the middle with previous / next, its table of contents on the right; ?id= picks one.
 * Content managers edit in place: the three languages' texts side by side with a live preview.
 */
import { DeleteOutlined, EditOutlined, FileAddOutlined, FolderAddOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { history, useAccess, useIntl, useLocation } from '@umijs/max';
import { Anchor, Breadcrumb, Button, Card, Empty, Flex, Form, Input, List, Modal, Popconfirm, Skeleton, Space, Tabs, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useRequest } from 'ahooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Markdown from '../../../components/markdown/Markdown';
import {
  createDoc,
  deleteDoc,
  DOC_LOCALES,
  docTexts,
  docTree,
  readDoc,
  saveDocText,
  searchDocs,
  type DocLocale,
  type DocTreeItem,
} from '../../../services/docs';
import { paramsOf, withQuery } from '../../../services/query-string';
import { requestErrorOf } from '../../../services/request-layer';
import { toast } from '../../../shared/feedback';
import { errorText, useT } from '../../../shared/i18n';
import { LOCALE_LABEL, normalizeLocale } from '../../../shared/locale';
import { RULES } from '../../../../shared/permissions';
import './document.css';
import './messages';
import { tocOf } from './toc';

const PATH = '/pages/assistant/document/document';
/** the levels the table of contents lists (the title is the page's own heading) */
const TOC_LEVELS = [2, 3];
/** below the 48 px top bar */
const ANCHOR_OFFSET = 64;

type Draft = Record<DocLocale, { title: string; body: string }>;
const emptyDraft = (): Draft => ({ 'en-US': { title: '', body: '' }, 'zh-CN': { title: '', body: '' }, 'zh-TW': { title: '', body: '' } });

function treeData(items: DocTreeItem[]): DataNode[] {
  const nodes = new Map<string, DataNode & { children: DataNode[] }>();
  const roots: DataNode[] = [];
  for (const d of items) nodes.set(d.id, { key: d.id, title: d.title, children: [], isLeaf: !d.has_children });
  for (const d of items) (d.parent_id && nodes.get(d.parent_id) ? nodes.get(d.parent_id)!.children : roots).push(nodes.get(d.id)!);
  return roots;
}

export default function DocumentPage() {
  const t = useT();
  const intl = useIntl();
  const locale: DocLocale = normalizeLocale(intl.locale) ?? 'en-US';
  const location = useLocation();
  const access = useAccess() as { canAccess?: (rule: string) => boolean };
  const canEdit = !!access.canAccess?.(RULES.manageContent);
  const askedId = (paramsOf(location.search).id as string | undefined) || undefined;

  const tree = useRequest(() => docTree(locale), { refreshDeps: [locale] });
  const items = tree.data ?? [];
  const currentId = askedId ?? items[0]?.id;
  const doc = useRequest(() => (currentId ? readDoc(currentId, locale) : Promise.resolve(null)), { refreshDeps: [currentId, locale] });
  // sections are open unless the reader closed them
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const [keyword, setKeyword] = useState('');
  const search = useRequest(() => searchDocs(keyword, locale), { refreshDeps: [keyword, locale], ready: !!keyword.trim() });

  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [saved, setSaved] = useState<Draft>(emptyDraft);
  const [tab, setTab] = useState<DocLocale>(locale);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState<null | 'section' | 'page'>(null);
  const [addForm] = Form.useForm<{ slug: string; title: string }>();
  const dirty = editing && DOC_LOCALES.some((l) => draft[l].title !== saved[l].title || draft[l].body !== saved[l].body);

  // leaving with unsaved edits asks first (reload, close, another site)
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const body = doc.data?.body ?? '';
  const toc = useMemo(() => tocOf(body), [body]);
  const bodyRef = useRef<HTMLDivElement>(null);
  // the rendered headings get the table of contents' ids, in the same order
  useLayoutEffect(() => {
    const headings = bodyRef.current?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? [];
    headings.forEach((h, i) => {
      if (toc[i]) h.id = toc[i].id;
    });
  }, [toc, editing]);

  const confirmDiscard = (then: () => void) => {
    if (!dirty) return then();
    Modal.confirm({ title: t('docs.unsaved'), okText: t('docs.discard'), cancelText: t('docs.keepEditing'), onOk: () => then() });
  };

  const open = (id: string) =>
    confirmDiscard(() => {
      setEditing(false);
      history.push(withQuery(PATH, { id }));
      window.scrollTo({ top: 0 });
    });

  const startEdit = async () => {
    if (!doc.data) return;
    const all = await docTexts(doc.data.id);
    const next = emptyDraft();
    for (const x of all.texts) if (DOC_LOCALES.includes(x.locale as DocLocale)) next[x.locale as DocLocale] = { title: x.title, body: x.body };
    setDraft(next);
    setSaved(next);
    setTab(locale);
    setEditing(true);
  };

  const save = async () => {
    if (!doc.data) return;
    const changed = DOC_LOCALES.filter((l) => draft[l].title !== saved[l].title || draft[l].body !== saved[l].body);
    const missing = changed.find((l) => !draft[l].title.trim());
    if (missing) {
      setTab(missing);
      toast(t('docs.titleRequired', { language: LOCALE_LABEL[missing] }));
      return;
    }
    setSaving(true);
    try {
      for (const l of changed) await saveDocText(doc.data.id, l, draft[l]);
      setSaved(draft);
      setEditing(false);
      toast(t('docs.saved'), 'success');
      doc.refresh();
      tree.refresh();
    } finally {
      setSaving(false);
    }
  };

  const add = async () => {
    const v = await addForm.validateFields().catch(() => null);
    if (!v) return;
    // a page goes into the section shown (a top-level document), or beside the page shown
    const shown = doc.data ? items.find((d) => d.id === doc.data!.id) : undefined;
    const parent = adding === 'page' && shown ? (shown.depth === 0 ? shown.id : shown.parent_id) : null;
    const title = v.title.trim();
    let created;
    try {
      created = await createDoc({ parent_id: parent, slug: v.slug.trim(), texts: [{ locale, title, body: `# ${title}\n` }] });
    } catch (e) {
      const err = requestErrorOf(e);
      const field = err.field === 'slug' ? 'slug' : err.field?.endsWith('title') ? 'title' : null;
      const text = errorText(err.code, err.message, t);
      if (field) addForm.setFields([{ name: field, errors: [text] }]);
      else toast(text);
      return;
    }
    setAdding(null);
    addForm.resetFields();
    await tree.refreshAsync();
    history.push(withQuery(PATH, { id: created.id }));
  };

  const remove = async () => {
    if (!doc.data) return;
    const hasChildren = items.some((d) => d.parent_id === doc.data!.id);
    await deleteDoc(doc.data.id, hasChildren);
    toast(t('docs.deleted'), 'success');
    setEditing(false);
    await tree.refreshAsync();
    history.push(doc.data.prev ? withQuery(PATH, { id: doc.data.prev.id }) : PATH);
  };

  const inside = doc.data ? countInside(items, doc.data.id) : 0;
  const sections = items.filter((d) => d.has_children).map((d) => d.id);
  const anchorItems = toc
    .filter((h) => TOC_LEVELS.includes(h.level))
    .map((h) => ({ key: h.id, href: `#${h.id}`, title: h.text, className: h.level === 3 ? 'doc-toc-sub' : undefined }));

  const left = (
    <Card size="small" className="doc-side" title={t('docs.contents')}>
      <Input.Search
        allowClear
        placeholder={t('docs.search.placeholder')}
        aria-label={t('docs.search.placeholder')}
        onSearch={(v) => setKeyword(v.trim())}
        onChange={(e) => !e.target.value && setKeyword('')}
      />
      {keyword ? (
        <List
          className="doc-results"
          loading={search.loading}
          dataSource={search.data ?? []}
          locale={{ emptyText: t('docs.search.empty') }}
          renderItem={(h) => (
            <List.Item className="doc-result" onClick={() => open(h.id)}>
              <List.Item.Meta title={<a>{h.title}</a>} description={<span className="doc-snippet">{marked(h.snippet, keyword)}</span>} />
            </List.Item>
          )}
        />
      ) : (
        <Tree
          className="doc-tree"
          blockNode
          treeData={treeData(items)}
          expandedKeys={sections.filter((id) => !closed.has(id))}
          onExpand={(keys) => setClosed(new Set(sections.filter((id) => !keys.includes(id))))}
          selectedKeys={currentId ? [currentId] : []}
          onSelect={(keys) => keys[0] && open(String(keys[0]))}
        />
      )}
      {canEdit && (
        <Space className="doc-add" wrap>
          <Button size="small" icon={<FolderAddOutlined />} onClick={() => setAdding('section')}>
            {t('docs.addSection')}
          </Button>
          <Button size="small" icon={<FileAddOutlined />} onClick={() => setAdding('page')}>
            {t('docs.addPage')}
          </Button>
        </Space>
      )}
    </Card>
  );

  let centre: React.ReactNode;
  if (tree.loading && !tree.data) centre = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (!items.length) centre = <Empty description={t('docs.empty')} />;
  else if (doc.loading && !doc.data) centre = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (!doc.data) centre = <Empty description={t('docs.notFound')} />;
  else if (editing)
    centre = (
      <div className="doc-editor">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as DocLocale)}
          items={DOC_LOCALES.map((l) => ({
            key: l,
            label: `${LOCALE_LABEL[l]}${draft[l].title || draft[l].body ? '' : ` (${t('docs.notWritten')})`}`,
            children: (
              <Flex vertical gap={8}>
                <Input
                  value={draft[l].title}
                  placeholder={t('docs.field.title')}
                  aria-label={t('docs.field.title')}
                  maxLength={200}
                  onChange={(e) => setDraft({ ...draft, [l]: { ...draft[l], title: e.target.value } })}
                />
                <div className="doc-split">
                  <Input.TextArea
                    className="doc-source"
                    value={draft[l].body}
                    aria-label={t('docs.field.body')}
                    placeholder={t('docs.field.body')}
                    onChange={(e) => setDraft({ ...draft, [l]: { ...draft[l], body: e.target.value } })}
                  />
                  <div className="doc-preview" aria-label={t('docs.preview')}>
                    <Typography.Text type="secondary" className="doc-preview-label">
                      {t('docs.preview')}
                    </Typography.Text>
                    <Markdown text={draft[l].body} />
                  </div>
                </div>
              </Flex>
            ),
          }))}
        />
        <Space>
          <Button type="primary" loading={saving} disabled={!dirty} onClick={save}>
            {t('docs.save')}
          </Button>
          <Button onClick={() => confirmDiscard(() => setEditing(false))}>{t('docs.cancel')}</Button>
        </Space>
      </div>
    );
  else
    centre = (
      <article className="doc-article">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Breadcrumb items={[...doc.data.path.map((p) => ({ title: <a onClick={() => open(p.id)}>{p.title}</a> })), { title: doc.data.title }]} />
          {canEdit && (
            <Space>
              <Button size="small" className="doc-edit" icon={<EditOutlined />} onClick={startEdit}>
                {t('docs.edit')}
              </Button>
              <Popconfirm
                title={inside ? t('docs.deleteCascade', { title: doc.data.title, count: inside }) : t('docs.deleteConfirm', { title: doc.data.title })}
                okText={t('docs.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('docs.cancel')}
                onConfirm={remove}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('docs.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        </Flex>
        {doc.data.locale !== locale && (
          <Typography.Paragraph type="secondary" className="doc-fallback">
            {t('docs.shownIn', { language: LOCALE_LABEL[doc.data.locale as DocLocale] ?? doc.data.locale })}
          </Typography.Paragraph>
        )}
        <div ref={bodyRef}>{body.trim() ? <Markdown text={body} /> : <Empty description={t('docs.emptyText')} />}</div>
        <Flex justify="space-between" className="doc-pager" gap={16}>
          {doc.data.prev ? (
            <Button className="doc-prev" onClick={() => open(doc.data!.prev!.id)} icon={<LeftOutlined />}>
              <Flex vertical align="start">
                <span className="doc-pager-label">{t('docs.prev')}</span>
                <span>{doc.data.prev.title}</span>
              </Flex>
            </Button>
          ) : (
            <span />
          )}
          {doc.data.next && (
            <Button className="doc-next" onClick={() => open(doc.data!.next!.id)} icon={<RightOutlined />} iconPosition="end">
              <Flex vertical align="end">
                <span className="doc-pager-label">{t('docs.next')}</span>
                <span>{doc.data.next.title}</span>
              </Flex>
            </Button>
          )}
        </Flex>
      </article>
    );

  return (
    <div className={editing ? 'doc-page doc-page-editing' : 'doc-page'}>
      <aside className="doc-left">{left}</aside>
      <main className="doc-centre">
        <Card>{centre}</Card>
      </main>
      {!editing && anchorItems.length > 0 && (
        <aside className="doc-right">
          <Typography.Text strong className="doc-toc-title">
            {t('docs.onThisPage')}
          </Typography.Text>
          {/* preventDefault: the console routes by hash, so the anchors scroll without touching the url */}
          <Anchor className="doc-toc" items={anchorItems} targetOffset={ANCHOR_OFFSET} offsetTop={ANCHOR_OFFSET} onClick={(e) => e.preventDefault()} />
        </aside>
      )}
      <Modal
        open={!!adding}
        title={t(adding === 'section' ? 'docs.addSection' : 'docs.addPage')}
        okText={t('docs.create')}
        cancelText={t('docs.cancel')}
        onOk={add}
        onCancel={() => setAdding(null)}
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical" preserve={false}>
          <Form.Item
            name="title"
            label={t('docs.field.title')}
            rules={[{ required: true, whitespace: true, message: t('docs.field.titleRequired') }, { max: 200 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="slug"
            label={t('docs.field.slug')}
            extra={t('docs.field.slugHelp')}
            rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]*$/, message: t('docs.field.slugHelp') }, { max: 80 }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** how many documents lie under this one */
function countInside(items: DocTreeItem[], id: string): number {
  const kids = items.filter((d) => d.parent_id === id);
  return kids.reduce((n, k) => n + 1 + countInside(items, k.id), 0);
}

/** the snippet with the searched words marked */
function marked(text: string, keyword: string): React.ReactNode[] {
  const words = keyword
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length) return [text];
  const re = new RegExp(`(${words.join('|')})`, 'gi');
  return text.split(re).map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part));
}
