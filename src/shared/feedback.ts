/**
 * Toasts and the notice modal (spec section 8).
 *  - Toasts go through the message API of antd's useMessage, whose holder components/AppRoot
 *    mounts inside the theme and locale providers; toasts asked for before it mounts wait
 *    for it.
 *  - The modal uses antd's static Modal, rendered through ConfigProvider.config
 *    ({ holderRender }) so it follows the theme and language. Its code loads on first use:
 *    it is rare, and keeping it out of the first bundle keeps the login page small.
 */
import { ConfigProvider } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ReactNode } from 'react';
import { SPEC } from './spec';

let messageApi: MessageInstance | null = null;
let waiting: Parameters<MessageInstance['open']>[0][] = [];

/** called by AppRoot with useMessage's API (null on unmount) */
export function setMessageApi(api: MessageInstance | null) {
  messageApi = api;
  if (api) {
    const queued = waiting;
    waiting = [];
    queued.forEach((args) => api.open(args));
  }
}

export function setFeedbackHolder(render: ((children: ReactNode) => ReactNode) | null) {
  ConfigProvider.config({ holderRender: render ?? undefined });
}

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** a toast of SPEC.TOAST_DURATION_MS (3000 ms); the same text shows once at a time */
export function toast(content: string, kind: ToastKind = 'error') {
  const args = { type: kind, content, key: `${kind}:${content}`, duration: SPEC.TOAST_DURATION_MS / 1000 };
  if (messageApi) messageApi.open(args);
  else waiting.push(args);
}

let noticeOpen = false;

/** the 'notice' modal; one at a time, so that parallel failures do not stack dialogs */
export function noticeModal(title: string, content: string) {
  if (noticeOpen) return;
  noticeOpen = true;
  import('antd/es/modal')
    .then(({ default: Modal }) => {
      Modal.error({
        title,
        content,
        afterClose: () => {
          noticeOpen = false;
        },
      });
    })
    .catch(() => {
      noticeOpen = false;
      toast(`${title}: ${content}`);
    });
}

/** for tests */
export function resetFeedbackForTests() {
  noticeOpen = false;
  waiting = [];
}
