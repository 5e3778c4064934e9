/**
 * What the chat needs of the model providers (server/modules/ai-models): the models a user may
 * pick, a model with its provider target, and the provider stream.
 */
import type { AccessSubject } from '../../../shared/permissions';

export interface ProviderTarget {
  protocol: 'openai' | 'anthropic';
  baseUrl: string;
  apiKey: string | null;
  providerModel: string;
}

export type StreamEvent = { type: 'text'; text: string } | { type: 'usage'; inputTokens: number; outputTokens: number };

export type StreamChat = (
  target: ProviderTarget,
  req: { system?: string | null; turns: Array<{ role: 'user' | 'assistant'; content: string }>; maxTokens: number; signal: AbortSignal },
) => AsyncIterable<StreamEvent>;

export interface ProviderErrorLike {
  code?: 'AI_PROVIDER_ERROR' | 'AI_RATE_LIMITED' | 'AI_TIMEOUT';
  status?: number;
  providerMessage?: string;
}

export interface ChatModelInfo {
  id: string;
  name: string;
  context_window: number;
  max_output_tokens: number;
  input_price: number;
  output_price: number;
}

export interface ResolvedModel {
  id: string;
  name: string;
  target: ProviderTarget;
  contextWindow: number;
  maxOutputTokens: number;
  inputPrice: number;
  outputPrice: number;
}

export interface ModelDirectory {
  listForUser(user: AccessSubject): Promise<ChatModelInfo[]>;
  resolveForUser(user: AccessSubject, modelId: string): Promise<ResolvedModel>;
}
