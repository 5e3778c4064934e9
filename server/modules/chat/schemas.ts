/**
 * The chat's answers: their schemas (the routes declare them; the OpenAPI document names them) and
 * their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

export const ChatModel = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    context_window: Type.Integer(),
    max_output_tokens: Type.Integer(),
    /** credits per million tokens */
    input_price: Type.Integer(),
    output_price: Type.Integer(),
    /** reads images: a question's pictures may go to it */
    vision: Type.Boolean(),
  },
  { $id: 'ChatModel' },
);

/** a file on a question: an image (with a link that opens it) or a document (its text is sent) */
export const ChatAttachment = Type.Object(
  {
    id: Type.String(),
    /** null: uploaded, not yet sent */
    message_id: Nullable(Type.String()),
    kind: Type.Union([Type.Literal('image'), Type.Literal('document')]),
    name: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
    /** a document's length in characters */
    chars: Type.Integer(),
    /** characters left out when it was sent (it did not fit the model's window, or was over the limit) */
    omitted: Type.Integer(),
    /** a same-origin link that opens the file for about an hour, without a token */
    url: Type.String(),
  },
  { $id: 'ChatAttachment' },
);
export type ChatAttachment = Static<typeof ChatAttachment>;

export const ConversationRow = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    pinned: Type.Boolean(),
    model_id: Nullable(Type.String()),
    system_prompt: Nullable(Type.String()),
    /** sampling parameters sent with every answer; null: the model's default (not sent) */
    temperature: Nullable(Type.Number()),
    top_p: Nullable(Type.Number()),
    /** the longest answer in tokens; null: the model's maximum output */
    max_tokens: Nullable(Type.Integer()),
    /** the user's folder it is filed in; null: none */
    folder_id: Nullable(Type.String()),
    /** the assistant it was started with (its settings were copied at the start) */
    assistant_id: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    /** the matching message text around the keyword, when the keyword matched a message */
    snippet: Nullable(Type.String()),
  },
  { $id: 'ConversationRow' },
);

export const MessageRow = Type.Object(
  {
    id: Type.String(),
    /** siblings (same parent) are alternatives: regenerated answers, edited questions */
    parent_id: Nullable(Type.String()),
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.String(),
    status: Type.Union([Type.Literal('done'), Type.Literal('streaming'), Type.Literal('stopped'), Type.Literal('error'), Type.Literal('interrupted')]),
    model_id: Nullable(Type.String()),
    model_name: Nullable(Type.String()),
    input_tokens: Nullable(Type.Integer()),
    output_tokens: Nullable(Type.Integer()),
    credits: Nullable(Type.Integer()),
    first_token_ms: Nullable(Type.Integer()),
    total_ms: Nullable(Type.Integer()),
    error_code: Nullable(Type.String()),
    /** the provider's own message */
    error_message: Nullable(Type.String()),
    /** older turns left out to fit the model's context window */
    trimmed: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    /** the user's thumbs on an answer (with the conversation's messages; absent in a stream's events) */
    feedback: Type.Optional(Nullable(Type.Union([Type.Literal('up'), Type.Literal('down')]))),
    feedback_comment: Type.Optional(Nullable(Type.String())),
    /** a question's files, in the order attached */
    attachments: Type.Optional(Type.Array(Type.Ref('ChatAttachment'))),
  },
  { $id: 'MessageRow' },
);

export const UsageRow = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    model_id: Nullable(Type.String()),
    model_name: Nullable(Type.String()),
    input_tokens: Type.Integer(),
    output_tokens: Type.Integer(),
    credits: Type.Integer(),
    first_token_ms: Nullable(Type.Integer()),
    total_ms: Nullable(Type.Integer()),
    /** done | stopped | disconnected | error | interrupted */
    status: Type.String(),
    error_code: Nullable(Type.String()),
    /** provider: the stream reported usage; local: counted with a tokenizer */
    usage_source: Type.String(),
    conversation_id: Nullable(Type.String()),
    message_id: Nullable(Type.String()),
    /** the user's thumbs on the answer (up | down), and their comment */
    feedback: Nullable(Type.String()),
    feedback_comment: Nullable(Type.String()),
    /** the assistant of the conversation, and its name (null once deleted) */
    assistant_id: Nullable(Type.String()),
    assistant_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'UsageRow' },
);

export type ChatModel = Static<typeof ChatModel>;
export type ConversationRow = Static<typeof ConversationRow>;
export type MessageRow = Omit<Static<typeof MessageRow>, 'attachments'> & { attachments?: ChatAttachment[] };
export type UsageRow = Static<typeof UsageRow>;

export const Feedback = Type.Object(
  { rating: Nullable(Type.Union([Type.Literal('up'), Type.Literal('down')])), comment: Nullable(Type.String()) },
  { $id: 'ChatFeedback' },
);
export type Feedback = Static<typeof Feedback>;

export const ChatFolder = Type.Object(
  { id: Type.String(), name: Type.String(), /** the conversations filed in it */ count: Type.Integer() },
  { $id: 'ChatFolder' },
);
export type ChatFolder = Static<typeof ChatFolder>;

/** a read-only link to one branch of a conversation, as its owner sees it */
export const ChatShare = Type.Object(
  {
    id: Type.String(),
    /** the last message shown: the branch from the first message down to it */
    message_id: Type.String(),
    audience: Type.Union([Type.Literal('anyone'), Type.Literal('signed-in')]),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    /** the signed token the link carries */
    token: Type.String(),
    /** the console page the link opens (add the console's origin) */
    path: Type.String(),
  },
  { $id: 'ChatShare' },
);
export type ChatShare = Static<typeof ChatShare>;

/** what a shared link shows: the branch's messages and their pictures, nothing of the owner's */
export const SharedConversation = Type.Object(
  {
    title: Type.String(),
    audience: Type.Union([Type.Literal('anyone'), Type.Literal('signed-in')]),
    shared_at: Type.String({ format: 'date-time' }),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    messages: Type.Array(
      Type.Object({
        id: Type.String(),
        role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
        content: Type.String(),
        model_name: Nullable(Type.String()),
        created_at: Type.String({ format: 'date-time' }),
        images: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
      }),
    ),
  },
  { $id: 'SharedConversation' },
);
export type SharedConversation = Static<typeof SharedConversation>;

/** an assistant (a preset) as the chat offers it */
export const ChatAssistant = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** an emoji or a few letters ('' : the first letter of the name) */
    avatar: Type.String(),
    description: Type.String(),
    /** null: the first model the user may use */
    model_id: Nullable(Type.String()),
    system_prompt: Nullable(Type.String()),
    temperature: Nullable(Type.Number()),
    top_p: Nullable(Type.Number()),
    max_tokens: Nullable(Type.Integer()),
    /** questions offered when a chat with it starts */
    starters: Type.Array(Type.String()),
    /** offered to everyone, or to `roles` */
    published: Type.Boolean(),
    roles: Type.Array(Type.String()),
    /** the store prompt it was made from */
    store_prompt_id: Nullable(Type.String()),
    /** the caller keeps it (theirs to change) */
    mine: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ChatAssistant' },
);
export type ChatAssistant = Static<typeof ChatAssistant>;

/** a published assistant's use: conversations, people, answers, credits and thumbs */
export const AssistantUsageRow = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    avatar: Type.String(),
    model_id: Nullable(Type.String()),
    roles: Type.Array(Type.String()),
    owner: Nullable(Type.String()),
    conversations: Type.Integer(),
    users: Type.Integer(),
    answers: Type.Integer(),
    credits: Type.Integer(),
    up: Type.Integer(),
    down: Type.Integer(),
    last_used: Nullable(Type.String({ format: 'date-time' })),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AssistantUsageRow' },
);
