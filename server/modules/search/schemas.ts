/**
 * The search API's schemas: what a hit looks like, the kinds and locales a caller may pick, and
 * how long a query may be. The search routes and the "Ask AI" routes share them.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';
import { SEARCH_KINDS, SEARCH_LOCALES } from './service';

export const Kind = Type.Union(SEARCH_KINDS.map((k) => Type.Literal(k)));
export const Locale = Type.Union(SEARCH_LOCALES.map((k) => Type.Literal(k)));
/** [start, end) in UTF-16 code units of the text it belongs to */
export const Marks = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));
// long enough that the service, not the schema, refuses an over-long query with its reason
export const Query = Type.String({ maxLength: 2000 });

export const SearchHit = Type.Object(
  {
    kind: Kind,
    ref_id: Type.String(),
    title: Type.String(),
    title_marks: Marks,
    /** the body's text around the first match, "…" where it was cut */
    snippet: Type.String(),
    snippet_marks: Marks,
    url: Type.String(),
    locale: Nullable(Type.String()),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'SearchHit' },
);

export const KindCounts = Type.Object(Object.fromEntries(SEARCH_KINDS.map((k) => [k, Type.Integer()])), { $id: 'SearchKindCounts' });
