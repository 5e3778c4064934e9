/** Audio recordings: upload (multipart), list, read with transcripts, rename, delete, transcribe. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { AUDIO_LIMITS } from '../../../shared/audio';
import { partsOf, uploadScope } from '../../core/multipart';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { AudioRecording, AudioRecordingDetail, AudioTranscript, SpeechModel } from './schemas';
import { callerOf } from '../../core/auth';

export async function audioRoutes({ app, db, files, credits, aiModels, audio }: ModuleContext) {
  for (const s of [SpeechModel, AudioTranscript, AudioRecording, AudioRecordingDetail]) app.addSchema(s);
  const tags = ['audio'];
  const detail = Ok(Type.Ref('AudioRecordingDetail'));

  app.get('/api/audio/models', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the enabled speech-to-text models the caller's roles may use", response: { 200: Ok(Type.Array(Type.Ref('SpeechModel'))) } },
    handler: async (req) => ({
      success: true as const,
      data: (await audio.listModels(callerOf(req))).map((m) => ({ id: m.id, name: m.name, input_price: m.input_price, output_price: m.output_price })),
    }),
  });

  app.get('/api/audio/recordings', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the caller's recordings, newest first", response: { 200: Ok(Type.Array(Type.Ref('AudioRecording'))) } },
    handler: async (req) => ok(await audio.list(req.auth!.uid)),
  });

  await uploadScope(app, { fileSize: AUDIO_LIMITS.MAX_BYTES, fields: 4 }, (scope) => {
    scope.post('/api/audio/recordings', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `upload a recording: multipart/form-data with the audio in "file" (wav, webm, ogg, mp3, m4a or flac; at most ${AUDIO_LIMITS.MAX_BYTES / 1024 / 1024} MB), optional "name" and "duration_s"`,
        consumes: ['multipart/form-data'],
        response: { 200: detail },
      },
      handler: async (req) => ok(await audio.upload(req.auth!, partsOf(req))),
    });
  });

  app.get('/api/audio/recordings/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "one of the caller's recordings with its transcripts, newest first", params: IdParam, response: { 200: detail } },
    handler: async (req) => ok(await audio.get(req.auth!.uid, req.params.id)),
  });

  app.put('/api/audio/recordings/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'rename a recording',
      params: IdParam,
      body: Type.Object({ name: Type.String({ maxLength: AUDIO_LIMITS.NAME_MAX }) }),
      response: { 200: detail },
    },
    handler: async (req) => ok(await audio.rename(req.auth!.uid, req.params.id, req.body.name)),
  });

  app.delete('/api/audio/recordings/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'delete a recording, its transcripts and its file', params: IdParam, response: { 200: Ok(Type.Object({})) } },
    handler: async (req) => {
      await audio.remove(req.auth!, req.params.id);
      return ok({});
    },
  });

  app.post('/api/audio/recordings/:id/transcribe', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'transcribe the recording, or the region start_s..end_s of a WAV recording, with a speech-to-text model; billed, saved with the recording',
      params: IdParam,
      body: Type.Object({
        model_id: Type.String({ minLength: 1, maxLength: 64 }),
        start_s: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: AUDIO_LIMITS.MAX_DURATION_S }))),
        end_s: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: AUDIO_LIMITS.MAX_DURATION_S }))),
        language: Type.Optional(Nullable(Type.String({ maxLength: AUDIO_LIMITS.LANGUAGE_MAX }))),
        prompt: Type.Optional(Nullable(Type.String({ maxLength: AUDIO_LIMITS.PROMPT_MAX }))),
      }),
      response: { 200: Ok(Type.Composite([AudioTranscript, Type.Object({ balance: Type.Integer({ description: "the caller's credits after" }) })])) },
    },
    handler: async (req) => ok(await audio.transcribeRecording(callerOf(req), req.params.id, req.body)),
  });
}
