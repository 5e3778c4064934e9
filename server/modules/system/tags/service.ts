/** User tags (uni-id-tag): tagid fixed once created; deleting a tag takes it off every user. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { tags } from '../../../db/schema';
import type { AccountService } from '../../auth/service';
import type { TagRow } from './schemas';

export const tagList: ListSpec = {
  resource: 'tags',
  from: sql`tags t`,
  alias: 't',
  columns: sql`t.tagid, t.name, t.description, t.create_date,
    (SELECT count(*)::int FROM users u WHERE u.tags @> ARRAY[t.tagid]) AS user_count`,
  search: [sql`t.tagid`, sql`t.name`, sql`t.description`],
  filters: { create_date: { kind: 'range', column: sql`t.create_date` } },
  sorts: { tagid: sql`t.tagid`, name: sql`t.name`, create_date: sql`t.create_date` },
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`t.tagid`,
  exportColumns: [
    { key: 'tagid', width: 20 },
    { key: 'name', width: 24 },
    { key: 'description', width: 40 },
    { key: 'user_count', width: 12 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface TagInput {
  tagid?: string;
  name?: string;
  description?: string | null;
}

export class TagService {
  constructor(
    private db: Db,
    private accounts: AccountService,
  ) {}

  async get(id: string): Promise<TagRow> {
    return fetchRow<TagRow>(this.db, tagList, sql`t.tagid`, id);
  }

  async create(input: TagInput & { tagid: string; name: string }): Promise<TagRow> {
    const name = clean(input.name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    try {
      await this.db.insert(tags).values({ tagid: input.tagid, name, description: clean(input.description) });
    } catch (e) {
      uniqueViolation(e, { tags_pkey: { field: 'tagid' } });
    }
    return this.get(input.tagid);
  }

  async update(id: string, input: TagInput): Promise<TagRow> {
    const current = await this.get(id);
    assertUnchanged(input.tagid, current.tagid, 'tagid');
    const name = clean(input.name);
    if (input.name !== undefined && !name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    const set: Partial<typeof tags.$inferInsert> = {};
    if (name) set.name = name;
    if (input.description !== undefined) set.description = clean(input.description);
    if (Object.keys(set).length)
      await this.db
        .update(tags)
        .set(set)
        .where(sql`${tags.tagid} = ${id}`);
    return this.get(id);
  }

  /** users lose deleted tags in the same transaction */
  deleteMany(ids: string[]): Promise<number> {
    return deleteByIds(this.db, sql`tags`, sql`tagid`, ids, async (tx, gone) => {
      await this.accounts.dropTags(tx, gone);
    });
  }
}
