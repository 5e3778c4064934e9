/** The shape of an initial help document. */

export interface InitialDocument {
  slug: string;
  /** the slug of the section it belongs to (listed before it) */
  parent?: string;
  sort: number;
  texts: Record<'en-US' | 'zh-CN' | 'zh-TW', { title: string; body: string }>;
}
