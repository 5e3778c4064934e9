/**
 * Prompt templates: a user's own reusable prompts with typed variables, every save kept as a
 * numbered version (written in the save's transaction), restore, and JSON export/import.
 */
import { sql } from 'drizzle-orm';
import { parseVariables, TemplateSyntaxError, type TemplateVariable } from '../../../shared/prompt-template';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { AccessSubject } from '../../../shared/permissions';
import { textLength } from '../../../shared/text';
import type { AiModelService } from '../ai-models/service';
import type { SearchEntry, SearchIndex } from '../search/service';
import type { PromptTemplateExport, PromptTemplateRow, PromptTemplateVersion } from './schemas';

export const PROMPT_LIMITS = { TITLE: 100, BODY: 20_000, CATEGORY: 50, TAG: 30, TAGS: 20, IMPORT: 200 } as const;

export interface TemplateInput {
  title: string;
  body: string;
  category?: string | null;
  tags?: string[] | null;
  model_id?: string | null;
}

/** a template's fields once checked and trimmed */
interface Checked {
  title: string;
  body: string;
  category: string;
  tags: string[];
  modelId: string | null;
}

export interface Caller extends AccessSubject {
  uid: string;
}

const columns = sql`p.id, p.title, p.body, p.category, p.tags, p.model_id, p.version, p.created_at, p.updated_at`;

export const promptList: ListSpec = {
  resource: 'prompt-templates',
  from: sql`prompt_templates p`,
  alias: 'p',
  columns,
  search: [sql`p.title`, sql`p.body`],
  filters: {
    category: { kind: 'eq', column: sql`p.category` },
    tag: { kind: 'overlaps', column: sql`p.tags` },
  },
  sorts: { updated_at: sql`p.updated_at`, title: sql`p.title` },
  defaultSort: { field: 'updated_at', order: 'descend' },
  tiebreak: sql`p.id`,
  exportColumns: [
    { key: 'title', width: 30 },
    { key: 'category', width: 16 },
    { key: 'tags', width: 24 },
    { key: 'body', width: 60 },
    { key: 'version', width: 8 },
    { key: 'updated_at', date: true, width: 20 },
  ],
};

/** the list's scope: the caller's own templates */
export const ownTemplates = (userId: string) => sql`p.user_id = ${userId}`;

/** the body's variables, or INVALID_PARAM on `field` with the reason and position */
export function variablesOf(body: string, field = 'body'): TemplateVariable[] {
  try {
    return parseVariables(body);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) throw new AppError('INVALID_PARAM', { field, params: { reason: `${e.reason} at ${e.position}` } });
    throw e;
  }
}

export class PromptService {
  constructor(
    private db: Db,
    private models: Pick<AiModelService, 'resolveForUser'>,
    private search: SearchIndex,
  ) {}

  /** the caller's templates are findable by their owner in the search index */
  private async index(tx: Tx, userId: string, ids: string[]) {
    if (!ids.length) return;
    const rows = await query(tx, sql`SELECT id, title, body, category, tags FROM prompt_templates WHERE user_id = ${userId} AND id = ANY(${textArray(ids)})`);
    await this.search.put(
      tx,
      rows.map((r) => ({
        kind: 'prompt' as const,
        refId: r.id as string,
        ownerId: userId,
        title: r.title as string,
        body: [r.category, (r.tags as string[]).join(' '), r.body].filter(Boolean).join('\n'),
        url: `/pages/assistant/prompts/prompts?id=${r.id as string}`,
      })),
    );
  }

  async get(userId: string, id: string, tx: Db | Tx = this.db): Promise<PromptTemplateRow> {
    const [r] = await query<PromptTemplateRow>(tx, sql`SELECT ${columns} FROM prompt_templates p WHERE p.id = ${id} AND p.user_id = ${userId}`);
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** checks one template's fields (prefix: `templates.<i>.` for imports) and answers them cleaned */
  private async check(caller: Caller, input: TemplateInput, prefix = ''): Promise<Checked> {
    const title = input.title?.trim() ?? '';
    if (!title || textLength(title) > PROMPT_LIMITS.TITLE)
      throw new AppError('INVALID_PARAM', { field: `${prefix}title`, params: { reason: `1..${PROMPT_LIMITS.TITLE}` } });
    const body = input.body ?? '';
    if (!body.trim() || textLength(body) > PROMPT_LIMITS.BODY)
      throw new AppError('INVALID_PARAM', { field: `${prefix}body`, params: { reason: `1..${PROMPT_LIMITS.BODY}` } });
    variablesOf(body, `${prefix}body`);
    const category = (input.category ?? '').trim();
    if (textLength(category) > PROMPT_LIMITS.CATEGORY)
      throw new AppError('INVALID_PARAM', { field: `${prefix}category`, params: { reason: `0..${PROMPT_LIMITS.CATEGORY}` } });
    const tags = [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))];
    if (tags.length > PROMPT_LIMITS.TAGS || tags.some((t) => textLength(t) > PROMPT_LIMITS.TAG))
      throw new AppError('INVALID_PARAM', { field: `${prefix}tags`, params: { reason: `${PROMPT_LIMITS.TAGS} x 1..${PROMPT_LIMITS.TAG}` } });
    const modelId = input.model_id || null;
    if (modelId) {
      try {
        await this.models.resolveForUser(caller, modelId);
      } catch (e) {
        if (e instanceof AppError && prefix) throw new AppError(e.code, { field: `${prefix}model_id` });
        throw e;
      }
    }
    return { title, body, category, tags, modelId };
  }

  private async snapshot(tx: Tx, id: string) {
    await tx.execute(sql`INSERT INTO prompt_template_versions (template_id, version, title, body, category, tags, model_id)
      SELECT id, version, title, body, category, tags, model_id FROM prompt_templates WHERE id = ${id}`);
  }

  private async insert(tx: Tx, userId: string, v: Checked) {
    const [r] = await query<{ id: string }>(
      tx,
      sql`INSERT INTO prompt_templates (user_id, title, body, category, tags, model_id)
        VALUES (${userId}, ${v.title}, ${v.body}, ${v.category}, ${textArray(v.tags)}, ${v.modelId}) RETURNING id`,
    );
    await this.snapshot(tx, r.id);
    await this.index(tx, userId, [r.id]);
    return r.id;
  }

  async create(caller: Caller, input: TemplateInput): Promise<PromptTemplateRow> {
    const v = await this.check(caller, input);
    return this.db.transaction(async (tx) => this.get(caller.uid, await this.insert(tx, caller.uid, v), tx));
  }

  /** a save: the template takes the next version number and that version is kept */
  async update(caller: Caller, id: string, input: TemplateInput): Promise<PromptTemplateRow> {
    await this.get(caller.uid, id);
    const v = await this.check(caller, input);
    return this.save(caller.uid, id, v);
  }

  private save(userId: string, id: string, v: Checked): Promise<PromptTemplateRow> {
    return this.db.transaction(async (tx) => {
      const r = await tx.execute(sql`UPDATE prompt_templates SET title = ${v.title}, body = ${v.body}, category = ${v.category},
        tags = ${textArray(v.tags)}, model_id = ${v.modelId}, version = version + 1, updated_at = now()
        WHERE id = ${id} AND user_id = ${userId}`);
      if (!r.rowCount) throw new AppError('NOT_FOUND');
      await this.snapshot(tx, id);
      await this.index(tx, userId, [id]);
      return this.get(userId, id, tx);
    });
  }

  async deleteMany(userId: string, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    return this.db.transaction(async (tx) => {
      const gone = await query<{ id: string }>(tx, sql`DELETE FROM prompt_templates WHERE user_id = ${userId} AND id = ANY(${textArray(ids)}) RETURNING id`);
      await this.search.remove(
        tx,
        'prompt',
        gone.map((g) => g.id),
      );
      return gone.length;
    });
  }

  async remove(userId: string, id: string) {
    if (!(await this.deleteMany(userId, [id]))) throw new AppError('NOT_FOUND');
  }

  async versions(userId: string, id: string): Promise<PromptTemplateVersion[]> {
    await this.get(userId, id);
    const rows = await query<PromptTemplateVersion>(
      this.db,
      sql`SELECT version, title, body, category, tags, model_id, created_at FROM prompt_template_versions
        WHERE template_id = ${id} ORDER BY version DESC`,
    );
    return rows.map(plain);
  }

  /** a restore is a new save with the old version's content (its model kept only if still usable) */
  async restore(caller: Caller, id: string, version: number): Promise<PromptTemplateRow> {
    await this.get(caller.uid, id);
    const [old] = await query(this.db, sql`SELECT * FROM prompt_template_versions WHERE template_id = ${id} AND version = ${version}`);
    if (!old) throw new AppError('NOT_FOUND', { field: 'version' });
    let modelId = (old.model_id as string | null) ?? null;
    if (modelId)
      modelId = await this.models.resolveForUser(caller, modelId).then(
        () => modelId,
        () => null,
      );
    return this.save(caller.uid, id, {
      title: old.title as string,
      body: old.body as string,
      category: old.category as string,
      tags: old.tags as string[],
      modelId,
    });
  }

  async exportAll(userId: string): Promise<{ templates: PromptTemplateExport[] }> {
    const rows = await query<PromptTemplateRow>(
      this.db,
      sql`SELECT ${columns} FROM prompt_templates p WHERE p.user_id = ${userId} ORDER BY p.updated_at DESC, p.id`,
    );
    return {
      templates: rows.map((r) => ({
        title: r.title,
        body: r.body,
        category: r.category,
        tags: r.tags,
        model_id: r.model_id ?? null,
        variables: parseVariables(r.body),
      })),
    };
  }

  /** every entry becomes a new template, or none does */
  async importAll(caller: Caller, templates: TemplateInput[]): Promise<number> {
    if (templates.length > PROMPT_LIMITS.IMPORT)
      throw new AppError('INVALID_PARAM', { field: 'templates', params: { reason: `at most ${PROMPT_LIMITS.IMPORT}` } });
    const checked: Checked[] = [];
    for (const [i, t] of templates.entries()) checked.push(await this.check(caller, t, `templates.${i}.`));
    await this.db.transaction(async (tx) => {
      for (const v of checked) await this.insert(tx, caller.uid, v);
    });
    return checked.length;
  }

  /** up to `limit` templates the search index does not hold (written before templates were indexed): the search backfill's */
  async searchEntriesMissing(limit: number): Promise<SearchEntry[]> {
    const rows = await query<{ id: string; user_id: string; title: string; body: string }>(
      this.db,
      sql`SELECT p.id, p.user_id, p.title, p.body FROM prompt_templates p
      WHERE NOT EXISTS (SELECT 1 FROM search_entries s WHERE s.kind = 'prompt' AND s.ref_id = p.id) LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      kind: 'prompt' as const,
      refId: r.id,
      ownerId: r.user_id,
      title: r.title,
      body: r.body,
      url: `/pages/assistant/prompts/prompts?id=${r.id}`,
    }));
  }
}
