/**
 * The audio area: its catalogues (locales/audio/*.json) pass the area checks, its route titles are
 * in the main catalogues, and the pure helpers behind recording and transcription (WAV encoding,
 * reading and cutting a region, the speech billing, the level meter) do what the pages rely on.
 */
import { routes } from '../../config/routes';
import { AUDIO_MESSAGES } from '@/components/audio/messages';
import { formatSeconds, levelOf, mixDown } from '@/services/audio';
import { cutWav, encodeWav, isAudioType, readWav, speechCost, speechHold } from '../../shared/audio';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'audio catalogues',
    prefix: 'audio',
    messages: AUDIO_MESSAGES,
    sources: sourcesIn('src/pages/assistant/waveform', 'src/components/audio'),
    built: () => ['audio.status.done', 'audio.status.error', ...['granted', 'denied', 'prompt', 'unknown'].map((p) => `audio.test.permission.${p}`)],
    atLeast: 40,
    values: { n: 2, start: '1.0', end: '2.5', reason: 'x', time: 'now' },
  },
  () => {
    test('the route titles are in the main catalogues; the waveform hides the left menu', () => {
      const waveform = routes.find((r) => r.path === '/pages/assistant/waveform/waveform');
      const check = routes.find((r) => r.path === '/pages/assistant/waveform/test');
      expect([waveform?.title, check?.title]).toEqual(['route.assistant.waveform', 'route.assistant.waveformTest']);
      expect(waveform).toMatchObject({ frame: 'topOnly' });
      for (const l of LOCALES) for (const title of [waveform!.title, check!.title]) expect(MAIN[l][title!]).toBeTruthy();
    });
  },
);

const ramp = (n: number) => Float32Array.from({ length: n }, (_, i) => (i % 100) / 100 - 0.5);

test('a WAV written from samples reads back with its rate, length and samples', () => {
  const wav = encodeWav(ramp(16000 * 2), 16000);
  expect(String.fromCharCode(...wav.subarray(0, 4))).toBe('RIFF');
  expect(readWav(wav)).toEqual({ sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44, dataLength: 64000, durationS: 2 });
  const view = new DataView(wav.buffer);
  // sample 25 of the ramp is -0.25
  expect(view.getInt16(44 + 25 * 2, true)).toBe(Math.round(-0.25 * 0x8000));
  expect(readWav(new TextEncoder().encode('not a wav file at all'))).toBeNull();
});

test('a region is cut to exactly its seconds, clamped to the recording', () => {
  const wav = encodeWav(ramp(16000 * 3), 16000);
  const part = cutWav(wav, 1, 2.5)!;
  expect(readWav(part)?.durationS).toBe(1.5);
  // its first sample is the recording's sample at 1 s
  expect(new DataView(part.buffer).getInt16(44, true)).toBe(new DataView(wav.buffer).getInt16(44 + 16000 * 2, true));
  expect(readWav(cutWav(wav, 2, 10)!)?.durationS).toBe(1);
  expect(cutWav(new Uint8Array([1, 2, 3]), 0, 1)).toBeNull();
});

test('speech billing: minutes at the input price, output tokens per million, whole credits rounded up', () => {
  const price = { inputPrice: 60, outputPrice: 1_000_000 };
  expect(speechCost(3, 7, price)).toBe(10);
  expect(speechCost(0.5, 0, price)).toBe(1);
  expect(speechCost(90, 0, { inputPrice: 10, outputPrice: 0 })).toBe(15);
  // the hold covers up to 1000 output tokens a minute
  expect(speechHold(3, price)).toBe(3 + 50);
  expect(speechHold(60, { inputPrice: 0, outputPrice: 0 })).toBe(0);
});

test('the accepted types, the time format, mixing down and the level meter', () => {
  expect(['audio/webm;codecs=opus', 'AUDIO/WAV', 'audio/mpeg'].every(isAudioType)).toBe(true);
  expect(['application/pdf', 'video/mp4', '', null].some(isAudioType)).toBe(false);
  expect([formatSeconds(0), formatSeconds(65.7), formatSeconds(3725)]).toEqual(['0:00', '1:05', '1:02:05']);
  expect(Array.from(mixDown([Float32Array.of(1, 0), Float32Array.of(0, 0.5)]))).toEqual([0.5, 0.25]);
  expect(levelOf(new Float32Array(512))).toBe(0);
  expect(levelOf(new Float32Array(512).fill(0.1))).toBe(30);
  expect(levelOf(new Float32Array(512).fill(1))).toBe(100);
});
