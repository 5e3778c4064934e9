/**
 * A list's keyword box for a ProTable's header title: as wide as its placeholder (280 to 440 px) on a
 * wide screen, the whole width of the card below 768 px (the table takes useListClass's class).
 */
import { Grid, Input } from 'antd';
import type { ComponentProps } from 'react';
import './list-search.css';

/** the ProTable's class: below 768 px its toolbar gives the keyword box a row of its own, full width */
export function useListClass(): string {
  const wide = Grid.useBreakpoint().md !== false;
  return wide ? 'list-search-table' : 'list-search-table list-search-narrow';
}

export default function ListSearch({ placeholder, ...rest }: Omit<ComponentProps<typeof Input.Search>, 'style'> & { placeholder: string }) {
  return (
    // the placeholder is copied into the box's sizer (list-search.css), so the box fits it
    <span className="list-search" data-placeholder={placeholder}>
      <Input.Search placeholder={placeholder} {...rest} style={{ width: '100%' }} />
    </span>
  );
}
