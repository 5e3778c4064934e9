/** The recordings module's answer shapes that its service builds too (one type for route and service). */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

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
export type AudioTranscriptRow = Static<typeof AudioTranscript>;
