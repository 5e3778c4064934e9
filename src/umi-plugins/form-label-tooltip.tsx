/**
 * Bundled into the console in place of antd's Tooltip for antd's form labels only (the
 * replacement is in .umirc.ts): a label's tooltip (the question mark next to a label) is rare,
 * but antd's Form imports Tooltip for it, which puts the popup machinery (~18 kB gzip) on the
 * first load of every page with a form, the login page included. Here it loads when a label
 * with a tooltip first shows, the icon standing in meanwhile.
 */
import type { TooltipProps } from 'antd/es/tooltip';
import { createElement, lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('antd/es/tooltip'));

export default function FormLabelTooltip(props: TooltipProps) {
  return <Suspense fallback={props.children}>{createElement(Tooltip, props)}</Suspense>;
}
