/**
 * The SMS channel: Aliyun's SMS service (dysmsapi), action SendSms, API version 2017-05-25,
 * called RPC style as its documentation describes:
 *   - every parameter (Action, Version, Format JSON, AccessKeyId, SignatureMethod HMAC-SHA1,
 *     SignatureVersion 1.0, SignatureNonce, Timestamp in ISO 8601 UTC, the call's own
 *     parameters) percent-encoded per RFC 3986, sorted by name, joined as a query string;
 *   - StringToSign = "GET&%2F&" + percentEncode(that query string);
 *   - Signature = base64(HMAC-SHA1(key = AccessKeySecret + "&", StringToSign)), added last;
 *   - the answer is JSON: Code "OK", or an error Code and Message.
 * Configured by Config.sms (SMS_* environment). Without it the server runs the channel in
 * TEST MODE: nothing is sent; each message goes to the log (warn, labelled TEST MODE) and to
 * the sms_outbox table, which admins read in the console.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db';
import { smsOutbox } from '../db/schema';
import { AppError } from './errors';

/** a SendSms call that has not answered within this is given up (SMS_SEND_FAILED) */
export const SMS_TIMEOUT_MS = 10_000;

export interface SmsMessage {
  mobile: string;
  /** the code scene (for the outbox) */
  scene: string;
  /** the template's variable: TemplateParam {"code": "..."} */
  code: string;
  /** the text as the template would read, for the test-mode outbox and log */
  text: string;
}

export interface SmsSender {
  /** true when no SMS provider is configured: messages land in sms_outbox */
  readonly testMode: boolean;
  send(msg: SmsMessage): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ */
export const percentEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** the sorted, percent-encoded query string the signature covers (and the request carries) */
export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');

/** Aliyun RPC signature (SignatureVersion 1.0, HMAC-SHA1) of the parameters, Signature excluded */
export function rpcSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** the signed GET url of one SendSms call */
export function sendSmsUrl(sms: NonNullable<Config['sms']>, msg: Pick<SmsMessage, 'mobile' | 'code'>, now = new Date()): string {
  const params: Record<string, string> = {
    AccessKeyId: sms.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: msg.mobile,
    RegionId: 'cn-hangzhou',
    SignName: sms.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: sms.templateCode,
    TemplateParam: JSON.stringify({ code: msg.code }),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const signature = rpcSignature(params, sms.accessKeySecret);
  return `${sms.endpoint}/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
}

/** SendSms's JSON answer: Code "OK", or an error Code and Message */
interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

function aliyunSender(sms: NonNullable<Config['sms']>, log: Log): SmsSender {
  return {
    testMode: false,
    async send(msg) {
      let reply: { status: number; answer: SendSmsAnswer | null };
      try {
        const res = await fetch(sendSmsUrl(sms, msg), { signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
        reply = { status: res.status, answer: (await res.json().catch(() => null)) as SendSmsAnswer | null };
      } catch (e) {
        log.error({ err: e, provider: 'aliyun', timeoutMs: SMS_TIMEOUT_MS }, 'SMS: SendSms request failed');
        throw new AppError('SMS_SEND_FAILED', { cause: e });
      }
      const { status, answer } = reply;
      if (answer?.Code === 'OK') return;
      const providerCode = answer?.Code ?? `HTTP ${status}`;
      log.error(
        { provider: 'aliyun', providerCode, providerMessage: answer?.Message, requestId: answer?.RequestId, status },
        `SMS: SendSms refused: ${providerCode}`,
      );
      throw new AppError('SMS_SEND_FAILED', { cause: new Error(`Aliyun SendSms: ${providerCode}: ${answer?.Message ?? ''}`) });
    },
  };
}

function testModeSender(db: Db, log: Log): SmsSender {
  return {
    testMode: true,
    async send(msg) {
      await db.insert(smsOutbox).values({ mobile: msg.mobile, scene: msg.scene, content: msg.text });
      log.warn(
        { testMode: true, mobile: msg.mobile, scene: msg.scene, code: msg.code, text: msg.text },
        'TEST MODE SMS (no SMS_ACCESS_KEY_ID): not sent, written to the SMS test outbox',
      );
    },
  };
}

export function createSms(config: Pick<Config, 'sms'>, db: Db, log: Log): SmsSender {
  return config.sms ? aliyunSender(config.sms, log) : testModeSender(db, log);
}
