/**
 * What a page puts into the page header the frame draws above it (src/layouts/PageFrame.tsx):
 * its actions, right of the title (<PageExtra>), and, rarely, a title of its own in place of the
 * route's (<PageTitle>). Both render in the page's own tree (a portal), so they keep its state;
 * a page drawn without the frame (a component test) shows them in place.
 */
import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface PageHeaderSlots {
  extra: HTMLElement | null;
  title: HTMLElement | null;
  /** a page's own title counts here while it is shown (the route's title steps aside) */
  claimTitle: () => () => void;
}

export const PageHeaderContext = createContext<PageHeaderSlots | null>(null);

/** the page's actions in the page header, right of the title (they wrap below it on a narrow screen) */
export function PageExtra({ children }: { children: ReactNode }) {
  const slots = useContext(PageHeaderContext);
  if (!slots) return <>{children}</>;
  return slots.extra ? createPortal(children, slots.extra) : null;
}

/** a title of the page's own (a greeting, a record's name) in place of the route's title */
export function PageTitle({ children }: { children: ReactNode }) {
  const slots = useContext(PageHeaderContext);
  const claim = slots?.claimTitle;
  useLayoutEffect(() => claim?.(), [claim]);
  if (!slots) return <h1 style={{ margin: 0, fontSize: 20 }}>{children}</h1>;
  return slots.title ? createPortal(children, slots.title) : null;
}
