/**
 * The weixin open platform's web sign-in (QR connect, OAuth2) over HTTP: the authorize URL,
 * the code exchange and the user info. Every failure of the provider becomes a catalogue
 * error (never a 5xx: weixin being down or refusing is not our bug):
 *   no answer in time, network failure, an answer that is not JSON -> WEIXIN_UNAVAILABLE
 *   errcode 40029 / 40163 / 42003 (code invalid, used, expired)  -> WEIXIN_CODE_INVALID
 *   any other errcode, or no openid                               -> WEIXIN_AUTH_FAILED
 */
import { cutText } from '../../../shared/text';
import { AppError } from '../../core/errors';

export interface WeixinSettings {
  appid: string;
  secret: string;
  /** https://open.weixin.qq.com/connect/qrconnect */
  authorizeUrl: string;
  /** https://api.weixin.qq.com */
  apiBase: string;
}

export interface WeixinToken {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  openid: string;
  scope?: string;
  unionid?: string;
}

export interface WeixinUser {
  openid: string;
  nickname?: string;
  sex?: number;
  headimgurl?: string;
  unionid?: string;
}

/** how long one call to weixin may take */
const WEIXIN_TIMEOUT_MS = 10_000;

/** weixin's errcodes for a code that is invalid, already used, or expired */
const CODE_ERRCODES = new Set([40029, 40163, 42003]);

export class WeixinClient {
  constructor(
    private settings: WeixinSettings,
    private timeoutMs = WEIXIN_TIMEOUT_MS,
  ) {}

  /** the page weixin shows (the QR code); `#wechat_redirect` as weixin's documentation asks */
  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      appid: this.settings.appid,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    const base = this.settings.authorizeUrl;
    return `${base}${base.includes('?') ? '&' : '?'}${q.toString()}#wechat_redirect`;
  }

  /** GET /sns/oauth2/access_token: the code (single use, minutes) for the access token and openid */
  async exchangeCode(code: string): Promise<WeixinToken> {
    const body = await this.get<WeixinToken>('/sns/oauth2/access_token', {
      appid: this.settings.appid,
      secret: this.settings.secret,
      code,
      grant_type: 'authorization_code',
    });
    if (typeof body.openid !== 'string' || !body.openid || typeof body.access_token !== 'string') {
      throw new AppError('WEIXIN_AUTH_FAILED', { cause: new Error('access_token answer without openid') });
    }
    return body;
  }

  /** GET /sns/userinfo: nickname, avatar and unionid of the user who signed in */
  async userInfo(token: WeixinToken): Promise<WeixinUser> {
    const body = await this.get<WeixinUser>('/sns/userinfo', { access_token: token.access_token, openid: token.openid });
    if (body.openid !== token.openid) {
      throw new AppError('WEIXIN_AUTH_FAILED', { cause: new Error('userinfo for another openid') });
    }
    return body;
  }

  private async get<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = `${this.settings.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let text: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
      text = await res.text();
    } catch (e) {
      throw new AppError('WEIXIN_UNAVAILABLE', { cause: e });
    }
    let body: (T & { errcode?: number; errmsg?: string }) | null = null;
    try {
      // weixin answers JSON, sometimes labelled text/plain
      body = JSON.parse(text);
    } catch {
      /* below */
    }
    if (!body || typeof body !== 'object') {
      throw new AppError('WEIXIN_UNAVAILABLE', { cause: new Error(`not JSON: ${cutText(text, 200)}`) });
    }
    if (body.errcode) {
      const cause = new Error(`weixin ${path}: ${body.errcode} ${body.errmsg ?? ''}`);
      throw new AppError(CODE_ERRCODES.has(Number(body.errcode)) ? 'WEIXIN_CODE_INVALID' : 'WEIXIN_AUTH_FAILED', { cause });
    }
    return body;
  }
}
