/**
 * Reads one provider answer as it streams (chat answers and one-shot tasks alike): the first
 * token's limit counted from the request's start, then an idle limit between tokens; the text,
 * the provider's usage if it reports one, and why it ended early (stopped, disconnected, timeout).
 */
import { AppError, type ErrorCode } from '../../core/errors';
import { cutText } from '../../../shared/text';
import { ProviderError, type StreamEvent } from '../ai-models/providers';

export interface ProviderStream {
  events: AsyncIterator<StreamEvent>;
  first: Promise<IteratorResult<StreamEvent>>;
  ctl: AbortController;
  started: number;
}

export type EndedBy = 'stopped' | 'disconnected' | 'timeout';

export interface ReadAnswer {
  text: string;
  firstTokenMs: number | null;
  /** what the provider reported, if it did */
  usage: { inputTokens: number; outputTokens: number } | null;
  /** the provider request was cancelled (stop, disconnect, timeout): its usage, if any, is not the whole answer's */
  cut: boolean;
  /** a provider error, or AI_TIMEOUT */
  failure: AppError | null;
  endedBy: EndedBy | null;
}

export class AnswerReader {
  endedBy: EndedBy | null = null;

  constructor(
    private stream: ProviderStream,
    private timeouts: { firstTokenMs: number; idleMs: number },
  ) {}

  /** ends the answer early (the first reason given is the one kept) and cancels the provider request */
  abort(reason: EndedBy) {
    this.endedBy ??= reason;
    this.stream.ctl.abort();
  }

  /** reads to the end, handing each piece of text to `onText`; never throws */
  async read(onText: (piece: string, textSoFar: string) => void): Promise<ReadAnswer> {
    const { ctl, started } = this.stream;
    let firstTokenMs: number | null = null;
    let text = '';
    let usage: ReadAnswer['usage'] = null;
    let failure: AppError | null = null;
    let timer = setTimeout(() => this.abort('timeout'), Math.max(0, this.timeouts.firstTokenMs - (Date.now() - started)));
    try {
      for (let next = this.stream.first; ; next = this.stream.events.next()) {
        const r = await next;
        if (r.done || ctl.signal.aborted) break;
        const ev = r.value;
        if (ev.type === 'usage') {
          usage = { inputTokens: ev.inputTokens, outputTokens: ev.outputTokens };
          continue;
        }
        if (!ev.text) continue;
        if (firstTokenMs === null) {
          firstTokenMs = Date.now() - started;
          clearTimeout(timer);
          timer = setTimeout(() => this.abort('timeout'), this.timeouts.idleMs);
        } else timer.refresh();
        text += ev.text;
        onText(ev.text, text);
      }
    } catch (e) {
      if (!ctl.signal.aborted) failure = providerFailure(e);
    } finally {
      clearTimeout(timer);
      // lets the SDK's iterator go (a no-op when it ended by itself)
      void this.stream.events.return?.(undefined).catch(() => undefined);
    }
    if (this.endedBy === 'timeout') {
      const ms = firstTokenMs === null ? this.timeouts.firstTokenMs : this.timeouts.idleMs;
      failure = new AppError('AI_TIMEOUT', { params: { seconds: Math.round(ms / 1000), message: '' } });
    }
    return { text, firstTokenMs, usage, cut: ctl.signal.aborted, failure, endedBy: this.endedBy };
  }
}

/** a provider's failure as a catalogue error carrying the provider's own message */
export function providerFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const code: ErrorCode = e instanceof ProviderError ? e.code : 'AI_PROVIDER_ERROR';
  const message = cutText(e instanceof ProviderError ? e.providerMessage : e instanceof Error ? e.message : String(e), 1000);
  return new AppError(code, { params: { message, seconds: 0 }, cause: e });
}
