/**
 * The OpenAI-compatible stand-in (tests/support) as a process of its own for the chat bench, so
 * the clients' work does not slow it: prints its base URL as one JSON line, runs until killed.
 */
import { startOpenAiStandin } from '../tests/support/openai-standin';

startOpenAiStandin({ tokenDelayMs: Number(process.env.STANDIN_TOKEN_DELAY_MS || 50) }).then((s) => {
  process.stdout.write(`${JSON.stringify({ baseUrl: s.baseUrl })}\n`);
});
