/**
 * The recordings module's answers: their schemas (the routes declare them; the OpenAPI document
 * names them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const SpeechModel = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** credits per minute of audio */
    input_price: Type.Integer(),
    /** credits per million output tokens */
    output_price: Type.Integer(),
  },
  { $id: 'SpeechModel' },
);

export const AudioTranscript = Type.Object(
  {
    id: Type.String(),
    model_id: Nullable(Type.String()),
    model_name: Nullable(Type.String()),
    start_s: Nullable(Type.Number()),
    end_s: Nullable(Type.Number()),
    language: Nullable(Type.String()),
    text: Type.String(),
    credits: Type.Integer(),
    /** done | error */
    status: Type.String(),
    error_code: Nullable(Type.String()),
    error_message: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AudioTranscript' },
);

const recordingFields = {
  id: Type.String(),
  name: Type.String(),
  mime: Nullable(Type.String()),
  duration_s: Nullable(Type.Number()),
  /** the audio, read with the owner's token at /api/files/<file_id> */
  file_id: Type.String(),
  /** how many transcripts it has */
  transcripts: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};
export const AudioRecording = Type.Object(recordingFields, { $id: 'AudioRecording' });
export const AudioRecordingDetail = Type.Object(
  { ...recordingFields, transcript_list: Type.Array(Type.Ref('AudioTranscript')) },
  { $id: 'AudioRecordingDetail' },
);

export type SpeechModel = Static<typeof SpeechModel>;
export type AudioTranscriptRow = Static<typeof AudioTranscript>;
export type AudioRecording = Static<typeof AudioRecording>;
export type AudioRecordingDetail = Omit<Static<typeof AudioRecordingDetail>, 'transcript_list'> & { transcript_list: AudioTranscriptRow[] };
