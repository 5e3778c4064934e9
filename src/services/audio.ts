/**
 * The audio API (the caller's recordings, their transcripts, speech-to-text models) and the
 * browser side of it: recordings are kept as 16 kHz mono WAV, so a region can be cut by the server.
 */
import { request } from '@umijs/max';
import { encodeWav } from '../../shared/audio';
import { api, type ApiResult as Data } from './client';

export type SpeechModel = Data<'/api/audio/models', 'get'>[number];
export type RecordingRow = Data<'/api/audio/recordings', 'get'>[number];
export type RecordingDetail = Data<'/api/audio/recordings/{id}', 'get'>;
export type Transcript = RecordingDetail['transcript_list'][number];
/** a new transcript with the caller's balance after paying for it */
export type TranscribeResult = Data<'/api/audio/recordings/{id}/transcribe', 'post'>;

const BASE = '/api/audio/recordings';

export const listSpeechModels = () => api.get('/api/audio/models');
export const listRecordings = () => api.get('/api/audio/recordings');
export const getRecording = (id: string) => api.get('/api/audio/recordings/{id}', { path: { id } });
export const renameRecording = (id: string, name: string) => api.put('/api/audio/recordings/{id}', { name }, { path: { id } });
export const deleteRecording = (id: string) => api.delete('/api/audio/recordings/{id}', { path: { id } });
/** the page shows the provider's error itself (code and words) */
export const transcribeRecording = (id: string, body: { model_id: string; start_s?: number | null; end_s?: number | null; language?: string | null }) =>
  api.post('/api/audio/recordings/{id}/transcribe', body, { path: { id }, skipErrorHandler: true });

export const uploadRecording = (wav: Blob, name: string, durationS: number) => {
  const form = new FormData();
  form.append('name', name);
  form.append('duration_s', String(durationS));
  form.append('file', wav, `${name.replace(/\.[a-z0-9]+$/i, '') || 'recording'}.wav`);
  // a multipart body: outside the JSON client
  return request<{ success: true; data: RecordingDetail }>(BASE, { method: 'POST', data: form, skipErrorHandler: true }).then((r) => r.data);
};

/** a recording's audio, read with the caller's token */
export const fetchAudio = (fileId: string) => request(`/api/files/${encodeURIComponent(fileId)}`, { method: 'GET', responseType: 'blob' }) as Promise<Blob>;

/** what speech models take: 16 kHz mono */
export const SPEECH_RATE = 16000;

/** the average of the channels, one array of samples */
export function mixDown(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(channels[0].length);
  for (const c of channels) for (let i = 0; i < out.length; i++) out[i] += c[i] / channels.length;
  return out;
}

/** any audio the browser can decode, as a 16 kHz mono WAV with its length in seconds */
export async function toSpeechWav(source: Blob): Promise<{ wav: Blob; durationS: number }> {
  const Ctx = window.AudioContext;
  const ctx = new Ctx();
  try {
    const decoded = await ctx.decodeAudioData(await source.arrayBuffer());
    const frames = Math.max(1, Math.ceil(decoded.duration * SPEECH_RATE));
    const offline = new OfflineAudioContext(1, frames, SPEECH_RATE);
    const node = offline.createBufferSource();
    node.buffer = decoded;
    node.connect(offline.destination);
    node.start();
    const rendered = await offline.startRendering();
    const samples = mixDown(Array.from({ length: rendered.numberOfChannels }, (_, i) => rendered.getChannelData(i)));
    return { wav: new Blob([new Uint8Array(encodeWav(samples, SPEECH_RATE))], { type: 'audio/wav' }), durationS: decoded.duration };
  } finally {
    void ctx.close();
  }
}

/** m:ss (or h:mm:ss) of a number of seconds */
export function formatSeconds(s: number): string {
  const total = Math.max(0, Math.floor(s));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** the MediaRecorder formats the device check lists */
export const RECORDER_TYPES = ['audio/webm', 'audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/aac'] as const;

/** the RMS level of the analyser's current samples, 0..100 */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.min(100, Math.round(Math.sqrt(sum / Math.max(1, samples.length)) * 300));
}
