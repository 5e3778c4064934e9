/**
 * AI: the model providers (owned by server/modules/ai-models) and the chat's conversations,
 * messages and usage log (owned by server/modules/chat).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const aiModels = pgTable(
  'ai_models',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** display name */
    name: text().notNull(),
    /** chat | speech-to-text */
    kind: text().notNull().default('chat'),
    /** openai (chat completions, any compatible endpoint) | anthropic (Messages) */
    protocol: text().notNull(),
    baseUrl: text().notNull(),
    /** AES-256-GCM of the API key under the server secret; never sent to the console */
    apiKeyEnc: text(),
    /** what the console shows instead: e.g. sk-…3f9a */
    apiKeyMasked: text(),
    /** the provider's model id, e.g. gpt-4o-mini, deepseek-chat, claude-sonnet-4-5 */
    providerModel: text().notNull(),
    contextWindow: integer().notNull(),
    maxOutputTokens: integer().notNull(),
    /** credits per million tokens */
    inputPrice: integer().notNull(),
    outputPrice: integer().notNull(),
    enabled: boolean().notNull().default(true),
    /** the roles that may use it; empty = everyone */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer().notNull().default(0),
    /** reads images (vision): the chat sends it a question's pictures */
    vision: boolean().notNull().default(false),
    comment: text(),
    createDate: now(),
    updateDate: now(),
  },
  (t) => [index('ai_models_sort_idx').on(t.sort, t.createDate)],
);

/**
 * More providers behind one model (channels): its name is what clients ask for, each channel a
 * provider entry with its own model id (an alias); the relay and the chat pick by weight within
 * the highest priority that is healthy, the model's own provider being a channel of priority 0
 */
export const aiChannels = pgTable(
  'ai_channels',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    modelId: text()
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    protocol: text().notNull(),
    baseUrl: text().notNull(),
    apiKeyEnc: text(),
    apiKeyMasked: text(),
    providerModel: text().notNull(),
    /** the highest priority that has a healthy channel serves; the model's own provider is 0 */
    priority: integer().notNull().default(0),
    /** its share of the calls among its priority's healthy channels */
    weight: integer().notNull().default(1),
    enabled: boolean().notNull().default(true),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('ai_channels_model_idx').on(t.modelId), check('ai_channels_weight', sql`${t.weight} BETWEEN 1 AND 100`)],
);

/**
 * How each channel has fared (the model's own provider as `model:<id>`): failures in a row (at
 * PAUSE_AFTER it is paused until paused_until, then tried again), calls, errors, the last latency
 */
export const aiChannelHealth = pgTable('ai_channel_health', {
  channel: text().primaryKey(),
  modelId: text().notNull(),
  failures: integer().notNull().default(0),
  pausedUntil: timestamp({ withTimezone: true }),
  requests: bigint({ mode: 'number' }).notNull().default(0),
  errors: bigint({ mode: 'number' }).notNull().default(0),
  latencyMs: integer(),
  lastError: text(),
  updatedAt: now(),
});

/** a user's folders for their conversations (one folder a conversation, or none) */
export const conversationFolders = pgTable(
  'conversation_folders',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    name: text().notNull(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('conversation_folders_user_name').on(t.userId, t.name)],
);

/**
 * An assistant (a preset): a name and avatar, a model, a system prompt, sampling parameters and
 * starter questions. Kept by its owner for themselves; published ones (by those who manage the
 * models) are offered to everyone, or to the listed roles. A conversation started with one copies
 * its settings and keeps its id (usage and feedback per assistant).
 */
export const chatAssistants = pgTable(
  'chat_assistants',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    name: text().notNull(),
    /** an emoji or a few letters */
    avatar: text().notNull().default(''),
    description: text().notNull().default(''),
    modelId: text(),
    systemPrompt: text(),
    temperature: doublePrecision(),
    topP: doublePrecision(),
    maxTokens: integer(),
    starters: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean().notNull().default(false),
    /** a published one's roles; empty = everyone */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** the store prompt it was made from */
    storePromptId: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check('chat_assistants_temperature_range', sql`${t.temperature} BETWEEN 0 AND 2`),
    check('chat_assistants_top_p_range', sql`${t.topP} > 0 AND ${t.topP} <= 1`),
    check('chat_assistants_max_tokens_range', sql`${t.maxTokens} >= 1`),
    index('chat_assistants_user_idx').on(t.userId, t.updatedAt),
    index('chat_assistants_published_idx')
      .on(t.updatedAt)
      .where(sql`${t.published}`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    title: text().notNull().default(''),
    /** true once the user named it: the auto-title leaves it alone */
    titleSet: boolean().notNull().default(false),
    pinned: boolean().notNull().default(false),
    modelId: text(),
    systemPrompt: text(),
    /** sampling parameters sent with every answer; null: the model's own default (not sent) */
    temperature: doublePrecision(),
    topP: doublePrecision(),
    /** the longest answer, in tokens; null: the model's maximum output */
    maxTokens: integer(),
    /** the user's folder it is filed in (deleting the folder unfiles it) */
    folderId: text().references(() => conversationFolders.id, { onDelete: 'set null' }),
    /** the assistant it was started with (its settings were copied; deleting the assistant keeps them) */
    assistantId: text().references(() => chatAssistants.id, { onDelete: 'set null' }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check('conversations_temperature_range', sql`${t.temperature} BETWEEN 0 AND 2`),
    check('conversations_top_p_range', sql`${t.topP} > 0 AND ${t.topP} <= 1`),
    check('conversations_max_tokens_range', sql`${t.maxTokens} >= 1`),
    index('conversations_user_idx').on(t.userId, t.pinned.desc(), t.updatedAt.desc()),
    index('conversations_folder_idx').on(t.folderId),
    index('conversations_assistant_idx').on(t.assistantId),
    index('conversations_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    /** the message this one answers or follows; siblings are alternatives (regenerate, edit) */
    parentId: text(),
    /** user | assistant */
    role: text().notNull(),
    content: text().notNull().default(''),
    /** done | streaming | stopped | error | interrupted */
    status: text().notNull().default('done'),
    modelId: text(),
    modelName: text(),
    inputTokens: integer(),
    outputTokens: integer(),
    credits: integer(),
    firstTokenMs: integer(),
    totalMs: integer(),
    errorCode: text(),
    errorMessage: text(),
    /** older turns left out to fit the model's context window */
    trimmed: integer().notNull().default(0),
    holdId: bigint({ mode: 'number' }),
    createdAt: now(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('chat_messages_streaming_idx')
      .on(t.status)
      .where(sql`status = 'streaming'`),
    index('chat_messages_content_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
  ],
);

/** one row per answered (or failed) request: survives the conversation's deletion */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text().notNull(),
    conversationId: text(),
    messageId: text(),
    modelId: text(),
    modelName: text(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    credits: integer().notNull().default(0),
    firstTokenMs: integer(),
    totalMs: integer(),
    /** done | stopped | disconnected | error | interrupted */
    status: text().notNull(),
    errorCode: text(),
    /** provider (the stream reported usage) | local (counted with a tokenizer) */
    usageSource: text().notNull().default('provider'),
    /** what the call was for: chat | breakdown | compare | ask | transcription | api */
    purpose: text().notNull().default('chat'),
    /** the thing it was for outside the chat (a task, a recording...) */
    refId: text(),
    /** the assistant of the conversation (kept when the conversation or the assistant is deleted) */
    assistantId: text(),
    /** the personal API key of a relayed call (purpose api) */
    apiKeyId: text(),
    createdAt: now(),
  },
  (t) => [
    index('ai_usage_assistant_idx')
      .on(t.assistantId, t.createdAt)
      .where(sql`${t.assistantId} IS NOT NULL`),
    index('ai_usage_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ai_usage_user_idx').on(t.userId, t.createdAt),
  ],
);

/** a user's thumbs up (1) or down (-1) on one of their answers, with an optional comment */
export const chatFeedback = pgTable(
  'chat_feedback',
  {
    messageId: text()
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    rating: smallint().notNull(),
    comment: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [check('chat_feedback_rating', sql`${t.rating} IN (-1, 1)`), index('chat_feedback_rating_idx').on(t.rating, t.updatedAt)],
);

/**
 * A file attached to a question: an image (sent to vision models as image content) or a document
 * (its text read once, at upload, sent with the question). Pending (message_id null) from the
 * upload until the question is sent. The bytes are a file of the file service (file_id), deleted
 * with the attachment.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: text().references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    fileId: text().notNull(),
    /** image | document */
    kind: text().notNull(),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    /** a document's text (at most CHAT_ATTACHMENTS.DOCUMENT_MAX_CHARS characters) */
    text: text(),
    /** the document's length in characters (code points), before any cut */
    chars: integer().notNull().default(0),
    /** the tokens of its text (what it adds to a question before any cut) */
    tokens: integer().notNull().default(0),
    /** characters left out when the question was sent (did not fit the model's window) */
    omitted: integer().notNull().default(0),
    position: smallint().notNull().default(0),
    createdAt: now(),
  },
  (t) => [
    check('chat_attachments_kind', sql`${t.kind} IN ('image', 'document')`),
    uniqueIndex('chat_attachments_file_key').on(t.fileId),
    index('chat_attachments_message_idx').on(t.messageId, t.position),
    index('chat_attachments_pending_idx')
      .on(t.conversationId, t.createdAt)
      .where(sql`${t.messageId} IS NULL`),
  ],
);

/**
 * A read-only link to one branch of a conversation: the path from its first message down to
 * message_id. The link is the share's id signed with the server secret; deleting the row
 * revokes it. audience: anyone (signed out too) | signed-in (any signed-in account).
 */
export const conversationShares = pgTable(
  'conversation_shares',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    messageId: text()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    audience: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    check('conversation_shares_audience', sql`${t.audience} IN ('anyone', 'signed-in')`),
    index('conversation_shares_conversation_idx').on(t.conversationId),
  ],
);
