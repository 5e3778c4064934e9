/**
 * The chat browser tests' common start: the first admin, models on a provider stand-in, and a
 * user holding credits (through the ledger, as an admin's adjustment).
 */
import { api } from './browser';
import { makeUser, withDb } from './fixtures';

interface Account {
  username: string;
  password: string;
}

const LIMITS = { context_window: 16000, max_output_tokens: 500, input_price: 100_000, output_price: 100_000, enabled: true };

/** registers `admin`, adds each model (default: one named Echo) on `baseUrl`, makes `users` with `credits`; answers the admin's token */
export async function chatSetUp(opts: {
  admin: Account;
  users: Account[];
  baseUrl: string;
  models?: Array<Record<string, unknown>>;
  credits?: number;
}): Promise<string> {
  const { admin, baseUrl } = opts;
  const token = (await api('POST', '/api/auth/register-admin', { ...admin, password2: admin.password })).body.data.token as string;
  for (const m of opts.models ?? [{ name: 'Echo' }]) {
    const r = await api(
      'POST',
      '/api/ai/models',
      { protocol: 'openai', base_url: baseUrl, api_key: 'sk-stand-in', provider_model: 'echo', ...LIMITS, ...m },
      token,
    );
    if (r.status !== 200) throw new Error(`model not added: ${JSON.stringify(r.body)}`);
  }
  for (const u of opts.users) {
    await makeUser(u.username, u.password);
    if (!opts.credits) continue;
    const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [u.username])).rows[0].id as string);
    const r = await api('POST', '/api/credits/adjust', { user_id: userId, amount: opts.credits, reason: 'chat test' }, token);
    if (r.status !== 200) throw new Error(`credits not granted: ${JSON.stringify(r.body)}`);
  }
  return token;
}
