/** A conversation's sampling parameters as an answer uses them: what is sent, and the longest answer the hold covers. */
import { AppError } from '../../core/errors';
import type { ResolvedModel } from '../ai-models/service';
import type { ConversationRow } from './schemas';

/** the sampling parameters a conversation may set (absent: unchanged, null: the model's default) */
export type Parameters = Partial<Pick<ConversationRow, 'temperature' | 'top_p' | 'max_tokens'>>;

export function samplingFor(conv: Pick<ConversationRow, 'temperature' | 'top_p' | 'max_tokens'>, model: ResolvedModel) {
  // Anthropic's temperature goes to 1 (OpenAI's to 2): refused before anything is held or sent
  if (model.target.protocol === 'anthropic' && conv.temperature !== null && conv.temperature > 1)
    throw new AppError('INVALID_PARAM', { field: 'temperature', params: { reason: '0..1' } });
  return {
    temperature: conv.temperature,
    topP: conv.top_p,
    // the conversation's longest answer, never above the model's: the hold covers that much output
    maxOutput: Math.min(conv.max_tokens ?? model.maxOutputTokens, model.maxOutputTokens),
  };
}
