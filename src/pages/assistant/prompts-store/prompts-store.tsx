/**
 * The prompt store (/pages/assistant/prompts-store/prompts-store): approved prompts as cards with
 * search, category and tag filters, sorting and featured first; a prompt opens in a drawer (also
 * from ?id=) with its variables form, "Use in chat", "Copy to my templates", "Make an assistant" and favourite.
 */
import { CopyOutlined, FireOutlined, HeartFilled, HeartOutlined, RobotOutlined, SendOutlined, StarFilled } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Drawer,
  Empty,
  Flex,
  Input,
  Pagination,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  theme,
  Typography,
} from 'antd';
import { useRequest } from 'ahooks';
import { assistantFromStore } from '../../../services/chat';
import { useEffect, useMemo, useState } from 'react';
import {
  browseStore,
  copyStorePrompt,
  favouriteStorePrompt,
  getStorePrompt,
  storeFacets,
  type StorePrompt,
  type StoreQuery,
} from '../../../services/prompt-store';
import { withQuery } from '../../../services/query-string';
import { showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { builtInText, useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { fill, parseVariables, type TemplateVariable } from '../../../../shared/prompt-template';
import VariableFields, { emptyVariables, type VariableValues } from '../prompts/VariableFields';
import { useTheme } from '../../../shared/theme';
import './messages';

/** a prompt's category, in the theme's primary colour (on the dark theme's dark primary background, in the text colour: the primary colour is below AA there) */
function CategoryTag({ name }: { name: string }) {
  const { token } = theme.useToken();
  const [themeName] = useTheme();
  return (
    <Tag bordered={false} style={{ color: themeName === 'dark' ? token.colorText : token.colorPrimary, background: token.colorPrimaryBg }}>
      {builtInText('storeCategory', name)}
    </Tag>
  );
}

const PAGE_SIZE = 12;
const SORTS = ['newest', 'used', 'favourited'] as const;
type Sort = (typeof SORTS)[number];

const varsOf = (body: string): TemplateVariable[] => {
  try {
    return parseVariables(body);
  } catch {
    return [];
  }
};

export default function PromptStorePage() {
  const t = useT();
  const location = useLocation();
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [sort, setSort] = useState<Sort>('newest');
  const [featuredFirst, setFeaturedFirst] = useState(true);
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<StorePrompt | null>(null);
  const [values, setValues] = useState<VariableValues>({});
  const [showMissing, setShowMissing] = useState(false);

  const query: StoreQuery = { keyword: keyword || undefined, category, tag, sort, featured_first: featuredFirst, current, pageSize: PAGE_SIZE };
  const list = useRequest(() => browseStore(query), { refreshDeps: [keyword, category, tag, sort, featuredFirst, current] });
  const facets = useRequest(storeFacets);

  const show = (p: StorePrompt | null) => {
    setOpen(p);
    setValues({});
    setShowMissing(false);
  };

  // ?id= opens one prompt (a search result, a shared link)
  const wanted = new URLSearchParams(location.search).get('id');
  useEffect(() => {
    if (!wanted) return;
    getStorePrompt(wanted, { skipErrorHandler: true }).then(show, () => toast(t('store.notFound')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  const close = () => {
    show(null);
    if (wanted) history.replace(location.pathname);
  };

  const vars = useMemo(() => (open ? varsOf(open.body) : []), [open]);
  const missing = showMissing ? emptyVariables(vars, values) : [];
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
  const quiet = { skipErrorHandler: true };

  const useInChat = () => {
    if (!open) return;
    const empty = emptyVariables(vars, values);
    if (empty.length) {
      setShowMissing(true);
      toast(t('store.fillRequired', { names: empty.map((v) => v.name).join(', ') }));
      return;
    }
    history.push(withQuery('/pages/assistant/chat/chat', { prompt: fill(open.body, values), store: open.id }));
  };
  const copy = async () => {
    if (!open) return;
    try {
      const row = await copyStorePrompt(open.id, quiet);
      toast(t('store.copied', { title: builtInText('storeTitle', row.title, t) }), 'success');
    } catch (e) {
      fail(e);
    }
  };
  // an assistant of the caller's with the prompt as its instructions; the chat opens with it
  const makeAssistant = async () => {
    if (!open) return;
    try {
      const a = await assistantFromStore(open.id, quiet);
      toast(t('store.assistantMade', { name: a.name }), 'success');
      history.push(withQuery('/pages/assistant/chat/chat', { assistant: a.id }));
    } catch (e) {
      fail(e);
    }
  };
  const toggleFavourite = async (p: StorePrompt) => {
    try {
      const r = await favouriteStorePrompt(p.id, !p.favourited, quiet);
      const update = (x: StorePrompt) => (x.id === p.id ? { ...x, ...r } : x);
      setOpen((o) => (o ? update(o) : o));
      list.mutate((old) => old && { ...old, data: old.data.map(update) });
    } catch (e) {
      fail(e);
    }
  };

  const rows = list.data?.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={8} wrap="wrap" align="center">
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={t('store.search')}
            aria-label={t('store.search')}
            onSearch={(v) => (setKeyword(v.trim()), setCurrent(1))}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('store.category')}
            aria-label={t('store.category')}
            value={category}
            options={(facets.data?.categories ?? []).map((c) => ({ value: c.name, label: `${builtInText('storeCategory', c.name, t)} (${c.count})` }))}
            onChange={(v) => (setCategory(v), setCurrent(1))}
          />
          <Select
            allowClear
            showSearch
            style={{ width: 160 }}
            placeholder={t('store.tag')}
            aria-label={t('store.tag')}
            value={tag}
            options={(facets.data?.tags ?? []).map((c) => ({ value: c.name, label: `${builtInText('storeTag', c.name, t)} (${c.count})` }))}
            onChange={(v) => (setTag(v), setCurrent(1))}
          />
          <Segmented<Sort> value={sort} options={SORTS.map((s) => ({ value: s, label: t(`store.sort.${s}`) }))} onChange={(v) => (setSort(v), setCurrent(1))} />
          <Checkbox checked={featuredFirst} onChange={(e) => (setFeaturedFirst(e.target.checked), setCurrent(1))}>
            {t('store.featuredFirst')}
          </Checkbox>
        </Flex>
      </Card>
      {list.error ? <Alert type="error" showIcon message={t('store.loadFailed')} action={<Button onClick={list.refresh}>{t('store.retry')}</Button>} /> : null}
      {list.loading && !list.data ? (
        <Skeleton active />
      ) : rows.length ? (
        <Row gutter={[16, 16]} data-testid="store-grid">
          {rows.map((p) => (
            <Col key={p.id} xs={24} sm={12} lg={8} xxl={6}>
              <Card
                hoverable
                style={{ height: '100%' }}
                onClick={() => show(p)}
                title={
                  <Space size={6}>
                    {p.featured ? <StarFilled style={{ color: '#faad14' }} aria-label={t('store.featured')} /> : null}
                    <span>{builtInText('storeTitle', p.title, t)}</span>
                  </Space>
                }
                actions={[
                  <span key="uses" title={t('store.uses')}>
                    <FireOutlined /> {p.use_count}
                  </span>,
                  <span
                    key="fav"
                    role="button"
                    aria-label={t(p.favourited ? 'store.unfavourite' : 'store.favourite')}
                    onClick={(e) => (e.stopPropagation(), void toggleFavourite(p))}
                  >
                    {p.favourited ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} {p.favourite_count}
                  </span>,
                ]}
              >
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
                  {builtInText('storeDescription', p.description, t) || p.body}
                </Typography.Paragraph>
                <Space size={4} wrap>
                  {p.category ? <CategoryTag name={p.category} /> : null}
                  {p.tags.map((x) => (
                    <Tag key={x}>{builtInText('storeTag', x, t)}</Tag>
                  ))}
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Card>
          <Empty description={keyword || category || tag ? t('store.noMatch') : t('store.empty')} />
        </Card>
      )}
      <Pagination
        style={{ alignSelf: 'center' }}
        current={current}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setCurrent}
      />
      <Drawer open={!!open} width={560} title={builtInText('storeTitle', open?.title, t)} onClose={close} destroyOnClose>
        {open ? (
          <Flex vertical gap={12}>
            <Space size={4} wrap>
              {open.featured ? <Tag color="gold">{t('store.featured')}</Tag> : null}
              {open.category ? <CategoryTag name={open.category} /> : null}
              {open.tags.map((x) => (
                <Tag key={x}>{builtInText('storeTag', x, t)}</Tag>
              ))}
            </Space>
            {open.description ? (
              <Typography.Paragraph style={{ margin: 0 }}>{builtInText('storeDescription', open.description, t)}</Typography.Paragraph>
            ) : null}
            <Typography.Text type="secondary">
              {t('store.stats', { uses: open.use_count, favourites: open.favourite_count })}
              {open.author_name ? ` · ${t('store.by', { name: open.author_name })}` : ''}
            </Typography.Text>
            <Card size="small" title={t('store.prompt')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{open.body}</Typography.Paragraph>
            </Card>
            {vars.length ? (
              <Card size="small" title={t('store.fillIn')}>
                <VariableFields vars={vars} values={values} onChange={setValues} missing={missing} missingText={t('store.required')} />
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} type="secondary" data-testid="filled">
                  {fill(open.body, values)}
                </Typography.Paragraph>
              </Card>
            ) : null}
            <Space wrap>
              <Button type="primary" icon={<SendOutlined />} onClick={useInChat}>
                {t('store.useInChat')}
              </Button>
              <Button icon={<CopyOutlined />} onClick={copy}>
                {t('store.copy')}
              </Button>
              <Button icon={<RobotOutlined />} onClick={makeAssistant}>
                {t('store.makeAssistant')}
              </Button>
              <Button icon={open.favourited ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={() => toggleFavourite(open)}>
                {t(open.favourited ? 'store.unfavourite' : 'store.favourite')}
              </Button>
            </Space>
          </Flex>
        ) : null}
      </Drawer>
    </Flex>
  );
}
