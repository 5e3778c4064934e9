/**
 * Audio recordings and their transcripts (audio_recordings, audio_transcripts): the audio itself
 * is a file of the file service under `audio/<user>/`; a transcription goes to a speech-to-text
 * model and is billed through the ledger (hold the estimate, settle the real cost, ai_usage row
 * with purpose 'transcription' and the recording as ref_id). A provider error costs nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import {
  AUDIO_LIMITS,
  baseType,
  cutWav,
  FALLBACK_BYTES_PER_S,
  isAudioType,
  readWav,
  speechCost,
  speechHold,
  TRANSCRIBE_TIMEOUT_MS,
} from '../../../shared/audio';
import type { AccessSubject } from '../../../shared/permissions';
import { cutText, textLength } from '../../../shared/text';
import type { AuthUser } from '../../core/auth';
import { AppError } from '../../core/errors';
import { assertNoNul } from '../../core/input-guard';
import { query, type Row, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AiModelService } from '../ai-models/service';
import { ProviderError, type transcribe as transcribeFn } from '../ai-models/providers';
import { providerFailure } from '../chat/reader';
import { logInterrupted, logUsage, withRetries } from '../chat/usage';
import type { CreditService } from '../credits/service';
import type { FileService } from '../files/service';
import type { LedgerRefType } from '../../../shared/ledger';
import type { AudioRecording, AudioRecordingDetail, AudioTranscriptRow } from './schemas';

const REF_TYPE: LedgerRefType = 'transcription';

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });

const EXT: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

const RECORDING_COLUMNS = sql`r.id, r.name, r.mime, r.duration_s, r.file_id, r.created_at, r.updated_at,
  (SELECT count(*)::int FROM audio_transcripts t WHERE t.recording_id = r.id) AS transcripts`;
const TRANSCRIPT_COLUMNS = sql`t.id, t.model_id, t.model_name, t.start_s, t.end_s, t.language, t.text, t.credits, t.status, t.error_code,
  t.error_message, t.created_at`;

export interface TranscribeInput {
  model_id: string;
  start_s?: number | null;
  end_s?: number | null;
  language?: string | null;
  prompt?: string | null;
}

const iso = <T extends Row>(r: T): T => {
  const fields: Row = r;
  for (const k of ['created_at', 'updated_at']) if (fields[k] instanceof Date) fields[k] = (fields[k] as Date).toISOString();
  return r;
};

export class AudioService {
  constructor(
    private db: Db,
    private files: FileService,
    private credits: CreditService,
    private models: Pick<AiModelService, 'listSpeechForUser' | 'resolveSpeechForUser'>,
    private transcribe: typeof transcribeFn,
  ) {
    // a transcription whose process died before settling: nothing was captured, the log says so
    credits.onSettle(REF_TYPE, async (tx, hold) => {
      await logInterrupted(tx, hold, REF_TYPE);
    });
  }

  listModels(user: AccessSubject) {
    return this.models.listSpeechForUser(user);
  }

  async list(userId: string): Promise<AudioRecording[]> {
    const rows = await query<AudioRecording>(
      this.db,
      sql`SELECT ${RECORDING_COLUMNS} FROM audio_recordings r WHERE r.user_id = ${userId} ORDER BY r.created_at DESC, r.id`,
    );
    return rows.map(iso);
  }

  /** the caller's recording with its transcripts (newest first); NOT_FOUND for anyone else's */
  async get(userId: string, id: string): Promise<AudioRecordingDetail> {
    const [r] = await query<AudioRecording>(this.db, sql`SELECT ${RECORDING_COLUMNS} FROM audio_recordings r WHERE r.id = ${id} AND r.user_id = ${userId}`);
    if (!r) throw new AppError('NOT_FOUND');
    const transcripts = await query<AudioTranscriptRow>(
      this.db,
      sql`SELECT ${TRANSCRIPT_COLUMNS} FROM audio_transcripts t WHERE t.recording_id = ${id} ORDER BY t.created_at DESC, t.id`,
    );
    return { ...iso(r), transcript_list: transcripts.map(iso) };
  }

  /**
   * A multipart upload: the audio in the field `file` (an audio type, at most AUDIO_LIMITS.MAX_BYTES),
   * optional fields `name` and `duration_s` (the browser's measure, used when the server cannot
   * measure the format itself: only a WAV's length is read here). Stored through the file service.
   */
  async upload(user: AuthUser, parts: AsyncIterableIterator<Multipart>): Promise<AudioRecordingDetail> {
    const fields: Record<string, string> = {};
    let fileName = '';
    let mime = '';
    const cloudPath = `audio/${user.uid}/${randomUUID()}`;
    async function* checked(): AsyncIterableIterator<Multipart> {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (['name', 'duration_s'].includes(part.fieldname)) {
            // multipart fields pass by the JSON body's NUL check
            assertNoNul(part.value, part.fieldname);
            fields[part.fieldname] = String(part.value ?? '');
          }
          continue;
        }
        if (part.fieldname === 'file') {
          if (!isAudioType(part.mimetype)) {
            part.file.resume();
            throw bad('file', 'an audio file: wav, webm, ogg, mp3, m4a or flac');
          }
          mime = baseType(part.mimetype);
          fileName = part.filename ?? '';
          yield { type: 'field', fieldname: 'cloudPath', value: `${cloudPath}.${EXT[mime]}` } as unknown as Multipart;
        }
        yield part;
      }
    }
    let stored: { fileID: string };
    try {
      stored = await this.files.upload(user.uid, checked());
    } catch (e) {
      // the file service's own words for the missing path would be ours to answer: no file came
      if (e instanceof AppError && e.code === 'CLOUDPATH_REQUIRED') throw bad('file', 'required');
      throw e;
    }
    try {
      const name = cutText((fields.name ?? '').trim(), AUDIO_LIMITS.NAME_MAX) || cutText(fileName, AUDIO_LIMITS.NAME_MAX) || 'recording';
      const bytes = await this.bytesOf(stored.fileID);
      let duration = readWav(bytes)?.durationS ?? null;
      if (duration === null && fields.duration_s !== undefined && fields.duration_s !== '') {
        const d = Number(fields.duration_s);
        if (!Number.isFinite(d) || d <= 0 || d > AUDIO_LIMITS.MAX_DURATION_S)
          throw bad('duration_s', `a number of seconds from 0 to ${AUDIO_LIMITS.MAX_DURATION_S}`);
        duration = d;
      }
      if (duration !== null && duration > AUDIO_LIMITS.MAX_DURATION_S) throw bad('file', `at most ${AUDIO_LIMITS.MAX_DURATION_S / 60} minutes of audio`);
      const [row] = await query<{ id: string }>(
        this.db,
        sql`INSERT INTO audio_recordings (user_id, file_id, name, mime, duration_s) VALUES (${user.uid}, ${stored.fileID}, ${name}, ${mime}, ${duration}) RETURNING id`,
      );
      return this.get(user.uid, row.id);
    } catch (e) {
      await this.files.deleteFiles(user, [stored.fileID]).catch(() => undefined);
      throw e;
    }
  }

  async rename(userId: string, id: string, name: string): Promise<AudioRecordingDetail> {
    const n = name.trim();
    if (!n) throw bad('name', 'required');
    if (textLength(n) > AUDIO_LIMITS.NAME_MAX) throw bad('name', `at most ${AUDIO_LIMITS.NAME_MAX} characters`);
    const [r] = await query(this.db, sql`UPDATE audio_recordings SET name = ${n}, updated_at = now() WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
    if (!r) throw new AppError('NOT_FOUND');
    return this.get(userId, id);
  }

  /** the recording, its transcripts, then its file (a file left by a failure there is served to nobody but its owner) */
  async remove(user: AuthUser, id: string): Promise<void> {
    const [r] = await query<{ file_id: string }>(this.db, sql`DELETE FROM audio_recordings WHERE id = ${id} AND user_id = ${user.uid} RETURNING file_id`);
    if (!r) throw new AppError('NOT_FOUND');
    await this.files.deleteFiles(user, [r.file_id]).catch(() => undefined);
  }

  private async bytesOf(fileId: string): Promise<Buffer> {
    const opened = await this.files.storage.open(fileId);
    if (!opened) throw new AppError('NOT_FOUND', { field: 'file' });
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Transcribes the recording, or the region start_s..end_s of a WAV recording (cut here; the
   * console keeps what it records and decodes as WAV, so its regions always can be). Saves the
   * transcript, bills it, answers it with the caller's balance after; a provider's failure is saved as an error transcript,
   * costs nothing, and is thrown as its catalogue error with the provider's words.
   */
  async transcribeRecording(user: AccessSubject & { uid: string }, id: string, input: TranscribeInput): Promise<AudioTranscriptRow & { balance: number }> {
    const [rec] = await query<{ file_id: string; name: string; mime: string | null; duration_s: number | null }>(
      this.db,
      sql`SELECT file_id, name, mime, duration_s FROM audio_recordings WHERE id = ${id} AND user_id = ${user.uid}`,
    );
    if (!rec) throw new AppError('NOT_FOUND');
    const language = input.language?.trim() || null;
    if (language && !/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/.test(language)) throw bad('language', 'an ISO-639-1 code such as en or zh');
    const hasStart = input.start_s !== undefined && input.start_s !== null;
    const hasEnd = input.end_s !== undefined && input.end_s !== null;
    if (hasStart !== hasEnd) throw bad(hasStart ? 'end_s' : 'start_s', 'a region needs both start_s and end_s');
    const region = hasStart ? { start: input.start_s!, end: input.end_s! } : null;
    if (region) {
      if (!(region.start >= 0)) throw bad('start_s', 'at least 0');
      if (!(region.end > region.start)) throw bad('end_s', 'after start_s');
      if (rec.duration_s !== null && region.start >= rec.duration_s) throw bad('start_s', 'within the recording');
    }
    const model = await this.models.resolveSpeechForUser(user, input.model_id);

    let audio = await this.bytesOf(rec.file_id);
    let mime = rec.mime || 'audio/wav';
    let seconds = rec.duration_s ?? readWav(audio)?.durationS ?? audio.length / FALLBACK_BYTES_PER_S;
    if (region) {
      const cut = cutWav(audio, region.start, region.end);
      if (!cut) throw bad('start_s', 'a region can be cut from a WAV recording only');
      audio = Buffer.from(cut.buffer, cut.byteOffset, cut.byteLength);
      mime = 'audio/wav';
      seconds = readWav(cut)?.durationS ?? region.end - region.start;
    }
    const fileName = `${(rec.name || 'audio').replace(/[^\w.-]+/g, '_').slice(0, 60)}.${EXT[mime] ?? 'wav'}`;

    const price = { inputPrice: model.inputPrice, outputPrice: model.outputPrice };
    const amount = speechHold(seconds, price);
    const [, balance, dailyLimit] = await Promise.all([this.credits.start(), this.credits.balance(user.uid), this.credits.dailyLimitOf(user.role ?? [])]);
    if (balance < amount) throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: amount, balance } });
    const hold = await this.credits.hold(user.uid, amount, {
      key: `${REF_TYPE}:${randomUUID()}`,
      refType: REF_TYPE,
      refId: id,
      reason: `transcription: ${model.name}`,
      dailyLimit,
    });

    const started = Date.now();
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), TRANSCRIBE_TIMEOUT_MS);
    let result: Awaited<ReturnType<typeof transcribeFn>> | null = null;
    let failure: AppError | null = null;
    try {
      result = await this.transcribe(model.target, { audio, fileName, mime, language, prompt: input.prompt?.trim() || null, signal: ctl.signal });
    } catch (e) {
      failure = ctl.signal.aborted
        ? new AppError('AI_TIMEOUT', { params: { seconds: TRANSCRIBE_TIMEOUT_MS / 1000, message: '' } })
        : providerFailure(e instanceof ProviderError || e instanceof AppError ? e : new ProviderError('AI_PROVIDER_ERROR', String((e as Error)?.message ?? e)));
    } finally {
      clearTimeout(timer);
    }
    const totalMs = Date.now() - started;
    const usage = result?.usage ?? null;
    const billedSeconds = usage?.type === 'duration' ? usage.seconds : seconds;
    const outputTokens = usage?.type === 'tokens' ? usage.outputTokens : 0;
    const cost = result ? speechCost(billedSeconds, outputTokens, price) : 0;
    const errorMessage = failure ? String((failure.params as { message?: unknown } | undefined)?.message ?? '') : null;

    let transcriptId = '';
    const settled = await withRetries(() =>
      this.credits.settle(hold.id, cost, async (tx: Tx, captured: number) => {
        const [t] = await query<{ id: string }>(
          tx,
          sql`INSERT INTO audio_transcripts (recording_id, user_id, model_id, model_name, start_s, end_s, language, text, credits, status, error_code, error_message)
            VALUES (${id}, ${user.uid}, ${model.id}, ${model.name}, ${region?.start ?? null}, ${region?.end ?? null}, ${language}, ${result?.text ?? ''},
              ${captured}, ${failure ? 'error' : 'done'}, ${failure?.code ?? null}, ${errorMessage})
            RETURNING id`,
        );
        transcriptId = t.id;
        await logUsage(
          tx,
          { user_id: user.uid, model_id: model.id, model_name: model.name },
          {
            input: usage?.type === 'tokens' ? usage.inputTokens : 0,
            output: outputTokens,
            credits: captured,
            firstTokenMs: null,
            totalMs,
            status: failure ? 'error' : 'done',
            errorCode: failure?.code ?? null,
            source: usage ? 'provider' : 'local',
            purpose: REF_TYPE,
            refId: id,
          },
        );
      }),
    );
    if (failure) throw failure;
    const [t] = await query<AudioTranscriptRow>(this.db, sql`SELECT ${TRANSCRIPT_COLUMNS} FROM audio_transcripts t WHERE t.id = ${transcriptId}`);
    return { ...iso(t), balance: settled.balance };
  }
}
