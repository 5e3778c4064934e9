/**
 * Shared by the system-* tests: a signed-in admin (or a user holding given permissions), a
 * fake API over in-memory rows that records every request, and the server's error shape.
 */
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactElement } from 'react';
import { saveTokens } from '@/shared/session';
import { renderInApp } from './render';
import { setRequestHandler } from './umi-max';

/**
 * renderInApp with antd's English locale (the app gets it from umi's locale plugin) and its
 * styles kept out of jsdom (mock 'server': jsdom parsing every component's CSS makes opening a
 * dropdown take seconds on a busy machine; nothing here depends on computed styles).
 */
export function renderAdmin(ui: ReactElement) {
  return renderInApp(
    <StyleProvider mock="server">
      <ConfigProvider locale={enUS}>{ui}</ConfigProvider>
    </StyleProvider>,
  );
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
export const tokenFor = (role: string[], permission: string[] = []) =>
  `${b64({ alg: 'HS256' })}.${b64({ uid: 'me', role, permission, iat: 1, exp: 4102444800 })}.sig`;

export function signIn(role: string[] = ['admin'], permission: string[] = []) {
  saveTokens({ token: tokenFor(role, permission), refreshToken: 'r' });
}

export function serverError(status: number, errorCode: string, errorMessage: string, field?: string) {
  return Object.assign(new Error(errorMessage), { response: { status, data: { success: false, errorCode, errorMessage, field } } });
}

export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  data?: unknown;
  opts: Record<string, unknown>;
}

export type Route = (call: Call) => unknown | Promise<unknown>;

/** answers requests by `METHOD path` (first match wins); records them all */
export function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  setRequestHandler(async (url, opts) => {
    const [path, qs = ''] = url.split('?');
    const call: Call = { method: String(opts.method ?? 'GET').toUpperCase(), url, path, query: new URLSearchParams(qs), data: opts.data, opts };
    calls.push(call);
    const route = routes[`${call.method} ${path}`];
    if (!route) throw new Error(`unexpected ${call.method} ${url}`);
    return route(call);
  });
  return {
    calls,
    /** the calls to one `METHOD path` */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    last: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).at(-1),
  };
}

export const list = <T,>(rows: T[], total = rows.length) => ({ success: true, data: rows, total });
export const ok = <T,>(data: T) => ({ success: true, data });
