/**
 * The image captcha is a picture a glyph table cannot read: a PNG drawn anew each time, where
 * the same text never gives the same pixels, and the answer travels nowhere but its row.
 */
import { inflateSync } from 'node:zlib';
import { VERIFY } from '../../server/config';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptchaPixels } from '../../server/modules/verify/captcha-image';
import { call } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { captchaAnswer } from '../support/verify';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** decodes an 8-bit RGB PNG with unfiltered rows (what the server writes): width, height, pixels */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) raw.copy(pixels, y * width * 3, y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  return { width, height, pixels };
}

/** which pixels are ink (dark), as a 0/1 mask */
const inkMask = (rgb: Uint8Array) => Uint8Array.from({ length: rgb.length / 3 }, (_, k) => (rgb[k * 3] + rgb[k * 3 + 1] + rgb[k * 3 + 2] < 3 * 140 ? 1 : 0));

describe('image captcha', () => {
  it('comes as a PNG with dark strokes on a pale ground, carrying neither the answer nor any outline', async () => {
    const r = await call(t.app, 'GET', '/api/auth/captcha?scene=register');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const { id, image, expiresIn } = r.body.data;
    expect(expiresIn).toBe(VERIFY.CAPTCHA_TTL_S);
    expect(image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const answer = await captchaAnswer(t.db.$client, id);
    expect(answer).toHaveLength(VERIFY.CAPTCHA_LENGTH);
    expect([...answer.toUpperCase()].every((c) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
    const png = Buffer.from(image.split(',')[1], 'base64');
    const { width, height, pixels } = decodePng(png);
    expect([width, height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    const ink = inkMask(pixels).reduce((a, b) => a + b, 0) / (width * height);
    // strokes are there, but the picture is mostly ground
    expect(ink).toBeGreaterThan(0.05);
    expect(ink).toBeLessThan(0.5);
    expect(JSON.stringify(r.body)).not.toMatch(/<svg|<path/);
    expect(JSON.stringify(r.body).toLowerCase()).not.toContain(`"${answer}"`);
  });

  it('the same text twice gives different pictures: the strokes themselves move, not only the grain', () => {
    for (const text of ['AB2Z', 'MMMM', '7777']) {
      const a = inkMask(renderCaptchaPixels(text));
      const b = inkMask(renderCaptchaPixels(text));
      let differ = 0;
      let inkA = 0;
      for (let k = 0; k < a.length; k++) {
        differ += a[k] ^ b[k];
        inkA += a[k];
      }
      // a glyph table needs a character to look the same twice; here most of the ink lands elsewhere
      expect(differ).toBeGreaterThan(inkA * 0.8);
    }
  });
});
