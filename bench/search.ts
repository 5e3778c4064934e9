/**
 * Search at 100,000 entries, on a throwaway embedded PostgreSQL, through a server process of its
 * own (HTTP, as the console calls it), with the OpenAI-compatible stand-in in another process:
 *  - seeds BENCH_SEARCH_ENTRIES (100,000) entries: conversation messages of 200 users (70 %), help
 *    documents in three languages, store prompts and own prompts; English and Chinese text of
 *    realistic lengths (words drawn Zipf-like, so some are common and most are rare); then VACUUM ANALYZE;
 *  - p50 / p95 of typical queries as one of those users (a common word, a rare word, a Chinese
 *    pair, two words, a prefix being typed, a kind filter), against the target p95 < 50 ms;
 *  - Ask AI: p50 / p95 of the time to its first streamed token, against the stand-in's own first
 *    token for the same prompt (what the search, the hold and the request add).
 *
 * `npm run bench -- search` runs only this one.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applyMigrations, connect, type Db } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { indexText } from '../shared/search-text';
import { freePort } from '../tests/support/free-port';
import { pct, startServer, startStandin } from './processes';
import { creditsOf } from '../tests/support/services';

const ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES || 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS || 40);
const ASKS = Number(process.env.BENCH_ASKS || 30);
const OWNERS = 200;
const TARGET = { p95Ms: 50 };

/** a repeatable random source, so two runs seed the same text */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const rand = rng(42);

const COMMON =
  'the of and to in is it that for you with on as are this be at or have from by not but what all can your was we an use one if will how when which their there model answer credits prompt chat token search'.split(
    ' ',
  );
const SYLLABLES = 'ka lo mi ne ru ta shi ven dor pel qua zin bra tor lex mon sar vik elu gan hop jur'.split(' ');
/** 20,000 made-up words: drawn Zipf-like, the first few hundred are common, most are rare */
const VOCAB = Array.from({ length: 20_000 }, (_, i) =>
  i < COMMON.length
    ? COMMON[i]
    : Array.from({ length: 2 + (i % 3) }, (_, j) => SYLLABLES[(i * 7 + j * 13 + Math.floor(i / 21)) % SYLLABLES.length]).join('') + (i % 97),
);
/** Chinese words, drawn Zipf-like too (the first are common) */
const HAN_WORDS =
  '我们 可以 这个 一个 需要 如何 使用 问题 回答 模型 用户 数据 时间 系统 功能 设置 对话 积分 文档 搜索 登录 管理 服务 中文 提示词 翻译 总结 代码 文章 会议 计划 客户 产品 市场 价格 报告 邮件 表格 图片 声音 录音 转写 任务 待办 日程 学习 考试 旅行 天气 健康 运动 音乐 电影 历史 地理 科学 数学 物理 化学 生物 经济 法律 政策 新闻 公司 团队 项目 进度 风险 预算 成本 收入 利润 增长 策略 目标 结果 原因 方法 步骤 例子 说明 注意 建议 总之 然而 因此 虽然 但是 如果 那么 已经 正在 将要 数据库 向量 索引 全文 检索 排序 分页 缓存 队列 并发 事务 日志 监控 告警 部署 容器 集群 网络 安全 权限 角色 菜单 账号 密码 验证码 手机号 邮箱 支付 订单 退款 发票 合同 审批 流程'.split(
    ' ',
  );
const zipf = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.exp(rand() * Math.log(VOCAB.length + 1)) - 1))];
const englishText = (words: number) => Array.from({ length: words }, (_, i) => (i % 12 === 11 ? `${zipf()}.` : zipf())).join(' ');
const hanWord = () => HAN_WORDS[Math.min(HAN_WORDS.length - 1, Math.floor(Math.exp(rand() * Math.log(HAN_WORDS.length + 1)) - 1))];
const chineseText = (chars: number) => Array.from({ length: Math.ceil(chars / 2.2) }, (_, i) => (i % 10 === 9 ? `${hanWord()}。` : hanWord())).join('');
const textOf = (size: number) => (rand() < 0.35 ? chineseText(Math.round(size / 2)) : englishText(Math.round(size / 6)));
const between = (a: number, b: number) => Math.round(a + rand() * (b - a));

/** the ms until the first line `pick` finds text in; then the stream is dropped */
async function firstText(url: string, init: RequestInit, pick: (line: string) => string | undefined): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  let first = NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (pick(line)) {
        first = performance.now() - t0;
        // the rest is not measured: going away stops the answer (and pays for what was generated)
        await reader.cancel();
        return first;
      }
    }
  }
  return first;
}

/** `count` entries of every kind, owned (messages, own prompts) by one of `owners` at random; the index text made as SearchIndex.put makes it */
export async function seedSearchEntries(db: Db, owners: string[], count: number) {
  // the entries, 1,000 a statement; the index text is made here as SearchIndex.put makes it
  const BATCH = 1000;
  for (let at = 0; at < count; at += BATCH) {
    const cols: Record<string, string[]> = { kind: [], ref: [], owner: [], locale: [], title: [], body: [], url: [], it: [], ib: [] };
    for (let i = at; i < Math.min(count, at + BATCH); i++) {
      const r = rand();
      const kind = r < 0.7 ? 'message' : r < 0.8 ? 'doc' : r < 0.9 ? 'store-prompt' : 'prompt';
      const body = kind === 'doc' ? textOf(between(1500, 6000)) : kind === 'message' ? textOf(between(40, 1200)) : textOf(between(100, 800));
      const title = textOf(between(12, 40));
      cols.kind.push(kind);
      cols.ref.push(kind === 'doc' ? `doc${Math.floor(i / 3)}:${['en-US', 'zh-CN', 'zh-TW'][i % 3]}` : `${kind}${i}`);
      cols.owner.push(kind === 'message' || kind === 'prompt' ? owners[Math.floor(rand() * owners.length)] : '');
      cols.locale.push(kind === 'doc' ? ['en-US', 'zh-CN', 'zh-TW'][i % 3] : '');
      cols.title.push(title);
      cols.body.push(body);
      cols.url.push(`/pages/x?id=${i}`);
      cols.it.push(indexText(title));
      cols.ib.push(indexText(body));
    }
    const arr = (xs: string[]) => sql`${sql.param(xs)}::text[]`;
    await db.execute(sql`INSERT INTO search_entries (kind, ref_id, owner_id, locale, title, body, url, tsv, updated_at)
      SELECT kind, ref, nullif(owner, ''), nullif(locale, ''), title, body, url,
        setweight(to_tsvector('simple', it), 'A') || setweight(to_tsvector('simple', ib), 'B'), now() - random() * interval '365 days'
      FROM unnest(${arr(cols.kind)}, ${arr(cols.ref)}, ${arr(cols.owner)}, ${arr(cols.locale)}, ${arr(cols.title)}, ${arr(cols.body)}, ${arr(cols.url)}, ${arr(cols.it)}, ${arr(cols.ib)})
        AS v(kind, ref, owner, locale, title, body, url, it, ib)
      ON CONFLICT DO NOTHING`);
  }
}

export async function runSearchBench(): Promise<void> {
  console.log(`\nsearch: ${ENTRIES.toLocaleString('en-US')} entries, ${RUNS} runs per query; Ask AI: ${ASKS} answers`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-search-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  const procs: ChildProcess[] = [];
  try {
    const db = connect(pg.url, 5);
    await applyMigrations(db);
    await seedInitialData(db);
    const hash = await hashPassword('Bench#2026');
    const [me] = await db.insert(users).values({ username: 'searcher', passwordHash: hash }).returning();
    await creditsOf(db).postNow({ userId: me.id, kind: 'grant', amount: 100_000_000, key: `bench:${me.id}` });
    const owners = [me.id, ...Array.from({ length: OWNERS - 1 }, (_, i) => `bench-owner-${i}`)];

    const t0 = performance.now();
    await seedSearchEntries(db, owners, ENTRIES);
    await db.execute(sql`VACUUM ANALYZE search_entries`);
    const [{ n, mb }] = (
      await db.execute<{ n: string; mb: string }>(sql`SELECT count(*) AS n, round(pg_total_relation_size('search_entries') / 1e6) AS mb FROM search_entries`)
    ).rows;
    console.log(`  seeded ${Number(n).toLocaleString('en-US')} entries (${mb} MB with indexes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const standin = await startStandin(20);
    procs.push(standin.c);
    const { baseUrl } = standin;
    const server = await startServer(pg.url, dataDir);
    procs.push(server.c);
    const { base } = server;
    const post = async (url: string, token: string | null, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as { data: any };
    const admin = (await post('/api/auth/register-admin', null, { username: 'bench_admin', password: 'Bench#2026', password2: 'Bench#2026' })).data.token;
    const model = (
      await post('/api/ai/models', admin, {
        name: 'stand-in',
        protocol: 'openai',
        base_url: baseUrl,
        provider_model: 'echo',
        context_window: 128000,
        max_output_tokens: 1000,
        input_price: 100_000,
        output_price: 200_000,
      })
    ).data;
    const token = (await post('/api/auth/login', null, { username: 'searcher', password: 'Bench#2026' })).data.token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const queries: Array<[string, string]> = [
      ['common word', 'the'],
      ['rare word', VOCAB[15_000]],
      ['Chinese pair', '数据'],
      ['Chinese, rarer', '向量索引'],
      ['two words', `model ${VOCAB[300]}`],
      ['prefix being typed', VOCAB[2000].slice(0, 3)],
      ['common word, messages only', 'answer&kind=message'],
    ];
    console.log('  query                         matches    p50       p95     (target p95 < 50 ms)');
    for (const [name, q] of queries) {
      const [text, extra] = q.split('&');
      const url = `${base}/api/search?q=${encodeURIComponent(text)}${extra ? `&${extra}` : ''}&locale=en-US&pageSize=10`;
      let total = 0;
      for (let i = 0; i < 3; i++) total = ((await (await fetch(url, { headers })).json()) as { total: number }).total;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await (await fetch(url, { headers })).arrayBuffer();
        times.push(performance.now() - t);
      }
      const p95 = pct(times, 95);
      console.log(
        `  ${name.padEnd(28)} ${String(total).padStart(8)}  ${pct(times, 50).toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(7)} ms  ${(p95 / TARGET.p95Ms).toFixed(2)}x`,
      );
    }

    // Ask AI: the first token through the server, against the stand-in's own for the same prompt
    const q = 'how are credits billed for a model answer';
    const direct: number[] = [];
    const through: number[] = [];
    const pickDelta = (line: string) => (line.startsWith('data: {"text"') ? line : undefined);
    for (let i = 0; i < ASKS; i++) {
      through.push(
        await firstText(`${base}/api/search/ask`, { method: 'POST', headers, body: JSON.stringify({ q, model_id: model.id, locale: 'en-US' }) }, pickDelta),
      );
      direct.push(
        await firstText(
          `${baseUrl}/chat/completions`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              model: 'echo',
              stream: true,
              max_tokens: 1000,
              messages: [{ role: 'user', content: `Sources: ${'x '.repeat(2000)} Question: ${q}` }],
            }),
          },
          (line) => (line.startsWith('data: {') && line.includes('"content"') ? line : undefined),
        ),
      );
    }
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `  Ask AI first token through the server: p50 ${f(pct(through, 50))}, p95 ${f(pct(through, 95))}; the stand-in alone: p50 ${f(pct(direct, 50))}, p95 ${f(pct(direct, 95))}`,
    );
    console.log(
      `  added by the server (search, model check, hold, request) at p50: ${f(pct(through, 50) - pct(direct, 50))}, at p95: ${f(pct(through, 95) - pct(direct, 95))} (${(pct(through, 95) / pct(direct, 95)).toFixed(2)}x the stand-in's own)`,
    );
    console.log(
      `  ${os.cpus().length} CPUs; node ${process.version}; load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    await db.$client.end();
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
