/**
 * A local stand-in of Aliyun's SMS HTTP API (dysmsapi, SendSms, version 2017-05-25, RPC style)
 * for the tests. Like the real service it recomputes the request's signature from the shared
 * AccessKeySecret (written here on its own, from the documentation, not borrowed from the
 * server's client) and refuses a wrong one with SignatureDoesNotMatch; it also refuses an
 * unknown AccessKeyId, a stale Timestamp and a reused SignatureNonce. Accepted messages are
 * recorded; `failWith(code)` makes the following calls answer that error code.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  mobile: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  /** the code of TemplateParam */
  code: string;
  at: Date;
}

/** RFC 3986: everything but A-Z a-z 0-9 - _ . ~ is %XX (uppercase hex) of its UTF-8 bytes */
function rfc3986(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(params: Map<string, string>, secret: string, method: string): string {
  const canonical = [...params.keys()]
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params.get(k)!)}`)
    .join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

export interface AliyunSmsStandin {
  /** http://127.0.0.1:port, for SMS_ENDPOINT */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** every accepted message, oldest first */
  received: ReceivedSms[];
  /** every answer given: the provider's Code per call */
  answers: string[];
  /** the following calls answer this error Code (null: back to normal) */
  failWith(code: string | null): void;
  /** the newest message to this number that arrived after `after` messages (waits up to 10 s) */
  waitFor(mobile: string, after?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

const REQUIRED = [
  'AccessKeyId',
  'Action',
  'Format',
  'PhoneNumbers',
  'SignName',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'TemplateCode',
  'Timestamp',
  'Version',
  'Signature',
];

export async function startAliyunSmsStandin(opts: { accessKeyId?: string; accessKeySecret?: string } = {}): Promise<AliyunSmsStandin> {
  const accessKeyId = opts.accessKeyId ?? 'LTAI-standin-key';
  const accessKeySecret = opts.accessKeySecret ?? 'standin-secret-Zx9/+&=';
  const received: ReceivedSms[] = [];
  const answers: string[] = [];
  const nonces = new Set<string>();
  let failure: string | null = null;

  const server = http.createServer((req, res) => {
    const answer = (status: number, code: string, message: string, extra: object = {}) => {
      answers.push(code);
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: `standin-${answers.length}`, Code: code, Message: message, ...extra }));
    };
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method !== 'GET' || url.pathname !== '/') return answer(404, 'InvalidApi.NotFound', 'Specified api is not found');
    const params = new Map<string, string>();
    for (const [k, v] of url.searchParams) {
      if (params.has(k)) return answer(400, 'InvalidParameter', `duplicate parameter ${k}`);
      params.set(k, v);
    }
    const missing = REQUIRED.find((k) => !params.get(k));
    if (missing) return answer(400, 'MissingParameter', `${missing} is mandatory for this action.`);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') return answer(400, 'InvalidAction.NotFound', 'unknown action or version');
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return answer(400, 'InvalidSignatureMethod', 'Specified signature method is not supported');
    }
    if (params.get('AccessKeyId') !== accessKeyId) return answer(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const ts = params.get('Timestamp')!;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(ts) || Math.abs(Date.parse(ts) - Date.now()) > 15 * 60_000) {
      return answer(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (params.get('Signature') !== expectedSignature(params, accessKeySecret, 'GET')) {
      return answer(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const nonce = params.get('SignatureNonce')!;
    if (nonces.has(nonce)) return answer(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    if (failure) return answer(200, failure, `stand-in told to answer ${failure}`);
    let templateParam: Record<string, string> = {};
    try {
      templateParam = JSON.parse(params.get('TemplateParam') ?? '{}');
    } catch {
      return answer(200, 'isv.INVALID_JSON_PARAM', 'JSON parameter is invalid');
    }
    const mobile = params.get('PhoneNumbers')!;
    if (!/^1\d{10}$/.test(mobile)) return answer(200, 'isv.MOBILE_NUMBER_ILLEGAL', 'illegal number');
    received.push({
      mobile,
      signName: params.get('SignName')!,
      templateCode: params.get('TemplateCode')!,
      templateParam,
      code: String(templateParam.code ?? ''),
      at: new Date(),
    });
    answer(200, 'OK', 'OK', { BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId,
    accessKeySecret,
    received,
    answers,
    failWith(code) {
      failure = code;
    },
    async waitFor(mobile, after = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const hit = received
          .slice(after)
          .filter((m) => m.mobile === mobile)
          .at(-1);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no SMS to ${mobile}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
