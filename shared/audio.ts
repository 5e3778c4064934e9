/**
 * Audio recordings, the facts the server and the console share: the accepted types and sizes,
 * the billing of speech-to-text models, and PCM WAV reading, writing and cutting. Browser-safe.
 */

/** the audio types a recording may have (the base type, without codec parameters) */
export const AUDIO_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
  'audio/flac',
  'audio/x-flac',
] as const;

export const AUDIO_LIMITS = {
  /** bytes of one recording: the file service's own limit (10 MB) */
  MAX_BYTES: 10 * 1024 * 1024,
  NAME_MAX: 200,
  /** seconds of one recording */
  MAX_DURATION_S: 3600,
  LANGUAGE_MAX: 16,
  PROMPT_MAX: 1000,
} as const;

/** a transcription's own limit */
export const TRANSCRIBE_TIMEOUT_MS = 5 * 60_000;
/** a compressed recording's length is not measured on the server: taken as 32 kbit/s (4000 bytes a second) for the hold */
export const FALLBACK_BYTES_PER_S = 4000;

/** the base type of a MIME type, lower-case ('audio/webm;codecs=opus' -> 'audio/webm') */
export const baseType = (mime: string | null | undefined) => (mime ?? '').split(';')[0].trim().toLowerCase();
export const isAudioType = (mime: string | null | undefined) => (AUDIO_TYPES as readonly string[]).includes(baseType(mime));

/**
 * Billing of a speech-to-text model (integer credits): its input price is credits per minute of
 * audio, its output price credits per million output tokens (when the provider reports them).
 * The hold assumes at most HOLD_TOKENS_PER_MINUTE output tokens a minute of speech.
 */
export const HOLD_TOKENS_PER_MINUTE = 1000;
export const speechCost = (seconds: number, outputTokens: number, price: { inputPrice: number; outputPrice: number }) =>
  Math.ceil((Math.max(0, seconds) * price.inputPrice) / 60) + Math.ceil((Math.max(0, outputTokens) * price.outputPrice) / 1_000_000);
export const speechHold = (seconds: number, price: { inputPrice: number; outputPrice: number }) =>
  speechCost(seconds, Math.ceil((seconds / 60) * HOLD_TOKENS_PER_MINUTE), price);

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** byte offset and length of the samples */
  dataOffset: number;
  dataLength: number;
  durationS: number;
}

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** a PCM (format 1) WAV's layout, or null when the bytes are not one */
export function readWav(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      fmt = {
        format: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.format !== 1 || !fmt.channels || !fmt.sampleRate || ![8, 16, 24, 32].includes(fmt.bits)) return null;
      // a recorder that never came back to fix the size writes 0 or 0xFFFFFFFF: the samples run to the end
      const dataLength = Math.min(size || bytes.length - body, bytes.length - body);
      const frame = fmt.channels * (fmt.bits / 8);
      const usable = dataLength - (dataLength % frame);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bits,
        dataOffset: body,
        dataLength: usable,
        durationS: usable / frame / fmt.sampleRate,
      };
    }
    at = body + size + (size % 2);
  }
  return null;
}

function header(dataLength: number, sampleRate: number, channels: number, bits: number): Uint8Array {
  const out = new Uint8Array(44);
  const v = new DataView(out.buffer);
  const put = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  put(0, 'RIFF');
  v.setUint32(4, 36 + dataLength, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * channels * (bits / 8), true);
  v.setUint16(32, channels * (bits / 8), true);
  v.setUint16(34, bits, true);
  put(36, 'data');
  v.setUint32(40, dataLength, true);
  return out;
}

/** the part of a PCM WAV from startS to endS (clamped to the recording), as a WAV of its own */
export function cutWav(bytes: Uint8Array, startS: number, endS: number): Uint8Array | null {
  const w = readWav(bytes);
  if (!w) return null;
  const frame = w.channels * (w.bitsPerSample / 8);
  const frames = w.dataLength / frame;
  const from = Math.max(0, Math.min(frames, Math.floor(startS * w.sampleRate)));
  const to = Math.max(from, Math.min(frames, Math.ceil(endS * w.sampleRate)));
  const data = bytes.subarray(w.dataOffset + from * frame, w.dataOffset + to * frame);
  const out = new Uint8Array(44 + data.length);
  out.set(header(data.length, w.sampleRate, w.channels, w.bitsPerSample));
  out.set(data, 44);
  return out;
}

/** mono float samples (-1..1) as a 16-bit PCM WAV */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const out = new Uint8Array(44 + samples.length * 2);
  out.set(header(samples.length * 2, sampleRate, 1, 16));
  const v = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    v.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return out;
}
