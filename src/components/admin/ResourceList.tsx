/**
 * The list page of a kit resource (services/resource.ts): a ProTable driven by the server.
 *  - keyword box, column filters (values and date ranges), sorting, paging (20 by default; a
 *    page may offer more sizes) -> the contract's query string (services/query-string.ts);
 *  - Add (when allowed), row Edit / Delete (each after a confirmation naming the row), extra
 *    row actions; batch delete of the selected rows after a confirmation naming the count;
 *  - export: the xlsx of every row the current query matches (not just the page), downloaded
 *    with the token, with progress while it streams; the file name comes from the server;
 *  - empty (says whether the query narrowed it), loading, and error with a retry;
 *  - tree mode (menus): every matching row, nested by parent; the roots first, every folder open while searching;
 *  - widths: the table is as wide as its columns need (fixed widths, flexible columns at their
 *    least width, the Actions column measured from its links) and never narrower than its card,
 *    so a list whose columns fit the screen never scrolls and nothing hides under the Actions
 *    column; less important columns start hidden and come back from the column settings, which
 *    this browser remembers per list. Below 768 px the table scrolls inside its card and the
 *    Actions column scrolls with the rest (pinned, it would cover the whole row).
 *  - the keyword box fits its placeholder (ListSearch); below 768 px it takes the toolbar's first
 *    row, full width, and the buttons and icons share the second (Export shows its icon alone).
 * Pages differ only in what they pass: the resource (services/resource.ts: its base path and
 * calls), columns, search placeholder, actions, access rules.
 */
import './i18n';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { history, Link } from '@umijs/max';
import { Alert, Button, Empty, Flex, Grid, Modal, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { requestErrorOf, requestErrorText, showRequestError, type RequestErrorInfo } from '../../services/request-layer';
import type { ListQuery } from '../../services/query-string';
import { saveFile } from '../../services/resource';
import { noticeModal, toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import { PageTitle } from '../../layouts/page-header';
import { useCan } from './access';
import { FLEX_MIN_WIDTH } from './columns';
import ListSearch, { useListClass } from './ListSearch';
import { STACKED_CLASS, stackedColumns } from './stacked';
import { actionsContentWidth, buildTree, type ColumnsState, columnKey, fmtBytes, hiddenByDefault, readColumnsState, saveColumnsState } from './list-helpers';
import type { ListContext, PresetFilter, ResourceListProps } from './list-types';
import { defaultSortOf, isNarrowed, tableQuery, type TableFilter, type TableParams, type TableSort } from './list-query';

export { buildTree };
export type { ListContext, PresetFilter, ResourceListProps };

/** how long after the first answer a repeat of the same query is that answer (the first draw settling) */
const FIRST_ANSWER_REUSE_MS = 1500;
/** antd's row selection column (controlHeight) */
const SELECTION_WIDTH = 32;

export default function ResourceList<Row extends Record<string, unknown>>(props: ResourceListProps<Row>) {
  const { resource, access, tree } = props;
  const t = useT();
  const can = useCan();
  const [modal, modalHolder] = Modal.useModal();
  const actionRef = useRef<ActionType>();
  const idField = resource.idField;
  const idOf = (row: Row) => resource.idOf(row);
  const rowLabel = props.rowLabel ?? ((row: Row) => resource.nameOf(row));
  const pageSizes = props.pageSizes ?? [SPEC.DATACOM_PAGE_SIZE];

  const [keyword, setKeyword] = useState('');
  const [keywordInput, setKeywordInput] = useState('');
  const [loadError, setLoadError] = useState<RequestErrorInfo | null>(null);
  const [narrowed, setNarrowed] = useState(false);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [exporting, setExporting] = useState<number | null>(null);
  const lastQuery = useRef<ListQuery>({});
  const lastRows = useRef<Row[]>([]);
  const wide = Grid.useBreakpoint().md !== false;
  const stacked = !wide && !tree; // narrow, rows as labelled lines (stacked.tsx); a tree keeps its indents
  const listRoot = useRef<HTMLDivElement>(null);
  const [actionsFit, setActionsFit] = useState<number | null>(null);
  const [columnsState, setColumnsState] = useState<ColumnsState>(() => ({ ...hiddenByDefault(props.columns), ...readColumnsState(resource.name) }));

  // an action without a rule is not offered
  const canCreate = !!props.addPath && !!access.create && can(access.create);
  const canUpdate = !!props.editPath && !!access.update && can(access.update);
  const canDelete = !!access.delete && can(access.delete);

  const presets = useMemo(() => Object.fromEntries((props.presetFilters ?? []).map((p) => [p.field, p.values])), [props.presetFilters]);
  const presetKey = JSON.stringify(presets);

  const rangeFields = useMemo(() => new Set(props.columns.filter((c) => c.rangeFilter).map((c) => c.field ?? String(c.key ?? c.dataIndex))), [props.columns]);

  const ctx: ListContext<Row> = {
    reload: () => reloadNow(),
    clearSelection: () => setSelected({ keys: [], rows: [] }),
    query: () => {
      const { current: _c, pageSize: _p, ...rest } = lastQuery.current;
      return rest;
    },
    rows: () => lastRows.current,
    t,
    modal,
  };

  // ProTable asks again while the first draw settles (when it applies a column's default sort, and
  // once more when the columns change as their filter choices arrive): the same query while one
  // is on its way shares that answer, and so does the first answer for a moment after it came.
  // A reload the list asks for itself (after a delete, ctx.reload, the retry) always asks anew.
  const inFlight = useRef<{ key: string; answer: Promise<{ data: Row[]; total: number; success: boolean }>; settledAt?: number } | null>(null);
  const asked = useRef(0);
  const fresh = useRef(false);
  // the first ask can come before ProTable applies a column's default sort: it asks with that sort
  // already, so the ask that follows with it is the same query
  const defaultSort = useMemo(() => defaultSortOf(props.columns), [props.columns]);
  const request = useCallback(
    (params: TableParams, sort: TableSort, filter: TableFilter) => {
      const unsorted = !Object.values(sort ?? {}).some((o) => o === 'ascend' || o === 'descend');
      const q = tableQuery(params, asked.current === 0 && unsorted ? defaultSort : sort, filter, { rangeFields, preset: presets, paged: !tree });
      const key = JSON.stringify(q);
      const last = inFlight.current;
      const reuse =
        last?.key === key &&
        !fresh.current &&
        (last.settledAt === undefined || (asked.current === 1 && performance.now() - last.settledAt < FIRST_ANSWER_REUSE_MS));
      if (last && reuse) return last.answer;
      fresh.current = false;
      asked.current += 1;
      const answer = fetchRows(q);
      const entry: { key: string; answer: typeof answer; settledAt?: number } = { key, answer };
      inFlight.current = entry;
      void answer.finally(() => {
        entry.settledAt = performance.now();
      });
      return answer;
    },
    // presets reach the request through presetKey in params
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, rangeFields, presetKey, tree, idField, props.onRows, defaultSort],
  );

  async function fetchRows(q: ListQuery): Promise<{ data: Row[]; total: number; success: boolean }> {
    lastQuery.current = q;
    setNarrowed(isNarrowed(q));
    try {
      if (tree) {
        const rows = await resource.listAll(q, { skipErrorHandler: true });
        const nested = buildTree(rows as Record<string, unknown>[], idField, tree.parentField) as Row[];
        lastRows.current = nested;
        // a search opens every folder so its matches show; otherwise the folders the user
        // opened stay open (the first load shows the roots: a big tree drawn open was slow)
        const ids = rows.map((r) => (r as Record<string, unknown>)[idField] as Key);
        const present = new Set(ids);
        setExpanded((open) => (isNarrowed(q) ? ids : open.filter((k) => present.has(k))));
        setLoadError(null);
        return { data: nested, total: rows.length, success: true };
      }
      const page = await resource.list(q, { skipErrorHandler: true });
      lastRows.current = page.data;
      props.onRows?.(page.data);
      setLoadError(null);
      return { data: page.data, total: page.total, success: true };
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind !== 'login-expired' && info.kind !== 'aborted') setLoadError(info);
      lastRows.current = [];
      props.onRows?.([]);
      return { data: [], total: 0, success: false };
    }
  }

  /** asks the server again, whatever was answered a moment ago */
  function reloadNow() {
    fresh.current = true;
    void actionRef.current?.reload();
  }

  const search = (value: string) => {
    const kw = value.trim();
    setKeywordInput(value);
    if (kw === keyword) {
      reloadNow();
      return;
    }
    // a new search starts at the first page
    actionRef.current?.setPageInfo?.({ current: 1 });
    setKeyword(kw);
  };

  const afterDelete = (deleted: number) => {
    toast(t('system.list.deleted', { count: deleted }), 'success');
    setSelected({ keys: [], rows: [] });
    reloadNow();
    props.onChanged?.();
  };

  const confirmDelete = async (rows: Row[], single: boolean) => {
    let details: ReactNode = null;
    try {
      details = props.deleteDetails ? await props.deleteDetails(rows, ctx) : null;
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
      return;
    }
    modal.confirm({
      title: single ? t('system.list.deleteOneTitle', { name: rowLabel(rows[0]) }) : t('system.list.deleteManyTitle', { count: rows.length }),
      content: (
        <Flex vertical gap={8}>
          {details}
          <span>{t('system.list.cannotUndo')}</span>
        </Flex>
      ),
      okText: t('system.list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('system.cancel'),
      onOk: async () => {
        try {
          const r = single ? await resource.remove(idOf(rows[0])) : await resource.removeMany(rows.map(idOf));
          afterDelete(r.deleted);
        } catch {
          // the request layer has shown why (toast or the notice modal)
        }
      },
    });
  };

  const runExport = async () => {
    setExporting(0);
    try {
      const file = await resource.exportRows(ctx.query(), (loaded) => setExporting(loaded));
      saveFile(file);
      toast(t('system.list.exported', { file: file.filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setExporting(null);
    }
  };

  const deletable = (row: Row) => (props.canDeleteRow ? props.canDeleteRow(row) : true);

  const actionsWidth = actionsFit ?? props.actionsWidth ?? 32 + (canUpdate ? 64 : 0) + (canDelete ? 76 : 0) + (props.rowActions ? 104 : 0);
  const actionColumn: ProColumns<Row> | null =
    canUpdate || canDelete || props.rowActions
      ? {
          title: t('system.list.actions'),
          key: 'option',
          valueType: 'option',
          className: 'resource-list-actions',
          // pinned on a wide screen; on a narrow one it would cover the row
          fixed: wide ? 'right' : undefined,
          width: actionsWidth,
          render: (_, row) => {
            const allowed = deletable(row);
            const own = props.rowActions?.(row, ctx) ?? [];
            const actions = [
              ...(props.rowActionsLast ? [] : own),
              canUpdate ? (
                <Link key="edit" to={props.editPath!(row)} aria-label={`${t('system.list.edit')} ${rowLabel(row)}`}>
                  <EditOutlined /> {t('system.list.edit')}
                </Link>
              ) : null,
              canDelete ? (
                <Typography.Link
                  key="delete"
                  type="danger"
                  disabled={allowed !== true}
                  // said to assistive technology too (and so exempt from the contrast rule, as disabled controls are)
                  aria-disabled={allowed !== true || undefined}
                  title={typeof allowed === 'string' ? allowed : undefined}
                  aria-label={`${t('system.list.delete')} ${rowLabel(row)}`}
                  onClick={() => allowed === true && void confirmDelete([row], true)}
                >
                  <DeleteOutlined /> {t('system.list.delete')}
                </Typography.Link>
              ) : null,
              ...(props.rowActionsLast ? own : []),
            ].filter(Boolean);
            return (
              <Space size={12} className="resource-list-actions-inner" style={{ whiteSpace: 'nowrap' }}>
                {actions}
              </Space>
            );
          },
        }
      : null;

  const columns = useMemo(() => {
    const list = props.columns.map(({ field, rangeFilter: _r, hiddenByDefault: _h, minWidth: _m, ...c }) => ({
      ...c,
      key: field ?? (c.key as string | undefined) ?? (typeof c.dataIndex === 'string' ? c.dataIndex : undefined),
    })) as ProColumns<Row>[];
    return (stacked ? stackedColumns : (c: ProColumns<Row>[]) => c)(actionColumn ? [...list, actionColumn] : list);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.columns, canUpdate, canDelete, props.rowActions, props.rowActionsLast, props.editPath, actionsWidth, wide, t]);

  const hiddenColumns = useMemo(() => hiddenByDefault(props.columns), [props.columns]);

  // the Actions column as wide as its widest links, measured again whenever the rows or words
  // change, and when a font arrives (a Chinese font drawn after the first measure is wider: on a
  // busy machine the rows come before the font and the links spilled out of their cells)
  useEffect(() => {
    const root = listRoot.current;
    if (!root || typeof MutationObserver === 'undefined') return undefined;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const w = actionsContentWidth(root);
      if (w !== null) setActionsFit((cur) => (cur !== null && Math.abs(cur - w) <= 1 ? cur : w));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    fonts?.addEventListener?.('loadingdone', schedule);
    frame = requestAnimationFrame(measure);
    return () => {
      observer.disconnect();
      fonts?.removeEventListener?.('loadingdone', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const selectable = canDelete || !!props.batchActions;

  // fixed widths, each flexible column at the largest least width (the browser shares the spare
  // width equally among them) and the Actions column
  const shown = props.columns.filter((c) => columnsState[columnKey(c)]?.show !== false);
  const flexible = shown.filter((c) => typeof c.width !== 'number');
  const tableWidth =
    (selectable ? SELECTION_WIDTH : 0) +
    shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) +
    flexible.length * Math.max(0, ...flexible.map((c) => c.minWidth ?? FLEX_MIN_WIDTH)) +
    (actionColumn ? actionsWidth : 0);
  const failure = loadError ? requestErrorText(loadError, t, SPEC.REQUEST_TIMEOUT_MS) : null;
  const listClass = useListClass();
  const exportLabel =
    exporting === null ? t('system.list.export') : exporting > 0 ? t('system.list.exportingBytes', { size: fmtBytes(exporting) }) : t('system.list.exporting');

  return (
    <Flex vertical gap={16} ref={listRoot}>
      {modalHolder}
      {props.title ? <PageTitle>{t(props.title)}</PageTitle> : null}
      {props.description ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {props.description}
        </Typography.Paragraph>
      ) : null}

      {props.presetFilters?.length ? (
        <Alert
          type="info"
          showIcon
          message={
            <Space wrap>
              {t('system.list.presetFilter')}
              {props.presetFilters.map((p) => (
                <Tag key={p.field} color="processing">
                  {p.label}
                </Tag>
              ))}
            </Space>
          }
          action={
            props.onClearPresets ? (
              <Button size="small" onClick={props.onClearPresets}>
                {t('system.list.showAll')}
              </Button>
            ) : undefined
          }
        />
      ) : null}

      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('system.list.loadFailed')}
          description={failure}
          action={
            <Button size="small" onClick={() => reloadNow()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}

      <ProTable<Row, TableParams>
        rowKey={idField}
        className={stacked ? `${listClass} ${STACKED_CLASS}` : listClass}
        actionRef={actionRef}
        columns={columns}
        columnsState={{
          defaultValue: hiddenColumns,
          value: columnsState,
          onChange: (state) => {
            setColumnsState(state as ColumnsState);
            saveColumnsState(resource.name, state as ColumnsState);
          },
        }}
        request={request as never}
        params={{ keyword, preset: presetKey }}
        search={false}
        cardBordered
        dateFormatter="string"
        tableLayout={stacked ? 'auto' : 'fixed'}
        scroll={stacked ? undefined : { x: tableWidth }}
        // a narrow screen keeps the toolbar to two rows: no density switch (rows stay as they are)
        options={{ reload: () => reloadNow(), density: wide, setting: true, fullScreen: false }}
        pagination={
          tree
            ? false
            : {
                defaultPageSize: pageSizes[0],
                pageSizeOptions: pageSizes,
                showSizeChanger: pageSizes.length > 1,
                showTotal: (total: number) => t('system.list.total', { total }),
              }
        }
        expandable={tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } : undefined}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.keys,
                preserveSelectedRowKeys: true,
                checkStrictly: true,
                onChange: (keys, rows) => setSelected({ keys, rows: rows.filter(Boolean) }),
                getCheckboxProps: (row: Row) => ({ disabled: canDelete && !props.batchActions && deletable(row) !== true, 'aria-label': rowLabel(row) }),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <span>{t('system.list.selected', { count: selectedRowKeys.length })}</span>
            <Typography.Link onClick={onCleanSelected}>{t('system.list.clearSelection')}</Typography.Link>
          </Space>
        )}
        tableAlertOptionRender={() => {
          const rows = selected.rows;
          const removable = rows.filter((r) => deletable(r) === true);
          return (
            <Space wrap>
              {props.batchActions?.(rows, ctx)}
              {canDelete ? (
                <Button danger size="small" icon={<DeleteOutlined />} disabled={!removable.length} onClick={() => void confirmDelete(removable, false)}>
                  {t('system.list.deleteSelected', { count: removable.length })}
                </Button>
              ) : null}
            </Space>
          );
        }}
        headerTitle={
          <ListSearch
            aria-label={t('system.list.search')}
            placeholder={props.searchPlaceholder}
            allowClear
            enterButton
            value={keywordInput}
            onChange={(e) => {
              setKeywordInput(e.target.value);
              // clearing the box shows everything again
              if (!e.target.value && keyword) search('');
            }}
            onSearch={search}
          />
        }
        toolBarRender={() =>
          [
            ...(props.toolbar?.(ctx) ?? []),
            props.exportable !== false ? (
              <Button
                key="export"
                icon={<DownloadOutlined />}
                loading={exporting !== null}
                onClick={() => void runExport()}
                // on a narrow screen the idle button shows its icon alone (list-search.css): named for all
                aria-label={exporting === null ? exportLabel : undefined}
                title={exporting === null && !wide ? exportLabel : undefined}
              >
                <span className={exporting === null ? 'list-toolbar-label' : undefined}>{exportLabel}</span>
              </Button>
            ) : null,
            canCreate ? (
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => history.push(props.addPath!)}>
                {props.addLabel ?? t('system.list.add')}
              </Button>
            ) : null,
          ].filter(Boolean)
        }
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={failure ? t('system.list.loadFailed') : narrowed ? t('system.list.noMatch') : t('system.list.empty')}
            />
          ),
        }}
      />
    </Flex>
  );
}
