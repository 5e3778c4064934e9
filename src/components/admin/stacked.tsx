/**
 * A table below 768 px: each row a block of "label  value" lines (the column titles beside their
 * values) instead of a table cut at the card's edge or scrolled sideways; the actions under them.
 * For ProTable's and antd Table's columns alike (a render's first argument is what the cell shows).
 */
import { Grid } from 'antd';
import type { Key, ReactNode } from 'react';
import './stacked.css';

export const STACKED_CLASS = 'table-stacked';

/** below antd's md breakpoint (768 px), where tables are stacked */
export const useNarrow = () => Grid.useBreakpoint().md === false;

type AnyRender = (...args: any[]) => unknown;

/** the columns drawn as labelled lines (the Actions column, key 'option', without a label) */
export function stackedColumns<C extends { key?: Key; title?: unknown; render?: AnyRender; ellipsis?: unknown }>(columns: C[]): C[] {
  return columns.map((c) => {
    const own = c.render;
    const label = c.key === 'option' ? null : (c.title as ReactNode);
    const render: AnyRender = (...args) => (
      <div className={label === null ? 'stacked-actions' : 'stacked-line'}>
        {label === null ? null : <span className="stacked-label">{label}</span>}
        <div className="stacked-value">{(own ? own(...args) : args[0]) as ReactNode}</div>
      </div>
    );
    // the value's own element cuts it with an ellipsis (CellText and the others), in its line's width
    return { ...c, ellipsis: false, render };
  });
}

/** a table's props on this screen: stacked when narrow, else the given scroll */
export function useStackedTable<C extends { key?: Key; title?: unknown; render?: AnyRender; ellipsis?: unknown }>(
  columns: C[],
  scroll: { x?: number | string | true },
) {
  const narrow = useNarrow();
  return narrow
    ? { columns: stackedColumns(columns), className: STACKED_CLASS, scroll: undefined, tableLayout: 'auto' as const }
    : { columns, className: undefined, scroll, tableLayout: undefined };
}
