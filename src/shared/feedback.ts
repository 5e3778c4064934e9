/**
 * Toasts and the notice modal (spec section 8). They use antd's static methods, rendered
 * through ConfigProvider.config({ holderRender }) (set by components/AppRoot) so they follow
 * the theme and the language. The modal's code loads on first use: it is rare, and keeping
 * it out of the first bundle keeps the login page small.
 */
import { ConfigProvider, message } from 'antd';
import type { ReactNode } from 'react';
import { SPEC } from './spec';

export function setFeedbackHolder(render: ((children: ReactNode) => ReactNode) | null) {
  ConfigProvider.config({ holderRender: render ?? undefined });
}

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** a toast of SPEC.TOAST_DURATION_MS (3000 ms); the same text shows once at a time */
export function toast(content: string, kind: ToastKind = 'error') {
  return message.open({ type: kind, content, key: `${kind}:${content}`, duration: SPEC.TOAST_DURATION_MS / 1000 });
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
}
