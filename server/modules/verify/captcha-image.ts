/**
 * The image captcha's picture: the text drawn into a raster (PNG) by our own code, so no glyph
 * outline travels to the client. Each character is built from a stroke skeleton whose points
 * are jittered, then rotated, scaled, sheared and placed at random; the whole picture is warped
 * by random waves and crossed by curves drawn like the strokes, so neither a glyph table nor a
 * colour filter separates the characters from the noise.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** characters a person cannot confuse once distorted (no 0/O, 1/I/L) */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

type Pt = [number, number];

/** points along an ellipse arc on the 10 x 14 glyph grid (angles in degrees, y down) */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps = 8): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

/** stroke skeletons on a 10 wide, 14 high grid; each stroke a polyline */
const GLYPHS: Record<string, Pt[][]> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2.2, 8.5],
      [7.8, 8.5],
    ],
  ],
  B: [
    [
      [1, 0],
      [1, 14],
    ],
    [[1, 0], [6, 0], ...arc(6, 3.5, 3, 3.5, -90, 90, 6), [1, 7]],
    [[1, 7], [6.5, 7], ...arc(6.5, 10.5, 3.5, 3.5, -90, 90, 6), [1, 14]],
  ],
  C: [arc(6, 7, 5, 7, -40, -320, 12)],
  D: [
    [
      [1, 0],
      [1, 14],
    ],
    [[1, 0], [4, 0], ...arc(4, 7, 5.5, 7, -90, 90, 10), [1, 14]],
  ],
  E: [
    [
      [9, 0],
      [1, 0],
      [1, 14],
      [9, 14],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [9, 0],
      [1, 0],
      [1, 14],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  G: [[...arc(6, 7, 5, 7, -40, -360, 12), [10, 7], [6, 7]]],
  H: [
    [
      [1, 0],
      [1, 14],
    ],
    [
      [9, 0],
      [9, 14],
    ],
    [
      [1, 7],
      [9, 7],
    ],
  ],
  J: [[[9, 0], [9, 10], ...arc(5, 10, 4, 4, 0, 160, 6)]],
  K: [
    [
      [1, 0],
      [1, 14],
    ],
    [
      [9, 0],
      [1, 8],
    ],
    [
      [4, 5.5],
      [9.5, 14],
    ],
  ],
  M: [
    [
      [0.5, 14],
      [1, 0],
      [5, 9],
      [9, 0],
      [9.5, 14],
    ],
  ],
  N: [
    [
      [1, 14],
      [1, 0],
      [9, 14],
      [9, 0],
    ],
  ],
  P: [[[1, 14], [1, 0], [6, 0], ...arc(6, 3.8, 3.5, 3.8, -90, 90, 6), [1, 7.6]]],
  Q: [
    arc(5, 7, 4.8, 7, 0, 360, 14),
    [
      [5.5, 9.5],
      [10, 14.5],
    ],
  ],
  R: [
    [[1, 14], [1, 0], [6, 0], ...arc(6, 3.8, 3.5, 3.8, -90, 90, 6), [1, 7.6]],
    [
      [5, 7.6],
      [9.5, 14],
    ],
  ],
  S: [[...arc(5, 3.5, 4, 3.5, -20, -270, 8), ...arc(5, 10.5, 4, 3.5, -90, 160, 8)]],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [[[1, 0], [1, 9.5], ...arc(5, 9.5, 4, 4.5, 180, 0, 8), [9, 0]]],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2.5, 14],
      [5, 5],
      [7.5, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0.5, 0],
      [9.5, 14],
    ],
    [
      [9.5, 0],
      [0.5, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  Z: [
    [
      [1, 0],
      [9, 0],
      [1, 14],
      [9.5, 14],
    ],
  ],
  '2': [[...arc(5, 4, 4, 4, -170, 30, 8), [1, 14], [9.5, 14]]],
  '3': [
    [...arc(5, 3.6, 4, 3.6, -160, 90, 8), [4, 7.2]],
    [[4, 7.2], ...arc(5, 10.5, 4.3, 3.5, -90, 160, 8)],
  ],
  '4': [
    [
      [7, 14],
      [7, 0],
      [0.5, 10],
      [10, 10],
    ],
  ],
  '5': [[[9, 0], [2, 0], [1.5, 6], ...arc(5, 9.5, 4.3, 4.5, -130, 160, 10)]],
  '6': [[...arc(6, 6, 4.5, 6, -60, -180, 6), ...arc(5, 10, 4, 4, 180, 540, 14)]],
  '7': [
    [
      [0.5, 0],
      [9.5, 0],
      [4, 14],
    ],
    [
      [3, 7],
      [8, 7],
    ],
  ],
  '8': [arc(5, 3.6, 3.6, 3.6, 90, 450, 12), arc(5, 10.4, 4.3, 3.6, -90, 270, 12)],
  '9': [[...arc(5, 4.5, 4, 4.5, 0, 360, 14), ...arc(4, 8, 5, 6, 0, 120, 6)]],
};

/** a uniform random number in [lo, hi) from the CSPRNG (the picture must not be predictable) */
const rnd = (lo: number, hi: number) => lo + (randomInt(0, 1_000_000) / 1_000_000) * (hi - lo);

export function randomCaptchaText(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

interface Ink {
  width: number;
  color: [number, number, number];
  /** polylines in pixel coordinates */
  lines: Pt[][];
}

/** one character: the skeleton jittered point by point, then rotated, scaled, sheared and placed */
function inkFor(ch: string, cx: number, cy: number, height: number): Ink {
  const glyph = GLYPHS[ch];
  if (!glyph) throw new Error(`no captcha glyph for ${ch}`);
  const scale = (height / 14) * rnd(0.88, 1.05);
  const sx = scale * rnd(0.85, 1.15);
  const angle = rnd(-0.38, 0.38);
  const shear = rnd(-0.35, 0.35);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const lines = glyph.map((stroke) =>
    stroke.map(([gx, gy]): Pt => {
      const x = (gx - 5 + rnd(-0.55, 0.55)) * sx;
      const y = (gy - 7 + rnd(-0.55, 0.55)) * scale;
      const xs = x + shear * y;
      return [cx + xs * cos - y * sin, cy + xs * sin + y * cos];
    }),
  );
  return { width: rnd(2.2, 3.4), color: darkColor(), lines };
}

const darkColor = (): [number, number, number] => [randomInt(10, 110), randomInt(10, 110), randomInt(10, 110)];

/** a random curve across the picture, drawn like a stroke (same widths and colours as the text) */
function noiseCurve(w: number, h: number): Ink {
  const p0: Pt = [rnd(-10, w * 0.3), rnd(0, h)];
  const p3: Pt = [rnd(w * 0.7, w + 10), rnd(0, h)];
  const p1: Pt = [rnd(0, w), rnd(-h * 0.5, h * 1.5)];
  const p2: Pt = [rnd(0, w), rnd(-h * 0.5, h * 1.5)];
  const pts: Pt[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const u = 1 - t;
    pts.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return { width: rnd(1.2, 2.4), color: darkColor(), lines: [pts] };
}

/** draws an anti-aliased thick polyline into an RGB float canvas */
function stroke(canvas: Float32Array, w: number, h: number, ink: Ink) {
  const r = ink.width / 2;
  // coverage per pixel for this ink, so overlapping segments of one stroke do not darken twice
  const cover = new Float32Array(w * h);
  for (const line of ink.lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const [ax, ay] = line[i];
      const [bx, by] = line[i + 1];
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r - 1));
      const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx) + r + 1));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r - 1));
      const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by) + r + 1));
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy || 1e-9;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5 - ax;
          const py = y + 0.5 - ay;
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
          const d = Math.hypot(px - t * dx, py - t * dy);
          const c = Math.max(0, Math.min(1, r + 0.5 - d));
          const k = y * w + x;
          if (c > cover[k]) cover[k] = c;
        }
      }
    }
  }
  for (let k = 0; k < w * h; k++) {
    const c = cover[k];
    if (!c) continue;
    for (let ch = 0; ch < 3; ch++) canvas[k * 3 + ch] = canvas[k * 3 + ch] * (1 - c) + ink.color[ch] * c;
  }
}

/** samples the canvas through random waves (bilinear), so straight strokes bend differently each time */
function warp(src: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(src.length);
  const ax = rnd(1.5, 3.5);
  const ay = rnd(1.5, 3);
  const fx = rnd(0.06, 0.14);
  const fy = rnd(0.04, 0.09);
  const px = rnd(0, Math.PI * 2);
  const py = rnd(0, Math.PI * 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.max(0, Math.min(w - 1.001, x + ax * Math.sin(y * fx + px)));
      const sy = Math.max(0, Math.min(h - 1.001, y + ay * Math.sin(x * fy + py)));
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      const tx = sx - ix;
      const ty = sy - iy;
      for (let ch = 0; ch < 3; ch++) {
        const a = src[(iy * w + ix) * 3 + ch];
        const b = src[(iy * w + ix + 1) * 3 + ch];
        const c = src[((iy + 1) * w + ix) * 3 + ch];
        const d = src[((iy + 1) * w + ix + 1) * 3 + ch];
        out[(y * w + x) * 3 + ch] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
      }
    }
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** an 8-bit RGB PNG (no filter per row; zlib does the rest) */
export function encodePng(rgb: Uint8Array, w: number, h: number): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * w * 3, w * 3).copy(raw, y * (w * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** the raw RGB pixels of a captcha for `text` (characters of CAPTCHA_ALPHABET, any case) */
export function renderCaptchaPixels(text: string, w = CAPTCHA_WIDTH, h = CAPTCHA_HEIGHT): Uint8Array {
  const canvas = new Float32Array(w * h * 3);
  // a pale background whose tint drifts across the picture
  const bgA = [randomInt(215, 250), randomInt(215, 250), randomInt(215, 250)];
  const bgB = [randomInt(215, 250), randomInt(215, 250), randomInt(215, 250)];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = x / w;
      for (let ch = 0; ch < 3; ch++) canvas[(y * w + x) * 3 + ch] = bgA[ch] * (1 - t) + bgB[ch] * t;
    }
  }
  const chars = text.toUpperCase().split('');
  const step = (w - 20) / chars.length;
  const inks: Ink[] = chars.map((c, i) => inkFor(c, 10 + step * (i + 0.5) + rnd(-3, 3), h / 2 + rnd(-2.5, 2.5), h * rnd(0.56, 0.64)));
  for (let i = randomInt(2, 4); i > 0; i--) inks.push(noiseCurve(w, h));
  // text and curves in random order, so the drawing order says nothing either
  for (let i = inks.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [inks[i], inks[j]] = [inks[j], inks[i]];
  }
  for (const ink of inks) stroke(canvas, w, h, ink);
  const warped = warp(canvas, w, h);
  const out = new Uint8Array(w * h * 3);
  // one random byte per pixel and channel for the grain, one per pixel for the speckles
  const grain = randomBytes(w * h * 4);
  for (let k = 0; k < w * h; k++) {
    const color = grain[w * h * 3 + k] < 4 ? darkColor() : null;
    for (let ch = 0; ch < 3; ch++) {
      const v = color ? (warped[k * 3 + ch] + color[ch] * 2) / 3 : warped[k * 3 + ch] + (grain[k * 3 + ch] - 128) / 10;
      out[k * 3 + ch] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return out;
}

/** the captcha as a PNG */
export function renderCaptchaPng(text: string): Buffer {
  return encodePng(renderCaptchaPixels(text), CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
}
