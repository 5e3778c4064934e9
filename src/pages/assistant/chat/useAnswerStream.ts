/**
 * One streamed answer at a time for the chat page: runs a send, edit or regenerate route, grows the
 * answer once per animation frame, stops it (the server first, the connection after a grace), and
 * reports the end so the page can reload what the server settled.
 */
import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import { useEffect, useRef, useState } from 'react';
import { ChatRequestError, stopMessage, type ChatStreamEvent, type ConversationRow, type MessageRow } from '../../../services/chat';
import { requestErrorOf } from '../../../services/request-layer';
import type { Translate } from '../../../shared/i18n';
import { choose, type BranchChoice } from './branch';

export interface InlineAlert {
  type: 'warning' | 'error';
  text: string;
}

/** how long Stop waits for the server to end the stream before dropping the connection */
const STOP_GRACE_MS = 2000;

export interface Running {
  controller: AbortController;
  conversationId: string;
  assistantId: string | null;
  ended: boolean;
  pending: string;
  frame: number | null;
}

const QUOTA_CODES = new Set(['INSUFFICIENT_CREDITS', 'DAILY_LIMIT_REACHED']);

function upsert(list: MessageRow[], m: MessageRow | null | undefined): MessageRow[] {
  if (!m) return list;
  const i = list.findIndex((x) => x.id === m.id);
  if (i < 0) return [...list, m];
  const next = list.slice();
  next[i] = m;
  return next;
}

export interface AnswerStreamDeps {
  t: Translate;
  /** the conversation on screen: events of another one change nothing shown */
  activeRef: MutableRefObject<string | null>;
  setMessages: Dispatch<SetStateAction<MessageRow[]>>;
  setChoice: Dispatch<SetStateAction<BranchChoice>>;
  setConversation: Dispatch<SetStateAction<ConversationRow | null>>;
  setAlert: (alert: InlineAlert | null) => void;
  setInput: Dispatch<SetStateAction<string>>;
  showBalance: (value: number | null | undefined) => void;
  /** a conversation got its title from its first answer */
  renameInList: (conversationId: string, title: string) => void;
  /** the stream ended; `reload`: it failed or was cut, `answered`: an answer had begun */
  afterRun: (conversationId: string, how: { reload: boolean; answered: boolean }) => void;
}

export function useAnswerStream({
  t,
  activeRef,
  setMessages,
  setChoice,
  setConversation,
  setAlert,
  setInput,
  showBalance,
  renameInList,
  afterRun,
}: AnswerStreamDeps) {
  const [running, setRunning] = useState<Running | null>(null);
  const runningRef = useRef<Running | null>(null);

  useEffect(() => () => runningRef.current?.controller.abort(), []);

  /** leaving a conversation drops its running answer: the server keeps what was written (stopped) */
  const dropRunning = () => {
    runningRef.current?.controller.abort();
    runningRef.current = null;
    setRunning(null);
  };

  const flush = (r: Running) => {
    if (r.frame !== null) {
      cancelAnimationFrame(r.frame);
      r.frame = null;
    }
    const text = r.pending;
    r.pending = '';
    if (!text || !r.assistantId || activeRef.current !== r.conversationId) return;
    const id = r.assistantId;
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, content: m.content + text } : m)));
  };

  const onEvent = (r: Running, e: ChatStreamEvent) => {
    const here = activeRef.current === r.conversationId;
    switch (e.type) {
      case 'start':
        r.assistantId = e.message.id;
        if (!here) return;
        setMessages((list) => upsert(upsert(list, e.user_message), { ...e.message, trimmed: e.message.trimmed ?? e.trimmed }));
        setChoice((c) => choose(e.user_message ? choose(c, e.user_message) : c, e.message));
        return;
      case 'delta':
        r.pending += e.text;
        if (r.frame === null) r.frame = requestAnimationFrame(() => flush(r));
        return;
      case 'done':
        flush(r);
        showBalance(e.balance);
        if (here) setMessages((list) => upsert(list, e.message));
        if (e.title) {
          const title = e.title;
          if (here) setConversation((c) => (c && c.id === r.conversationId ? { ...c, title } : c));
          renameInList(r.conversationId, title);
        }
        return;
      case 'error':
        flush(r);
        showBalance(e.balance);
        if (here && e.message) setMessages((list) => upsert(list, e.message));
        else if (here) setAlert({ type: 'error', text: e.errorMessage });
        return;
    }
  };

  /** runs one streamed answer; `start` calls the route */
  const run = async (conversationId: string, start: (onEvent: (e: ChatStreamEvent) => void, signal: AbortSignal) => Promise<void>, restore?: string) => {
    setAlert(null);
    const r: Running = { controller: new AbortController(), conversationId, assistantId: null, ended: false, pending: '', frame: null };
    runningRef.current = r;
    setRunning(r);
    let reload = false;
    try {
      await start((e) => onEvent(r, e), r.controller.signal);
    } catch (e) {
      reload = true;
      if (activeRef.current === conversationId) {
        if (e instanceof ChatRequestError) {
          setAlert({
            type: QUOTA_CODES.has(e.body.errorCode) ? 'warning' : 'error',
            text: e.body.errorMessage || t('request.failedWithCode', { code: e.body.errorCode }),
          });
          // the question was not taken: give it back to the input
          if (restore !== undefined) setInput((now) => now || restore);
        } else if (!r.controller.signal.aborted) {
          const info = requestErrorOf(e);
          if (info.kind !== 'login-expired') setAlert({ type: 'error', text: t('chat.streamFailed') });
        }
      }
    } finally {
      r.ended = true;
      flush(r);
      if (runningRef.current === r) {
        runningRef.current = null;
        setRunning(null);
      }
      afterRun(conversationId, { reload, answered: !!r.assistantId });
    }
  };

  const stop = () => {
    const r = runningRef.current;
    if (!r) return;
    if (!r.assistantId) {
      r.controller.abort();
      return;
    }
    stopMessage(r.assistantId, { skipErrorHandler: true }).catch(() => undefined);
    setTimeout(() => {
      if (!r.ended) r.controller.abort();
    }, STOP_GRACE_MS);
  };

  return { running, runningRef, run, stop, dropRunning };
}
