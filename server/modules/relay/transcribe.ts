/**
 * OpenAI's /v1/audio/transcriptions through the relay: a multipart upload (file, model, language,
 * prompt, response_format json or text) to a speech-to-text model, held and billed as the console's
 * own transcriptions are (credits per minute of audio, and per million output tokens when the
 * provider reports them), in the same ledger with ref type api and the key as reference.
 */
import type { Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUDIO_LIMITS, baseType, FALLBACK_BYTES_PER_S, isAudioType, readWav, speechCost, speechHold, TRANSCRIBE_TIMEOUT_MS } from '../../../shared/audio';
import { AppError } from '../../core/errors';
import { assertNoNul } from '../../core/input-guard';
import { ProviderError, type transcribe as transcribeFn } from '../ai-models/providers';
import type { RelayCaller, RelayService } from './service';

const FIELDS = ['model', 'language', 'prompt', 'response_format'] as const;

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });

async function read(parts: AsyncIterableIterator<Multipart>) {
  const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
  let file: { bytes: Buffer; name: string; mime: string } | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      if ((FIELDS as readonly string[]).includes(part.fieldname)) {
        assertNoNul(part.value, part.fieldname);
        fields[part.fieldname as (typeof FIELDS)[number]] = String(part.value ?? '');
      }
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    if (!isAudioType(part.mimetype)) {
      part.file.resume();
      throw bad('file', 'an audio file: wav, webm, ogg, mp3, m4a or flac');
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', { field: 'file' });
    file = { bytes, name: part.filename || 'audio', mime: baseType(part.mimetype) };
  }
  if (!file) throw bad('file', 'required');
  return { fields, file };
}

export async function relayTranscription(
  req: FastifyRequest,
  reply: FastifyReply,
  caller: RelayCaller,
  relay: RelayService,
  transcribe: typeof transcribeFn,
  parts: AsyncIterableIterator<Multipart>,
) {
  const { fields, file } = await read(parts);
  const format = fields.response_format || 'json';
  if (format !== 'json' && format !== 'text') throw bad('response_format', 'json or text');
  if ((fields.language?.length ?? 0) > AUDIO_LIMITS.LANGUAGE_MAX) throw bad('language', `at most ${AUDIO_LIMITS.LANGUAGE_MAX} characters`);
  if ((fields.prompt?.length ?? 0) > AUDIO_LIMITS.PROMPT_MAX) throw bad('prompt', `at most ${AUDIO_LIMITS.PROMPT_MAX} characters`);
  const model = await relay.resolve(caller, fields.model, 'speech-to-text');
  const seconds = readWav(file.bytes)?.durationS ?? file.bytes.length / FALLBACK_BYTES_PER_S;
  if (seconds > AUDIO_LIMITS.MAX_DURATION_S) throw bad('file', `at most ${AUDIO_LIMITS.MAX_DURATION_S / 60} minutes of audio`);
  await relay.admit(caller);
  const price = { inputPrice: model.inputPrice, outputPrice: model.outputPrice };
  const ticket = await relay.open(caller, model, 0, 0, speechHold(seconds, price));

  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), TRANSCRIBE_TIMEOUT_MS);
  let result: Awaited<ReturnType<typeof transcribeFn>> | null = null;
  let failure: unknown = null;
  try {
    result = await transcribe(model.target, {
      audio: file.bytes,
      fileName: file.name,
      mime: file.mime,
      language: fields.language || null,
      prompt: fields.prompt || null,
      signal: ctl.signal,
    });
  } catch (e) {
    failure = ctl.signal.aborted ? new ProviderError('AI_TIMEOUT', 'the provider did not answer in time') : e;
  } finally {
    clearTimeout(timer);
  }
  const usage = result?.usage ?? null;
  const billedSeconds = usage?.type === 'duration' ? usage.seconds : seconds;
  const output = usage?.type === 'tokens' ? usage.outputTokens : 0;
  const code = failure instanceof ProviderError ? failure.code : failure ? 'AI_PROVIDER_ERROR' : null;
  await relay.close(ticket, {
    usage: usage?.type === 'tokens' ? { input: usage.inputTokens, output: usage.outputTokens } : null,
    localOutput: 0,
    generated: !!result,
    firstTokenMs: null,
    status: failure ? 'error' : 'done',
    errorCode: code,
    cost: result ? speechCost(billedSeconds, output, price) : 0,
  });
  if (failure) {
    throw failure instanceof ProviderError
      ? new AppError(failure.code, { params: { message: failure.providerMessage } })
      : new AppError('AI_PROVIDER_ERROR', { params: { message: 'the provider could not be reached' } });
  }
  if (format === 'text') return reply.type('text/plain; charset=utf-8').send(result!.text);
  return reply.send({ text: result!.text, ...(usage?.type === 'duration' ? { usage: { type: 'duration', seconds: usage.seconds } } : {}) });
}
