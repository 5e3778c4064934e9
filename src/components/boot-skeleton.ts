/**
 * The console's look before it has drawn itself: written into index.html at build time
 * (src/umi-plugins/boot-skeleton.ts) and shown by the loading component until the frame is
 * drawn, so a full load never shows a blank white page. One markup for every kind of page;
 * the `data-boot` attribute of <html> says which parts show (src/components/boot-skeleton.css):
 *  - 'full': the top bar, the left menu's place and a page (a signed-in page with the frame);
 *  - 'top': the same without the left menu (chat, search, tasks, waveform);
 *  - 'plain' (or none): a spinner alone (the account pages, or nobody signed in yet).
 */
export type BootKind = 'full' | 'top' | 'plain';

export const BOOT_ATTR = 'data-boot';

const blocks = (n: number, cls: string) => Array.from({ length: n }, () => `<i class="${cls}"></i>`).join('');

export function bootSkeletonHtml(): string {
  return (
    '<div class="console-boot" aria-busy="true">' +
    '<div class="console-boot-bar"><i class="console-boot-name"></i><span class="console-boot-gap"></span>' +
    blocks(3, 'console-boot-dot') +
    '</div>' +
    '<div class="console-boot-body">' +
    `<div class="console-boot-side">${blocks(9, 'console-boot-item')}</div>` +
    '<div class="console-boot-page"><i class="console-boot-crumb"></i><i class="console-boot-title"></i>' +
    `<div class="console-boot-card">${blocks(3, 'console-boot-line')}</div>` +
    `<div class="console-boot-card">${blocks(5, 'console-boot-line')}</div>` +
    '</div></div>' +
    '<div class="console-boot-spinner"></div>' +
    '</div>'
  );
}

/** sets the kind on <html> (what the inline script of index.html does on a full load) */
export function showBootKind(kind: BootKind) {
  if (typeof document !== 'undefined') document.documentElement.setAttribute(BOOT_ATTR, kind);
}
