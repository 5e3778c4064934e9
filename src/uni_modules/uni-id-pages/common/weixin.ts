/**
 * Weixin web sign-in and linking, console side. The server makes the state and
 * weixin's authorize URL; the browser goes there, the user confirms on weixin's page, weixin
 * sends the browser to the server's callback, which comes back to the console with
 *   ?weixinTicket=T   (sign-in: the login page spends it for the tokens)
 *   ?weixinBound=1    (link: the userinfo page)
 *   ?weixinError=CODE (either; a catalogue code)
 */
import { getWeixinAuthorizeUrl } from '../../../services/api';
import { paramsOf, queryString } from '../../../services/query-string';
import { hasMessage, type Translate } from '../../../shared/i18n';
import type { Persistence } from '../../../shared/session';

export type WeixinPurpose = 'login' | 'bind';

/** asks the server for weixin's authorize URL and goes there (rejects with the request's error) */
export async function startWeixin(purpose: WeixinPurpose, redirect?: string | null): Promise<void> {
  const { url } = await getWeixinAuthorizeUrl({ purpose, ...(redirect ? { redirect } : {}) }, { skipErrorHandler: true });
  window.location.assign(url);
}

/** the text of a weixinError code from the URL: the catalogue's entry, else `fallbackKey` */
export function weixinErrorText(code: string | null | undefined, t: Translate, fallbackKey = 'login.weixinFailed'): string {
  if (code && /^[A-Za-z][\w-]{0,63}$/.test(code) && hasMessage(`error.${code}`)) return t(`error.${code}`);
  return t(fallbackKey);
}

/** the query without the weixin result parameters (to clear them from the address) */
export function withoutWeixinParams(search: string): string {
  const params = paramsOf(search);
  for (const k of ['weixinTicket', 'weixinError', 'weixinBound']) delete params[k];
  return queryString(params);
}

/**
 * The "keep me signed in" choice outlives the round trip through weixin's pages in this tab's
 * sessionStorage, and is read once when the ticket comes back.
 */
const WEIXIN_PERSISTENCE_KEY = 'uni_id_weixin_persistence';

export function rememberWeixinPersistence(persistence: Persistence) {
  try {
    sessionStorage.setItem(WEIXIN_PERSISTENCE_KEY, persistence);
  } catch {
    /* no sessionStorage: the default applies */
  }
}

export function takeWeixinPersistence(): Persistence | undefined {
  try {
    const v = sessionStorage.getItem(WEIXIN_PERSISTENCE_KEY);
    sessionStorage.removeItem(WEIXIN_PERSISTENCE_KEY);
    return v === 'local' || v === 'session' ? v : undefined;
  } catch {
    return undefined;
  }
}
