/**
 * The receiver's checks of a report (wire format: POST /api/stat/report): the envelope (device,
 * platform, dimensions, the records list) refuses the whole report; each record is checked on its
 * own and a bad one is named (index, code, field) while the good ones are kept.
 */
import { createHash, randomUUID } from 'node:crypto';
import { STAT_KINDS, STAT_PLATFORMS, STAT_SPEC, type StatKind } from '../../../shared/stat';
import { cutText, textLength } from '../../../shared/text';
import { AppError, type ErrorCode } from '../../core/errors';
import type { StatRow } from './store/ingest';

/** records one report may hold */
export const MAX_RECORDS = 500;
/** a record may be this far ahead of the server's clock (client clocks drift) */
export const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * Text caps. Identifiers and dimensions longer than their cap are refused (a truncated key would
 * merge unrelated things); free text (title, message, stack) is cut, so a long error still counts.
 */
export const STAT_CAPS = {
  uid: 128,
  channel: 64,
  scene: 64,
  version: 32,
  os: 64,
  device_model: 128,
  screen: 32,
  language: 32,
  url: 4096,
  referrer: 4096,
  order_no: 64,
  title: 512,
  message: 2000,
  stack: 16_000,
} as const;

const ID = /^[A-Za-z0-9_-]{8,64}$/;
const PLATFORMS = new Set<string>(STAT_PLATFORMS);

/** the envelope's fields every row of the report shares */
export interface ReportEnvelope {
  appid: string;
  deviceId: string;
  uid: string | null;
  platform: string;
  channel: string;
  scene: string;
  version: string;
  os: string | null;
  deviceModel: string | null;
  screen: string | null;
  language: string | null;
  records: unknown[];
}

export interface Rejected {
  index: number;
  code: ErrorCode;
  field: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** an optional text field: undefined/null -> null, else a string of at most `max` characters */
function text(o: Obj, field: keyof typeof STAT_CAPS): string | null | AppError {
  const v = o[field];
  if (v === undefined || v === null) return null;
  const max = STAT_CAPS[field];
  if (typeof v !== 'string' || textLength(v) > max) return new AppError('STAT_FIELD_INVALID', { field, params: { max } });
  return v;
}

/** checks the envelope (the appid's existence is the caller's: it needs the app list) */
export function checkEnvelope(body: unknown): ReportEnvelope {
  if (!isObj(body)) throw new AppError('STAT_BODY_INVALID', { field: 'body' });
  if (typeof body.appid !== 'string' || !body.appid || body.appid.length > 64) throw new AppError('STAT_APP_UNKNOWN', { field: 'appid' });
  const d = body.device_id;
  if (typeof d !== 'string' || d.length < STAT_SPEC.DEVICE_ID_MIN || d.length > STAT_SPEC.DEVICE_ID_MAX)
    throw new AppError('STAT_DEVICE_ID_INVALID', { field: 'device_id', params: { min: STAT_SPEC.DEVICE_ID_MIN, max: STAT_SPEC.DEVICE_ID_MAX } });
  if (typeof body.platform !== 'string' || !PLATFORMS.has(body.platform)) throw new AppError('STAT_PLATFORM_INVALID', { field: 'platform' });
  if (!Array.isArray(body.records) || body.records.length > MAX_RECORDS)
    throw new AppError('STAT_BATCH_INVALID', { field: 'records', params: { max: MAX_RECORDS } });
  const fields = ['uid', 'channel', 'scene', 'version', 'os', 'device_model', 'screen', 'language'] as const;
  const v: Partial<Record<(typeof fields)[number], string | null>> = {};
  for (const f of fields) {
    const t = text(body, f);
    if (t instanceof AppError) throw t;
    v[f] = t;
  }
  return {
    appid: body.appid,
    deviceId: d,
    uid: v.uid || null,
    platform: body.platform,
    channel: v.channel ?? '',
    scene: v.scene ?? '',
    version: v.version ?? '',
    os: v.os ?? null,
    deviceModel: v.device_model ?? null,
    screen: v.screen ?? null,
    language: v.language ?? null,
    records: body.records,
  };
}

/**
 * The JSON of an event value when it fits in `max` characters (code points), else null. Each
 * array element, key and value is at least one character of the JSON, so the walk stops after `max` of them:
 * JSON.stringify never meets a value nested past that (a report's value 10,000 levels deep is
 * one refused record, not a stack overflow).
 */
function jsonWithin(value: object, max: number): string | null {
  const stack: unknown[] = [value];
  for (let nodes = 0; stack.length; nodes++) {
    if (nodes > max) return null;
    const v = stack.pop();
    if (v && typeof v === 'object') for (const item of Object.values(v)) stack.push(item);
  }
  const json = JSON.stringify(value);
  return textLength(json) > max ? null : json;
}

const cut = (s: string | null, max: number) => (s ? cutText(s, max) : s);

/**
 * The frame without the ":line:column" that ends it (before a closing parenthesis, if any), found
 * walking back from the end: a pattern tried from every ":" of a line full of them took seconds,
 * and a report holds 500 records.
 */
function withoutPosition(frame: string): string {
  const end = frame.endsWith(')') ? frame.length - 1 : frame.length;
  let keep = end;
  for (;;) {
    let i = keep;
    while (i > 0 && frame.charCodeAt(i - 1) >= 0x30 && frame.charCodeAt(i - 1) <= 0x39) i--;
    if (i === keep || i === 0 || frame[i - 1] !== ':') break;
    keep = i - 1;
  }
  return frame.slice(0, keep) + frame.slice(end);
}

/**
 * The error group of an error or crash: a short hash of the kind, the message's first line and
 * the stack's first frame with its line and column numbers and query string taken out, so a
 * rebuild of the same code (new line numbers, a new cache-busting query) keeps the group, while
 * the same message thrown from another function is another group.
 */
export function errHash(kind: number, message: string, stack: string | null): string {
  // the cuts stay in UTF-16 units: the hash of every group already stored was made with them
  const msg = message.split('\n', 1)[0].trim().slice(0, 500);
  const frame =
    (stack ?? '')
      .split('\n')
      .map((l) => l.trim())
      // "at fn (file:1:2)" (V8), "fn@file:1:2" (Safari, Firefox): the first line naming a place
      .find((l) => /^at\s|@|:\d+(:\d+)?\)?$/.test(l) && l !== msg) ?? '';
  const place = withoutPosition(frame.replace(/\?[^\s:)]*/g, '')).slice(0, 500);
  return createHash('sha1').update(`${kind}\n${msg}\n${place}`).digest('hex').slice(0, 16);
}

export interface RecordContext {
  env: ReportEnvelope;
  now: number;
  retentionDays: number;
}

/** one record -> its row, or why it is refused */
export function checkRecord(rec: unknown, index: number, { env, now, retentionDays }: RecordContext): StatRow | Rejected {
  const bad = (code: ErrorCode, field: string): Rejected => ({ index, code, field });
  if (!isObj(rec)) return bad('STAT_RECORD_INVALID', 'record');
  let eid: string;
  if (rec.id === undefined || rec.id === null) eid = randomUUID();
  else if (typeof rec.id !== 'string' || !ID.test(rec.id)) return bad('STAT_RECORD_ID_INVALID', 'id');
  else eid = rec.id;
  const ts = rec.ts;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) return bad('STAT_RECORD_TS_INVALID', 'ts');
  if (ts < now - retentionDays * 86_400_000) return bad('STAT_RECORD_TOO_OLD', 'ts');
  if (ts > now + FUTURE_SLACK_MS) return bad('STAT_RECORD_IN_FUTURE', 'ts');
  if (typeof rec.kind !== 'string' || !Object.prototype.hasOwnProperty.call(STAT_KINDS, rec.kind)) return bad('STAT_RECORD_KIND_INVALID', 'kind');
  const kindName = rec.kind as StatKind;
  const kind = STAT_KINDS[kindName];
  if (typeof rec.sid !== 'string' || !ID.test(rec.sid)) return bad('STAT_RECORD_ID_INVALID', 'sid');

  const texts: Partial<Record<keyof typeof STAT_CAPS, string | null>> = {};
  for (const f of ['url', 'referrer', 'order_no'] as const) {
    const t = text(rec, f);
    if (t instanceof AppError) return bad('STAT_FIELD_INVALID', f);
    texts[f] = t;
  }
  // free text: cut to its cap rather than refused
  for (const f of ['title', 'message', 'stack'] as const) {
    const v = rec[f];
    if (v === undefined || v === null) texts[f] = null;
    else if (typeof v !== 'string') return bad('STAT_FIELD_INVALID', f);
    else texts[f] = cut(v, STAT_CAPS[f]);
  }

  let evKey: string | null = null;
  let evValue: string | null = null;
  let errHashOf: string | null = null;
  let amountCents: number | null = null;
  if (kindName === 'page' && !texts.url) return bad('STAT_RECORD_FIELD_MISSING', 'url');
  if (kindName === 'event') {
    const name = rec.name;
    if (typeof name !== 'string' || !name || textLength(name) > STAT_SPEC.EVENT_NAME_MAX) return bad('STAT_EVENT_NAME_INVALID', 'name');
    evKey = name;
    const value = rec.value;
    if (value !== undefined && value !== null) {
      if (typeof value === 'string') evValue = value;
      else if (typeof value === 'object') evValue = jsonWithin(value, STAT_SPEC.EVENT_VALUE_MAX);
      else return bad('STAT_EVENT_VALUE_INVALID', 'value');
      if (evValue === null || textLength(evValue) > STAT_SPEC.EVENT_VALUE_MAX) return bad('STAT_EVENT_VALUE_INVALID', 'value');
    }
  }
  if (kindName === 'error' || kindName === 'crash') {
    if (!texts.message) return bad('STAT_RECORD_FIELD_MISSING', 'message');
    errHashOf = errHash(kind, texts.message, texts.stack ?? null);
  }
  if (kindName === 'pay') {
    if (!texts.order_no) return bad('STAT_RECORD_FIELD_MISSING', 'order_no');
    const a = rec.amount_cents;
    if (a === undefined || a === null) return bad('STAT_RECORD_FIELD_MISSING', 'amount_cents');
    if (typeof a !== 'number' || !Number.isInteger(a) || a < 0 || a > 2_147_483_647) return bad('STAT_AMOUNT_INVALID', 'amount_cents');
    amountCents = a;
  }

  return {
    ts: new Date(ts),
    eid,
    appId: env.appid,
    deviceId: env.deviceId,
    uid: env.uid,
    sid: rec.sid,
    kind,
    platform: env.platform,
    channel: env.channel,
    scene: env.scene,
    version: env.version,
    os: env.os,
    deviceModel: env.deviceModel,
    screen: env.screen,
    language: env.language,
    url: texts.url ?? null,
    referrer: texts.referrer ?? null,
    title: texts.title ?? null,
    evKey,
    evValue,
    errHash: errHashOf,
    errMsg: kindName === 'error' || kindName === 'crash' ? (texts.message ?? null) : null,
    errStack: kindName === 'error' || kindName === 'crash' ? (texts.stack ?? null) : null,
    orderNo: kindName === 'pay' ? (texts.order_no ?? null) : null,
    amountCents,
  };
}
