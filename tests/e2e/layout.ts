/** What a page's layout gets wrong, as readable lines: the page scrolling sideways, a table scrolling sideways, a cell's text cut without an ellipsis, spilling out or a word broken over two lines. */
import type { Page } from 'playwright-core';

/**
 * every way a list can be cut or overflow on this screen, as readable lines (empty: none), once
 * the layout holds still: a list measures its Actions column in the frame after its rows draw, so
 * the check is repeated on each frame until it passes or `settleMs` (5 s) is over, and the
 * problems are those still there then
 */
export async function layoutProblems(page: Page, opts: { tableMayScroll: boolean; settleMs?: number }): Promise<string[]> {
  const args = { tableMayScroll: opts.tableMayScroll };
  await page.evaluate(layoutCheck);
  const settled = await page
    .waitForFunction((a) => (window as unknown as { __layoutProblems(a: unknown): string[] }).__layoutProblems(a).length === 0, args, {
      polling: 'raf',
      timeout: opts.settleMs ?? 5000,
    })
    .then(() => true)
    .catch(() => false);
  return settled ? [] : page.evaluate((a) => (window as unknown as { __layoutProblems(a: unknown): string[] }).__layoutProblems(a), args);
}

/** puts the check in the page as window.__layoutProblems (self-contained: it runs in the browser) */
function layoutCheck() {
  (window as unknown as { __layoutProblems: unknown }).__layoutProblems = ({ tableMayScroll }: { tableMayScroll: boolean }) => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth + 1) problems.push(`the page scrolls sideways (${root.scrollWidth} px wide at ${window.innerWidth})`);
    const visible = (el: Element) => {
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && (el as HTMLElement).offsetParent !== null;
    };
    // letters and digits of scripts that break only at spaces (CJK text may break anywhere)
    const WORD = /[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]{2,}/gu;
    for (const table of document.querySelectorAll('.ant-table-wrapper')) {
      if (!visible(table)) continue;
      const scroller = table.querySelector('.ant-table-content, .ant-table-body');
      if (!tableMayScroll && scroller && scroller.scrollWidth > scroller.clientWidth + 1)
        problems.push(`a table scrolls sideways (${scroller.scrollWidth} px of content in ${scroller.clientWidth} px)`);
      for (const cell of table.querySelectorAll('th.ant-table-cell, td.ant-table-cell')) {
        if (cell.closest('.ant-table-measure-row') || !visible(cell)) continue;
        const cellBox = cell.getBoundingClientRect();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          const parent = node.parentElement!;
          if (!text || !visible(parent)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (!box.width) continue;
          // the block that lays the text out: where an ellipsis would be drawn
          let container: Element = parent;
          while (container !== cell && getComputedStyle(container).display === 'inline') container = container.parentElement!;
          let clippedBy: Element | null = null;
          for (let a: Element | null = parent; a; a = a === cell ? null : a.parentElement) {
            if (getComputedStyle(a).overflowX === 'visible') continue;
            const r = a.getBoundingClientRect();
            const left = r.left + a.clientLeft;
            if (box.right > left + a.clientWidth + 1 || box.left < left - 1) {
              clippedBy = a;
              break;
            }
          }
          const where = `"${text.slice(0, 40)}" (column ${cell.closest('table')?.querySelectorAll('th')[(cell as HTMLTableCellElement).cellIndex]?.textContent?.trim() || (cell as HTMLTableCellElement).cellIndex})`;
          if (clippedBy) {
            const cs = getComputedStyle(container);
            const ellipsized = cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible' && (container === clippedBy || clippedBy.contains(container));
            if (!ellipsized) problems.push(`cut without an ellipsis: ${where}`);
            continue;
          }
          if (box.right > cellBox.right + 1 || box.left < cellBox.left - 1) problems.push(`spills out of its cell: ${where}`);
          if (range.getClientRects().length > 1) {
            for (const m of text.matchAll(WORD)) {
              const at = node.textContent!.indexOf(m[0]);
              const word = document.createRange();
              word.setStart(node, at);
              word.setEnd(node, at + m[0].length);
              const lines = new Set([...word.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) problems.push(`a word broken over two lines: "${m[0]}" in ${where}`);
            }
          }
        }
      }
    }
    return problems;
  };
}
