/**
 * The chat: conversations, their messages (a tree: siblings are regenerated answers and edited
 * questions) and the AI usage log. Owns conversations, chat_messages and ai_usage.
 *
 * An answer: hold (prompt estimate + max output) x price through the ledger, stream the
 * provider's answer to the client while it is generated, then settle in one transaction with
 * the message's final state and its usage row. Rules (README "AI chat billing"):
 *  - usage comes from the provider's stream when it reports it, else it is counted locally;
 *  - a client that disconnects (or Stop) cancels the provider request and pays for what was
 *    generated; nothing generated, nothing paid;
 *  - a provider error before the first token costs nothing; after it, what was generated is paid;
 *  - no first token within the request timeout (spec: 60000 ms): AI_TIMEOUT, nothing paid;
 *  - while it streams, the text and the cost so far are saved every second, so a crash loses
 *    neither: the ledger's orphan settlement captures that cost and marks the message interrupted.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AccessSubject } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import { plain, query, type Row, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AiModelService, ResolvedModel } from '../ai-models/service';
import { sdks, type streamChat } from '../ai-models/providers';
import type { CreditService } from '../credits/service';
import type { SearchIndex } from '../search/service';
import type { ChatAttachmentService, StoredAttachment } from './attachments';
import { type BranchTurn, composeTurns } from './compose';
import { costOf, fitToWindow, type Fitted, loadTokenizer, tokensOf } from './context';
import { AnswerReader, type ProviderStream } from './reader';
import { CONVERSATION_COLUMNS, MESSAGE_FIELDS, titleOf } from './columns';
import { type Conversation, Conversations } from './conversations';
import { samplingFor } from './parameters';
import type { MessageRow } from './schemas';
import { messageEntry } from './search-entries';
import { logUsage, type Usage, withRetries } from './usage';

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'interrupted';

/** where the events of one answer go (the route's server-sent events) */
export interface Sink {
  send(event: 'start' | 'delta' | 'done' | 'error', data: unknown): void;
  /** called once if the client goes away before the answer ends */
  onClose(cb: () => void): void;
  /** the catalogue message of an error in the client's language */
  describe(e: AppError): { errorCode: string; errorMessage: string };
}

export interface Prepared {
  userId: string;
  conversationId: string;
  userMessage: MessageRow | null;
  assistant: MessageRow;
  model: ResolvedModel;
  system: string | null;
  fitted: Fitted;
  holdId: number;
  firstExchange: boolean;
  firstQuestion: string;
  /** the provider request, already under way (started with the hold's transaction) */
  stream: ProviderStream;
}

/** text saved while streaming at most this often */
const FLUSH_MS = 1000;

export class ChatService extends Conversations {
  /** answers being written by this process: assistant message id -> its controller */
  private active = new Map<string, { abort: (why: 'stopped') => void }>();
  /** answers whose text and cost so far are to be saved: one write for all of them each second */
  private unsaved = new Map<string, { holdId: number; text: string; cost: number }>();
  private saver: NodeJS.Timeout | null = null;

  constructor(
    db: Db,
    private credits: CreditService,
    private models: Pick<AiModelService, 'listForUser' | 'resolveForUser'>,
    private stream: typeof streamChat,
    private timeouts: { firstTokenMs: number; idleMs: number },
    /** messages are searchable: each is indexed in the transaction that writes it */
    search: Pick<SearchIndex, 'put' | 'removeWhere' | 'retitle'>,
    attachments: ChatAttachmentService,
  ) {
    super(db, search, attachments);
    // a hold whose process died: its message keeps the text saved so far, marked interrupted
    credits.onSettle('chat', async (tx, hold) => {
      if (!hold.refId) return;
      await loadTokenizer();
      const [m] = await query<Row>(
        tx,
        sql`UPDATE chat_messages SET status = 'interrupted', credits = ${hold.captured} WHERE id = ${hold.refId} AND status = 'streaming'
          RETURNING id, user_id, conversation_id, model_id, model_name, content`,
      );
      if (!m) return;
      await this.logUsage(tx, m, {
        input: 0,
        output: tokensOf(m.content as string),
        credits: hold.captured,
        firstTokenMs: null,
        totalMs: null,
        status: 'interrupted',
        errorCode: null,
        source: 'local',
      });
    });
  }

  /**
   * Loads the tokenizer and the provider SDKs in the background when someone opens the chat (it
   * asks for the models), so their first question does not wait for them; a server nobody chats
   * on never carries them.
   */
  warmUp() {
    void Promise.all([loadTokenizer(), sdks()]).catch(() => undefined);
  }

  // ------------------------------------------------------------------------------------------
  // answering

  /**
   * The turns from the first message down to `id` (inclusive); `id` must be an answer in this
   * conversation (a question follows an answer, never another question).
   */
  private async branchTo(conversationId: string, id: string | null, endsWith: 'user' | 'assistant' = 'assistant'): Promise<BranchTurn[]> {
    if (!id) return [];
    const rows = await query<{ id: string; role: 'user' | 'assistant'; content: string; depth: number; files: boolean }>(
      this.db,
      sql`WITH RECURSIVE up AS (
          SELECT id, parent_id, role, content, 0 AS depth FROM chat_messages WHERE id = ${id} AND conversation_id = ${conversationId}
          UNION ALL SELECT m.id, m.parent_id, m.role, m.content, up.depth + 1 FROM chat_messages m JOIN up ON m.id = up.parent_id
        ) SELECT id, role, content, depth, EXISTS (SELECT 1 FROM chat_attachments a WHERE a.message_id = up.id) AS files FROM up ORDER BY depth DESC`,
    );
    if (rows.find((r) => r.depth === 0)?.role !== endsWith) {
      throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'not an answer in this conversation' } });
    }
    // a question of files only has no text and stays
    return rows.filter((r) => r.content.trim() || r.files).map((r) => ({ id: r.id, role: r.role, content: r.content }));
  }

  /** the caller's conversation with whether it is answering now and whether it has messages */
  private async ownForAnswer(userId: string, id: string, tx: Db | Tx = this.db, lock = false) {
    const [c] = await query<Conversation & { busy: boolean; has_messages: boolean }>(
      tx,
      sql`SELECT ${CONVERSATION_COLUMNS},
          EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.status = 'streaming') AS busy,
          EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id) AS has_messages
        FROM conversations c WHERE c.id = ${id} AND c.user_id = ${userId} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
    );
    if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
    if (c.busy) throw new AppError('CHAT_BUSY');
    return c;
  }

  private async modelFor(user: AccessSubject, ...ids: Array<string | null | undefined>): Promise<ResolvedModel> {
    const wanted = ids.find((x) => x);
    if (wanted) return this.models.resolveForUser(user, wanted);
    const [first] = await this.models.listForUser(user);
    if (!first) throw new AppError('MODEL_NOT_AVAILABLE', { field: 'model_id' });
    return this.models.resolveForUser(user, first.id);
  }

  /** a new question (parent: the answer it follows; null: a first question or an edited first one) */
  async prepareSend(
    user: AccessSubject & { uid: string },
    conversationId: string,
    input: { content: string; parent_id: string | null; model_id?: string | null; attachments?: string[] },
  ): Promise<Prepared> {
    const content = input.content.trim();
    const ids = input.attachments ?? [];
    if (!content && !ids.length) throw new AppError('INVALID_PARAM', { field: 'content', params: { reason: 'required' } });
    // the checks that do not depend on each other at once: one round trip of waiting, not four
    const [conv, picked, branch, account, files] = await Promise.all([
      this.ownForAnswer(user.uid, conversationId),
      input.model_id ? this.models.resolveForUser(user, input.model_id) : null,
      this.branchTo(conversationId, input.parent_id),
      this.accountOf(user),
      this.attachments.takePending(this.db, user.uid, conversationId, ids),
    ]);
    const model = picked ?? (await this.modelFor(user, conv.model_id));
    return this.begin(user, conv, model, branch, { parentId: input.parent_id, content, attachments: files }, !conv.has_messages, account);
  }

  /** another answer to the question an answer answered */
  async prepareRegenerate(user: AccessSubject & { uid: string }, messageId: string, input: { model_id?: string | null }): Promise<Prepared> {
    const [[m], account] = await Promise.all([
      query<Row>(this.db, sql`SELECT id, conversation_id, parent_id, role, model_id FROM chat_messages WHERE id = ${messageId} AND user_id = ${user.uid}`),
      this.accountOf(user),
    ]);
    if (!m || m.role !== 'assistant' || !m.parent_id) throw new AppError('NOT_FOUND', { field: 'id' });
    const [conv, branch] = await Promise.all([
      this.ownForAnswer(user.uid, m.conversation_id as string),
      this.branchTo(m.conversation_id as string, m.parent_id as string, 'user'),
    ]);
    const model = await this.modelFor(user, input.model_id, m.model_id as string | null, conv.model_id);
    return this.begin(user, conv, model, branch, { questionId: m.parent_id as string }, false, account);
  }

  /** what the early checks need of the caller's credits: balance, daily limit, today's spending */
  private async accountOf(user: AccessSubject & { uid: string }) {
    const [balance, dailyLimit] = await Promise.all([this.credits.balance(user.uid), this.credits.dailyLimitOf(user.role ?? []), this.credits.start()]);
    return { balance, dailyLimit, spent: dailyLimit === null ? 0 : await this.credits.spentToday(this.db, user.uid) };
  }

  /**
   * Starts the provider request and, at the same time, takes the hold and writes the messages in
   * one transaction (no answer without its hold). The early checks above already refused what
   * the balance or the daily limit cannot cover, so a provider request is cancelled only when the
   * transaction loses a race (another request spent the credits meanwhile); that costs nothing.
   */
  private async begin(
    user: AccessSubject & { uid: string },
    conv: Conversation,
    model: ResolvedModel,
    branch: BranchTurn[],
    q: { parentId: string | null; content: string; attachments: StoredAttachment[] } | { questionId: string },
    firstExchange: boolean,
    account: { balance: number; dailyLimit: number | null; spent: number },
  ): Promise<Prepared> {
    const system = conv.system_prompt || null;
    const sampling = samplingFor(conv, model);
    await loadTokenizer();
    const stored = await this.attachments.storedOf(branch.filter((t) => t.role === 'user').map((t) => t.id));
    const question = 'questionId' in q ? null : { content: q.content, attachments: q.attachments };
    const turns = await composeTurns(
      branch,
      stored,
      question,
      model,
      { systemTokens: system ? tokensOf(system) : 0, maxOutput: sampling.maxOutput },
      (fileId) => this.attachments.imageData(fileId),
    );
    const fitted = fitToWindow(system, turns, model.contextWindow, sampling.maxOutput);
    const amount = costOf(fitted.promptTokens, fitted.maxTokens, model);
    if (account.balance < amount) throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: amount, balance: account.balance } });
    if (account.dailyLimit !== null && account.spent + amount > account.dailyLimit) {
      throw new AppError('DAILY_LIMIT_REACHED', { params: { used: account.spent, limit: account.dailyLimit } });
    }
    const assistantId = randomUUID();
    const ctl = new AbortController();
    const started = Date.now();
    const events = this.stream(model.target, {
      system,
      turns: fitted.turns,
      maxTokens: fitted.maxTokens,
      temperature: sampling.temperature,
      topP: sampling.topP,
      signal: ctl.signal,
    })[Symbol.asyncIterator]();
    const first = events.next();
    // read in run(); until then a failure must not count as unhandled
    first.catch(() => undefined);
    try {
      return await this.db.transaction(async (tx) => {
        await this.ownForAnswer(user.uid, conv.id, tx, true);
        const hold = await this.credits.holdIn(tx, user.uid, amount, {
          key: `chat:${assistantId}`,
          refType: 'chat',
          refId: assistantId,
          reason: `chat: ${model.name}`,
          dailyLimit: account.dailyLimit,
        });
        const userId = 'questionId' in q ? null : randomUUID();
        const rows = await query<MessageRow>(
          tx,
          sql`WITH c AS (UPDATE conversations SET updated_at = now(), model_id = ${model.id} WHERE id = ${conv.id})
            INSERT INTO chat_messages (id, conversation_id, user_id, parent_id, role, content, status, model_id, model_name, trimmed, hold_id)
            VALUES ${userId && !('questionId' in q) ? sql`(${userId}, ${conv.id}, ${user.uid}, ${q.parentId}, 'user', ${q.content}, 'done', NULL, NULL, 0, NULL),` : sql``}
              (${assistantId}, ${conv.id}, ${user.uid}, ${'questionId' in q ? q.questionId : userId}, 'assistant', '', 'streaming', ${model.id}, ${model.name},
               ${fitted.trimmed}, ${hold.id})
            RETURNING ${sql.raw(MESSAGE_FIELDS)}`,
        );
        const userMessage: MessageRow | null = rows.find((r) => r.role === 'user') ?? null;
        const assistant = rows.find((r) => r.role === 'assistant')!;
        if (userMessage && question?.attachments.length) {
          // still pending now that the conversation is locked: another send did not take them
          await this.attachments.takePending(
            tx,
            user.uid,
            conv.id,
            question.attachments.map((a) => a.id),
          );
          await this.attachments.link(tx, userMessage.id, question.attachments);
          userMessage.attachments = this.attachments.present(question.attachments, userMessage.id);
        }
        if (userMessage && userMessage.content) await this.search.put(tx, messageEntry(user.uid, conv.id, conv.title, userMessage.id, userMessage.content));
        return {
          userId: user.uid,
          conversationId: conv.id,
          userMessage: userMessage && plain(userMessage),
          assistant: plain(assistant),
          model,
          system,
          fitted,
          holdId: hold.id,
          firstExchange: firstExchange && !conv.title,
          firstQuestion: question ? question.content || (question.attachments[0]?.name ?? '') : branch[branch.length - 1].content,
          stream: { events, first, ctl, started },
        };
      });
    } catch (e) {
      ctl.abort();
      throw e;
    }
  }

  /** stops an answer this process is writing; false when none is running here */
  async stop(userId: string, messageId: string): Promise<boolean> {
    const [m] = await query(this.db, sql`SELECT 1 FROM chat_messages WHERE id = ${messageId} AND user_id = ${userId}`);
    if (!m) throw new AppError('NOT_FOUND', { field: 'id' });
    const run = this.active.get(messageId);
    run?.abort('stopped');
    return !!run;
  }

  /** streams the answer to the sink, then settles; never throws */
  async run(p: Prepared, sink: Sink): Promise<void> {
    const id = p.assistant.id;
    const reader = new AnswerReader(p.stream, this.timeouts);
    this.active.set(id, { abort: (reason) => reader.abort(reason) });
    let finished = false;
    sink.onClose(() => {
      if (!finished) reader.abort('disconnected');
    });
    sink.send('start', { user_message: p.userMessage, message: p.assistant, trimmed: p.fitted.trimmed });

    let outputSoFar = 0;
    const {
      text,
      firstTokenMs,
      usage,
      cut,
      failure,
      endedBy: why,
    } = await reader.read((piece, textSoFar) => {
      outputSoFar += tokensOf(piece);
      sink.send('delta', { text: piece });
      this.scheduleSave(id, p, textSoFar, outputSoFar);
    });
    this.unsaved.delete(id);

    const generated = firstTokenMs !== null;
    const status: MessageStatus = failure ? 'error' : why === 'stopped' || why === 'disconnected' ? 'stopped' : 'done';
    const usageStatus = failure ? 'error' : why === 'disconnected' ? 'disconnected' : status;
    const input = usage?.inputTokens ?? p.fitted.promptTokens;
    const output = usage && !cut ? usage.outputTokens : tokensOf(text);
    // nothing generated, nothing paid (a provider error or a stop before the first token)
    const cost = generated ? costOf(input, output, p.model) : 0;
    const totalMs = Date.now() - p.stream.started;
    let balance = 0;
    let title: string | null = null;
    let message: MessageRow | undefined;
    try {
      if (p.firstExchange && !failure) title = titleOf(p.firstQuestion);
      const settled = await withRetries(() =>
        this.credits.settle(p.holdId, cost, async (tx, captured) => {
          [message] = await query<MessageRow>(
            tx,
            sql`UPDATE chat_messages SET content = ${text}, status = ${status}, input_tokens = ${generated ? input : 0},
            output_tokens = ${generated ? output : 0}, credits = ${captured}, first_token_ms = ${firstTokenMs}, total_ms = ${totalMs},
            error_code = ${failure?.code ?? null}, error_message = ${failure ? String(failure.params?.message ?? '') || null : null}
            WHERE id = ${id} RETURNING ${sql.raw(MESSAGE_FIELDS)}`,
          );
          await this.logUsage(
            tx,
            { user_id: p.userId, conversation_id: p.conversationId, id, model_id: p.model.id, model_name: p.model.name },
            {
              input: generated ? input : 0,
              output: generated ? output : 0,
              credits: captured,
              firstTokenMs,
              totalMs,
              status: usageStatus,
              errorCode: failure?.code ?? null,
              source: usage && !cut ? 'provider' : 'local',
            },
          );
          // the auto-title: the first question's first line, unless the user named the conversation
          const [conv] = await query<{ title: string }>(
            tx,
            sql`UPDATE conversations SET updated_at = now()
          ${title ? sql`, title = CASE WHEN NOT title_set AND title = '' THEN ${title} ELSE title END` : sql``} WHERE id = ${p.conversationId} RETURNING title`,
          );
          if (title && conv) await this.search.retitle(tx, 'message', `${p.conversationId}:`, conv.title);
          if (text.trim()) await this.search.put(tx, messageEntry(p.userId, p.conversationId, conv?.title ?? '', id, text));
        }),
      );
      balance = settled.balance;
    } finally {
      finished = true;
      this.active.delete(id);
    }
    const row = message ? plain(message) : null;
    if (failure) sink.send('error', { ...sink.describe(failure), message: row, balance });
    else sink.send('done', { message: row, balance, title });
  }

  /** the text and the cost so far of every running answer, saved in two statements: what survives a crash */
  private async saveProgress() {
    if (!this.unsaved.size) return;
    const batch = [...this.unsaved.entries()];
    this.unsaved.clear();
    const ids = batch.map(([id]) => id);
    await this.db
      .execute(sql`UPDATE chat_messages m SET content = v.content FROM unnest(${textArray(ids)}, ${textArray(batch.map(([, b]) => b.text))}) AS v(id, content)
      WHERE m.id = v.id AND m.status = 'streaming'`);
    await this.credits.progressMany(batch.map(([, b]) => ({ holdId: b.holdId, cost: b.cost })));
  }

  /** `outputSoFar`: counted piece by piece as they come, so a save never tokenizes whole answers at once */
  private scheduleSave(id: string, p: Prepared, text: string, outputSoFar: number) {
    this.unsaved.set(id, { holdId: p.holdId, text, cost: costOf(p.fitted.promptTokens, outputSoFar, p.model) });
    if (this.saver) return;
    this.saver = setTimeout(() => {
      this.saver = null;
      this.saveProgress().catch(() => undefined);
    }, FLUSH_MS);
    this.saver.unref();
  }

  private logUsage(tx: Tx, m: Row, u: Omit<Usage, 'purpose' | 'refId'>) {
    return logUsage(tx, m, { ...u, purpose: 'chat', refId: null });
  }
}
