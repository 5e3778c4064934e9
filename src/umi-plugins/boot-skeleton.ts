/**
 * Build-time umi plugin (node side, never bundled into the console): index.html starts with the
 * console's skeleton (src/components/boot-skeleton.ts) inside #root, and a small inline script
 * (allowed by the server's CSP through its hash) that picks its kind from the address and the
 * stored login before the first paint: the frame's skeleton for a signed-in framed page, a
 * spinner for the account pages. The loading component goes on with the same skeleton until
 * the frame is drawn, so a full load shows no blank white page.
 */
import type { IApi } from 'umi';
import { routes } from '../../config/routes';
import { BOOT_ATTR, bootSkeletonHtml } from '../components/boot-skeleton';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../shared/session';

/** the inline script: the same choice as bootKind() in src/loading.tsx, before any bundle */
function bootScript(): string {
  const plain = routes.filter((r) => r.frame === 'none').map((r) => r.path);
  const top = routes.filter((r) => r.frame === 'topOnly').map((r) => r.path);
  return (
    '(function(){try{' +
    'var p=location.hash.slice(1).split("?")[0]||"/";if(p.length>1)p=p.replace(/\\/+$/,"");' +
    'var g=function(k){try{return sessionStorage.getItem(k)||localStorage.getItem(k)}catch(e){return null}};' +
    `var signed=g(${JSON.stringify(TOKEN_KEY)})||g(${JSON.stringify(REFRESH_TOKEN_KEY)});` +
    `var k=!signed||${JSON.stringify(plain)}.indexOf(p)>=0?"plain":${JSON.stringify(top)}.indexOf(p)>=0?"top":"full";` +
    `document.documentElement.setAttribute(${JSON.stringify(BOOT_ATTR)},k)` +
    '}catch(e){}})();'
  );
}

export default (api: IApi) => {
  api.describe({ key: 'consoleBootSkeleton' });
  api.modifyHTML(($) => {
    $('head').prepend(`<script>${bootScript()}</script>`);
    $('#root').html(bootSkeletonHtml());
    return $;
  });
};
