/**
 * One-shot AI tasks outside the chat (a task's breakdown, a model comparison, "Ask AI" over
 * search results): one question, one streamed answer, billed exactly like a chat answer (hold,
 * stream, settle with its usage row) but with nothing stored in the conversations.
 */
import { randomUUID } from 'node:crypto';
import type { AccessSubject } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import type { Db } from '../../db';
import type { AiModelService, ResolvedModel } from '../ai-models/service';
import type { streamChat } from '../ai-models/providers';
import type { CreditService } from '../credits/service';
import { costOf, type Fitted, fitToWindow, loadTokenizer, tokensOf } from './context';
import { AnswerReader, type ProviderStream } from './reader';
import { logInterrupted, logUsage, withRetries } from './usage';
import type { LedgerRefType } from '../../../shared/ledger';

export type TaskPurpose = 'breakdown' | 'compare' | 'ask';
const REF_TYPE: LedgerRefType = 'ai-task';
const FLUSH_MS = 1000;

export interface TaskRequest {
  purpose: TaskPurpose;
  /** what it is for (a task id...), kept in the usage log */
  refId?: string | null;
  /** null: the first model the caller may use */
  modelId?: string | null;
  system: string | null;
  prompt: string;
  /** at most this many output tokens (never more than the model's own maximum) */
  maxTokens?: number;
}

export interface TaskRun {
  id: string;
  userId: string;
  purpose: TaskPurpose;
  refId: string | null;
  model: ResolvedModel;
  fitted: Fitted;
  holdId: number;
  stream: ProviderStream;
}

/** where a task's events go; `lane` tells two tasks in one stream apart (a comparison) */
export interface TaskSink {
  send(event: string, data: unknown): void;
  onClose(cb: () => void): void;
}

export interface TaskResult {
  id: string;
  text: string;
  status: 'done' | 'stopped' | 'error';
  modelId: string;
  modelName: string;
  inputTokens: number;
  outputTokens: number;
  credits: number;
  /** the caller's balance after settling */
  balance: number;
  firstTokenMs: number | null;
  totalMs: number;
  error: AppError | null;
}

export class AiTaskService {
  private active = new Map<string, { userId: string; abort: () => void }>();
  private unsaved = new Map<number, number>();
  private saver: NodeJS.Timeout | null = null;

  constructor(
    private db: Db,
    private credits: CreditService,
    private models: Pick<AiModelService, 'listForUser' | 'resolveForUser'>,
    private stream: typeof streamChat,
    private timeouts: { firstTokenMs: number; idleMs: number },
  ) {
    // a task whose process died: what it had generated is paid, its usage row says interrupted
    credits.onSettle(REF_TYPE, async (tx, hold) => {
      await logInterrupted(tx, hold, 'task');
    });
  }

  /**
   * Checks the model, the balance and the daily limit, takes the hold and starts the provider
   * request. Throws a catalogue error (nothing held) when the task cannot run.
   */
  async prepare(user: AccessSubject & { uid: string }, req: TaskRequest): Promise<TaskRun> {
    const prompt = req.prompt.trim();
    if (!prompt) throw new AppError('INVALID_PARAM', { field: 'prompt', params: { reason: 'required' } });
    const [model, balance, dailyLimit] = await Promise.all([
      this.modelFor(user, req.modelId),
      this.credits.balance(user.uid),
      this.credits.dailyLimitOf(user.role ?? []),
      this.credits.start(),
      loadTokenizer(),
    ]);
    const fitted = fitToWindow(
      req.system,
      [{ role: 'user', content: prompt }],
      model.contextWindow,
      Math.min(model.maxOutputTokens, req.maxTokens ?? model.maxOutputTokens),
    );
    const amount = costOf(fitted.promptTokens, fitted.maxTokens, model);
    if (balance < amount) throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: amount, balance } });
    const spent = dailyLimit === null ? 0 : await this.credits.spentToday(this.db, user.uid);
    if (dailyLimit !== null && spent + amount > dailyLimit) throw new AppError('DAILY_LIMIT_REACHED', { params: { used: spent, limit: dailyLimit } });
    const id = randomUUID();
    const hold = await this.credits.hold(user.uid, amount, {
      key: `${REF_TYPE}:${id}`,
      refType: REF_TYPE,
      refId: id,
      reason: `${req.purpose}: ${model.name}`,
      dailyLimit,
    });
    const ctl = new AbortController();
    const started = Date.now();
    const events = this.stream(model.target, { system: req.system, turns: fitted.turns, maxTokens: fitted.maxTokens, signal: ctl.signal })[
      Symbol.asyncIterator
    ]();
    const first = events.next();
    first.catch(() => undefined);
    return { id, userId: user.uid, purpose: req.purpose, refId: req.refId ?? null, model, fitted, holdId: hold.id, stream: { events, first, ctl, started } };
  }

  /** gives back the hold of a prepared task that will not run (its partner in a comparison failed) */
  async cancel(run: TaskRun): Promise<void> {
    run.stream.ctl.abort();
    await this.credits.release(run.holdId);
  }

  /** stops a task this process is running for the user; false when none is */
  stop(userId: string, id: string): boolean {
    const t = this.active.get(id);
    if (!t || t.userId !== userId) return false;
    t.abort();
    return true;
  }

  /**
   * Streams the answer to the sink ('start' then 'delta' events, with `lane` when given) and
   * settles; the caller sends the closing event (it may add what it made of the text). Never throws.
   */
  async run(p: TaskRun, sink: TaskSink, lane?: string): Promise<TaskResult> {
    const reader = new AnswerReader(p.stream, this.timeouts);
    this.active.set(p.id, { userId: p.userId, abort: () => reader.abort('stopped') });
    let finished = false;
    sink.onClose(() => {
      if (!finished) reader.abort('stopped');
    });
    const tag = lane === undefined ? {} : { lane };
    sink.send('start', { ...tag, id: p.id, model: { id: p.model.id, name: p.model.name }, prompt_tokens: p.fitted.promptTokens });

    let outputSoFar = 0;
    const {
      text,
      firstTokenMs,
      usage,
      cut,
      failure,
      endedBy: why,
    } = await reader.read((piece) => {
      outputSoFar += tokensOf(piece);
      sink.send('delta', { ...tag, text: piece });
      this.scheduleSave(p.holdId, costOf(p.fitted.promptTokens, outputSoFar, p.model));
    });
    this.unsaved.delete(p.holdId);
    const generated = firstTokenMs !== null;
    const status: TaskResult['status'] = failure ? 'error' : why === 'stopped' ? 'stopped' : 'done';
    const input = generated ? (usage?.inputTokens ?? p.fitted.promptTokens) : 0;
    const output = generated ? (usage && !cut ? usage.outputTokens : tokensOf(text)) : 0;
    const cost = generated ? costOf(input, output, p.model) : 0;
    const totalMs = Date.now() - p.stream.started;
    let credits = 0;
    let balance = 0;
    try {
      const settled = await withRetries(() =>
        this.credits.settle(p.holdId, cost, (tx, captured) =>
          logUsage(
            tx,
            { user_id: p.userId, model_id: p.model.id, model_name: p.model.name },
            {
              input,
              output,
              credits: captured,
              firstTokenMs,
              totalMs,
              status,
              errorCode: failure?.code ?? null,
              source: usage && !cut ? 'provider' : 'local',
              purpose: p.purpose,
              refId: p.refId,
            },
          ),
        ),
      );
      credits = settled.captured;
      balance = settled.balance;
    } catch {
      // the hold stays open with its progress; the orphan settlement captures it
    } finally {
      finished = true;
      this.active.delete(p.id);
    }
    return {
      id: p.id,
      text,
      status,
      modelId: p.model.id,
      modelName: p.model.name,
      inputTokens: input,
      outputTokens: output,
      credits,
      balance,
      firstTokenMs,
      totalMs,
      error: failure,
    };
  }

  private async modelFor(user: AccessSubject, modelId?: string | null): Promise<ResolvedModel> {
    if (modelId) return this.models.resolveForUser(user, modelId);
    const [first] = await this.models.listForUser(user);
    if (!first) throw new AppError('MODEL_NOT_AVAILABLE', { field: 'model_id' });
    return this.models.resolveForUser(user, first.id);
  }

  /** the cost so far of every running task, one write a second: what a crash settlement captures */
  private scheduleSave(holdId: number, cost: number) {
    this.unsaved.set(holdId, cost);
    if (this.saver) return;
    this.saver = setTimeout(() => {
      this.saver = null;
      const batch = [...this.unsaved.entries()];
      this.unsaved.clear();
      if (batch.length) this.credits.progressMany(batch.map(([holdId, cost]) => ({ holdId, cost }))).catch(() => undefined);
    }, FLUSH_MS);
    this.saver.unref();
  }
}

/** the closing event's fields every task shares (the caller may add its own) */
export function resultData(r: TaskResult) {
  return {
    id: r.id,
    status: r.status,
    text: r.text,
    model: { id: r.modelId, name: r.modelName },
    input_tokens: r.inputTokens,
    output_tokens: r.outputTokens,
    credits: r.credits,
    balance: r.balance,
    first_token_ms: r.firstTokenMs,
    total_ms: r.totalMs,
  };
}
