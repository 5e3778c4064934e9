/**
 * AI model providers, the facts the server and the console share: protocols, kinds, the
 * bounds of a model's numbers, and the providers the form offers as presets. Browser-safe.
 */
export const AI_PROTOCOLS = ['openai', 'anthropic'] as const;
export type AiProtocol = (typeof AI_PROTOCOLS)[number];

export const AI_KINDS = ['chat', 'speech-to-text', 'embeddings'] as const;
export type AiKind = (typeof AI_KINDS)[number];

export const AI_MODEL_LIMITS = {
  NAME_MAX: 100,
  URL_MAX: 500,
  KEY_MAX: 500,
  PROVIDER_MODEL_MAX: 200,
  CONTEXT_WINDOW_MAX: 10_000_000,
  /** credits per million tokens */
  PRICE_MAX: 100_000_000,
  SORT_MAX: 1_000_000,
  COMMENT_MAX: 500,
} as const;

export interface AiPreset {
  /** the label is ai.preset.<key> */
  key: string;
  protocol: AiProtocol;
  baseUrl: string;
  /** local servers (Ollama, vLLM, LM Studio) take no key */
  keyless?: boolean;
}

/** picking one fills the protocol and base URL; both stay editable (self-hosted endpoints) */
export const AI_PRESETS: readonly AiPreset[] = [
  { key: 'openai', protocol: 'openai', baseUrl: 'https://api.openai.com/v1' },
  { key: 'deepseek', protocol: 'openai', baseUrl: 'https://api.deepseek.com/v1' },
  { key: 'qwen', protocol: 'openai', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1' },
  { key: 'moonshot', protocol: 'openai', baseUrl: 'https://api.moonshot.cn/v1' },
  { key: 'zhipu', protocol: 'openai', baseUrl: 'https://open.bigmodel.cn/api/paas/v4' },
  { key: 'ollama', protocol: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', keyless: true },
  { key: 'vllm', protocol: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', keyless: true },
  { key: 'lmstudio', protocol: 'openai', baseUrl: 'http://127.0.0.1:1234/v1', keyless: true },
  { key: 'anthropic', protocol: 'anthropic', baseUrl: 'https://api.anthropic.com' },
];

/** the preset a stored row matches, if any */
export const presetOf = (protocol: string | undefined, baseUrl: string | undefined) =>
  AI_PRESETS.find((p) => p.protocol === protocol && p.baseUrl === (baseUrl ?? '').replace(/\/+$/, ''));
