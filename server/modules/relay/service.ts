/**
 * The relay's accounting: a call's key and holder, the model it may ask for, its rate limits, and
 * its bill — held before the provider is called (the key's caps and the holder's balance and
 * daily limit in one transaction), captured from the provider's usage (else a local count) and
 * released in the same ledger as the chat, with ref type `api` and the key as reference.
 */
import { randomUUID } from 'node:crypto';
import type { AccessSubject } from '../../../shared/permissions';
import { AppError, type ErrorCode } from '../../core/errors';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AiModelService, ResolvedModel } from '../ai-models/service';
import type { ApiKeyMeter } from '../api-keys/meter';
import type { ApiKeyService, KeyOfCall } from '../api-keys/service';
import type { AccountService } from '../auth/service';
import { costOf, loadTokenizer } from '../chat/context';
import { logInterrupted, logUsage, withRetries } from '../chat/usage';
import type { CreditService } from '../credits/service';

type ModelKind = Awaited<ReturnType<ApiKeyService['modelsFor']>>[number]['kind'];

export interface RelayCaller extends AccessSubject {
  uid: string;
  role: string[];
  permission: string[];
  key: KeyOfCall;
}

/** a call under way: its hold and what it was for */
export interface Ticket {
  caller: RelayCaller;
  model: ResolvedModel;
  holdId: number;
  held: number;
  promptTokens: number;
  started: number;
}

export interface Outcome {
  /** the provider's usage, when it reported it */
  usage: { input: number; output: number } | null;
  /** the local count of what was generated (used when the provider reported none) */
  localOutput: number;
  /** whether anything was generated (nothing generated, nothing paid) */
  generated: boolean;
  firstTokenMs: number | null;
  status: 'done' | 'disconnected' | 'error';
  errorCode: ErrorCode | null;
  /** the cost when it is not tokens x prices (a transcription's minutes) */
  cost?: number;
}

/** a hold's share of a prompt count: the provider's tokenizer may count a few percent more than ours */
const holdInput = (prompt: number) => Math.ceil(prompt * 1.25) + 64;

export class RelayService {
  constructor(
    private db: Db,
    private credits: CreditService,
    private aiModels: Pick<AiModelService, 'resolveForUser' | 'resolveEmbeddingsForUser' | 'resolveSpeechForUser'>,
    private apiKeys: Pick<ApiKeyService, 'authenticate' | 'modelsFor'>,
    private meter: ApiKeyMeter,
    private accounts: Pick<AccountService, 'accessOf'>,
  ) {
    // a call whose process died: the key gives back its hold and counts the capture
    credits.onSettle('api', async (tx, hold) => {
      if (!hold.refId) return;
      await this.meter.record(tx, {
        keyId: hold.refId,
        held: hold.amount,
        captured: hold.captured,
        modelId: '',
        modelName: '',
        input: 0,
        output: 0,
        failed: true,
      });
      await logInterrupted(tx, hold, 'api', hold.refId);
    });
  }

  /** the key's holder, if the key may be used now from `ip` and its holder's account is open */
  async authenticate(key: string | undefined, ip: string): Promise<RelayCaller | null> {
    if (!key) return null;
    const k = await this.apiKeys.authenticate(key, ip);
    if (!k) return null;
    const access = await this.accounts.accessOf(k.user_id);
    if (!access.active) return null;
    return { uid: k.user_id, role: access.role, permission: access.permission, key: k };
  }

  /** the models the key may call (its holder's chat, embeddings and speech-to-text models, as its own limit allows) */
  async models(caller: RelayCaller) {
    const all = await this.apiKeys.modelsFor(caller);
    return caller.key.models.length ? all.filter((m) => caller.key.models.includes(m.id)) : all;
  }

  /** the model of this kind a client asks for, by its name (as /v1/models lists it) or its id */
  async resolve(caller: RelayCaller, asked: unknown, kind: ModelKind = 'chat'): Promise<ResolvedModel> {
    if (typeof asked !== 'string' || !asked) throw new AppError('INVALID_PARAM', { field: 'model', params: { reason: 'required' } });
    const models = (await this.models(caller)).filter((m) => m.kind === kind);
    const found = models.find((x) => x.name === asked) ?? models.find((x) => x.id === asked);
    if (!found) throw new AppError('MODEL_NOT_AVAILABLE', { field: 'model', params: { model: asked } });
    const m = this.aiModels;
    if (kind === 'embeddings') return m.resolveEmbeddingsForUser(caller, found.id);
    return kind === 'speech-to-text' ? m.resolveSpeechForUser(caller, found.id) : m.resolveForUser(caller, found.id);
  }

  /** counts the request against the key's minute; API_KEY_RATE_LIMITED when it is used up */
  async admit(caller: RelayCaller): Promise<void> {
    const wait = await this.meter.admit(caller.key);
    if (wait !== null) throw new AppError('API_KEY_RATE_LIMITED', { params: { seconds: wait } });
  }

  /**
   * Holds the most the call may cost (its prompt and `maxTokens` of answer) before the provider
   * is called: the key's caps, the balance and the daily limit refuse here, never after.
   */
  async open(caller: RelayCaller, model: ResolvedModel, promptTokens: number, maxTokens: number, held?: number): Promise<Ticket> {
    const amount = held ?? costOf(holdInput(promptTokens), maxTokens, model);
    const [dailyLimit] = await Promise.all([this.credits.dailyLimitOf(caller.role), this.credits.start(), loadTokenizer()]);
    const callId = randomUUID();
    // the holder's row before the key's, as settling takes them: concurrent calls never wait on each other in a circle
    const hold = await this.db.transaction(async (tx) => {
      const h = await this.credits.holdIn(tx, caller.uid, amount, {
        key: `api:${callId}`,
        refType: 'api',
        refId: caller.key.id,
        reason: `api: ${model.name}`,
        dailyLimit,
      });
      await this.meter.reserve(tx, caller.key.id, amount);
      return h;
    });
    return { caller, model, holdId: hold.id, held: amount, promptTokens, started: Date.now() };
  }

  /** the cost so far of a call under way: what a crash settlement captures */
  progress(t: Ticket, output: number) {
    void this.credits.progress(t.holdId, costOf(t.promptTokens, output, t.model)).catch(() => undefined);
  }

  /** settles the call: the provider's usage (else the local count) at the model's prices, never more than the hold */
  async close(t: Ticket, o: Outcome): Promise<{ captured: number }> {
    const input = o.generated ? (o.usage?.input ?? t.promptTokens) : 0;
    const output = o.generated ? (o.usage?.output ?? o.localOutput) : 0;
    const cost = o.generated ? (o.cost ?? costOf(input, output, t.model)) : 0;
    const totalMs = Date.now() - t.started;
    const { captured } = await withRetries(() =>
      this.credits.settle(t.holdId, cost, async (tx: Tx, captured) => {
        await this.meter.record(tx, {
          keyId: t.caller.key.id,
          held: t.held,
          captured,
          modelId: t.model.id,
          modelName: t.model.name,
          input,
          output,
          failed: o.status === 'error',
        });
        await logUsage(
          tx,
          { user_id: t.caller.uid, model_id: t.model.id, model_name: t.model.name },
          {
            input,
            output,
            credits: captured,
            firstTokenMs: o.firstTokenMs,
            totalMs,
            status: o.status,
            errorCode: o.errorCode,
            source: o.usage ? 'provider' : 'local',
            purpose: 'api',
            refId: t.caller.key.id,
            apiKeyId: t.caller.key.id,
          },
        );
      }),
    );
    return { captured };
  }
}
