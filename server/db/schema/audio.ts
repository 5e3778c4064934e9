/** Audio recordings with their transcripts (the audio is a file of the file service). Owned by server/modules/audio. */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const audioRecordings = pgTable(
  'audio_recordings',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    /** the audio in the file service */
    fileId: text().notNull(),
    name: text().notNull().default(''),
    mime: text(),
    durationS: doublePrecision(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('audio_recordings_user_idx').on(t.userId, t.createdAt.desc())],
);

/** one row per transcription of a recording (or of a region of it) */
export const audioTranscripts = pgTable(
  'audio_transcripts',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    recordingId: text()
      .notNull()
      .references(() => audioRecordings.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    modelId: text(),
    modelName: text(),
    /** the region transcribed, in seconds; null: the whole recording */
    startS: doublePrecision(),
    endS: doublePrecision(),
    language: text(),
    text: text().notNull().default(''),
    credits: integer().notNull().default(0),
    /** done | error */
    status: text().notNull(),
    errorCode: text(),
    errorMessage: text(),
    createdAt: now(),
  },
  (t) => [index('audio_transcripts_recording_idx').on(t.recordingId, t.createdAt.desc())],
);
