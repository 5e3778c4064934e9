/**
 * The chat's stream client: the SSE reader gives the same events however the network splits the
 * bytes, and the POST behaves like the request layer (token, one refresh and retry, the
 * server's JSON error when no stream starts).
 */
import { chatEventOf, ChatRequestError, postStream, SseParser, type ChatStreamEvent, type SseMessage } from '@/services/chat';

function parseAll(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const p = new SseParser((m) => out.push(m));
  chunks.forEach((c) => p.feed(c));
  p.end();
  return out;
}

const WIRE =
  ': keep-alive\n\n' +
  'event: start\r\ndata: {"message":{"id":"a1"},"user_message":null,"trimmed":2}\r\n\r\n' +
  'event: delta\ndata: {"text":"你好，"}\n\n' +
  'event: delta\rdata: {"text":"world"}\r\r' +
  'event: done\ndata: {"message":{"id":"a1","status":"done"},\ndata: "balance":9990,"title":"问候"}\n\n';

const EXPECTED: SseMessage[] = [
  { event: 'start', data: '{"message":{"id":"a1"},"user_message":null,"trimmed":2}' },
  { event: 'delta', data: '{"text":"你好，"}' },
  { event: 'delta', data: '{"text":"world"}' },
  { event: 'done', data: '{"message":{"id":"a1","status":"done"},\n"balance":9990,"title":"问候"}' },
];

describe('SSE parser', () => {
  test('reads events, comments, LF / CRLF / CR line ends and multi-line data', () => {
    expect(parseAll([WIRE])).toEqual(EXPECTED);
  });

  test('gives the same events for every split of the stream into two or three chunks', () => {
    for (let i = 0; i <= WIRE.length; i++) {
      expect(parseAll([WIRE.slice(0, i), WIRE.slice(i)])).toEqual(EXPECTED);
    }
    for (let i = 0; i < WIRE.length; i += 7) {
      for (let j = i; j <= WIRE.length; j += 5) {
        expect(parseAll([WIRE.slice(0, i), WIRE.slice(i, j), WIRE.slice(j)])).toEqual(EXPECTED);
      }
    }
  });

  test('one character at a time', () => {
    expect(parseAll(WIRE.split(''))).toEqual(EXPECTED);
  });

  test('a last event without its blank line still arrives when the stream ends', () => {
    expect(parseAll(['event: delta\ndata: {"text":"x"}'])).toEqual([{ event: 'delta', data: '{"text":"x"}' }]);
  });

  test('multi-line data joins with newlines; an event without data is not dispatched', () => {
    expect(parseAll(['event: ping\n\ndata: a\ndata:b\ndata\n\n'])).toEqual([{ event: 'message', data: 'a\nb\n' }]);
  });

  test('typed chat events: known names with JSON data only', () => {
    expect(chatEventOf({ event: 'delta', data: '{"text":"hi"}' })).toEqual({ type: 'delta', text: 'hi' });
    expect(chatEventOf({ event: 'ping', data: '{}' })).toBeNull();
    expect(chatEventOf({ event: 'delta', data: 'not json' })).toBeNull();
  });
});

// ---- the POST --------------------------------------------------------------------------

type FakeAnswer = { status: number; type: string; body: string | Uint8Array[] };

function fakeResponse(a: FakeAnswer) {
  const enc = new TextEncoder();
  const chunks = typeof a.body === 'string' ? [enc.encode(a.body)] : a.body;
  let i = 0;
  return {
    ok: a.status >= 200 && a.status < 300,
    status: a.status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? a.type : null) },
    body: { getReader: () => ({ read: async () => (i < chunks.length ? { done: false, value: chunks[i++] } : { done: true, value: undefined }) }) },
    json: async () => JSON.parse(typeof a.body === 'string' ? a.body : ''),
  };
}

function fakeFetch(answers: FakeAnswer[]) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fn = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return fakeResponse(next);
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const SSE = 'text/event-stream; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

describe('postStream', () => {
  test('sends the token and the language, and hands over events as the bytes arrive, split inside a character', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"中文"}\n\nevent: done\ndata: {"message":{"id":"m"},"balance":5,"title":null}\n\n');
    // cut in the middle of the three-byte '中'
    const cut = bytes.indexOf(0xe4) + 1;
    const { fn, calls } = fakeFetch([{ status: 200, type: SSE, body: [bytes.slice(0, cut), bytes.slice(cut)] }]);
    const events: ChatStreamEvent[] = [];
    await postStream('/api/chat/x', { content: 'hi' }, (e) => events.push(e), new AbortController().signal, {
      fetch: fn,
      getToken: () => 'tok-1',
      lang: () => 'zh-Hans',
    });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
    expect(calls[0].headers['Accept-Language']).toBe('zh-Hans');
    expect(calls[0].body).toEqual({ content: 'hi' });
    expect(events).toEqual([
      { type: 'delta', text: '中文' },
      { type: 'done', message: { id: 'm' }, balance: 5, title: null },
    ]);
  });

  test('a JSON error before the stream (not enough credits) rejects with the server message, without retrying', async () => {
    const body = JSON.stringify({ success: false, errorCode: 'INSUFFICIENT_CREDITS', errorMessage: '积分不足：本次需要 50，余额为 3' });
    const { fn, calls } = fakeFetch([{ status: 402, type: JSON_TYPE, body }]);
    const refresh = jest.fn();
    const err = await postStream('/api/chat/x', {}, () => undefined, new AbortController().signal, {
      fetch: fn,
      getToken: () => 't',
      refresh,
      lang: () => 'en',
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ChatRequestError);
    expect((err as ChatRequestError).body.errorCode).toBe('INSUFFICIENT_CREDITS');
    expect((err as ChatRequestError).message).toBe('积分不足：本次需要 50，余额为 3');
    expect(calls).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  test('an expired access token is refreshed once and the request sent again with the new token', async () => {
    const expired = JSON.stringify({ success: false, errorCode: 'ACCESS_TOKEN_EXPIRED' });
    const { fn, calls } = fakeFetch([
      { status: 401, type: JSON_TYPE, body: expired },
      { status: 200, type: SSE, body: 'event: delta\ndata: {"text":"ok"}\n\n' },
    ]);
    const refresh = jest.fn(async () => 'tok-2');
    const events: ChatStreamEvent[] = [];
    await postStream('/api/chat/x', { a: 1 }, (e) => events.push(e), new AbortController().signal, {
      fetch: fn,
      getToken: () => 'tok-1',
      refresh,
      lang: () => 'en',
    });
    expect(refresh).toHaveBeenCalledWith('tok-1');
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(calls[1].body).toEqual({ a: 1 });
    expect(events).toEqual([{ type: 'delta', text: 'ok' }]);
  });

  test('still expired after the retry: the login-expired path, once', async () => {
    const expired = JSON.stringify({ success: false, errorCode: 'ACCESS_TOKEN_EXPIRED' });
    const { fn, calls } = fakeFetch([
      { status: 401, type: JSON_TYPE, body: expired },
      { status: 401, type: JSON_TYPE, body: expired },
    ]);
    const onLoginExpired = jest.fn();
    const err = await postStream('/api/chat/x', {}, () => undefined, new AbortController().signal, {
      fetch: fn,
      getToken: () => 'tok-1',
      refresh: async () => 'tok-2',
      onLoginExpired,
      lang: () => 'en',
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ChatRequestError);
    expect(calls).toHaveLength(2);
    expect(onLoginExpired).toHaveBeenCalledTimes(1);
  });
});
