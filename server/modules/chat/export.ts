/** A conversation as a download: markdown (the newest branch, as read) or JSON (every branch). */
import type { Row } from '../../core/sql';

export function conversationExport(conversation: Row, messages: Row[], format: 'markdown' | 'json'): { title: string; body: string } {
  const title = (conversation.title as string) || 'conversation';
  if (format === 'json') return { title, body: JSON.stringify({ conversation, messages }, null, 2) };
  const lines = [`# ${title}`, ''];
  if (conversation.system_prompt) lines.push(`> ${String(conversation.system_prompt).replace(/\n/g, '\n> ')}`, '');
  for (const m of newestBranch(messages)) {
    const who = m.role === 'user' ? '**User**' : `**Assistant** (${m.model_name ?? ''})`;
    lines.push(`### ${who}`, '', String(m.content), '');
    const files = (m.attachments as Array<{ name: string; kind: string }> | undefined) ?? [];
    if (files.length) lines.push(...files.map((f) => `- 📎 ${f.name} (${f.kind})`), '');
  }
  return { title, body: lines.join('\n') };
}

/** from the first message down, the newest child at each step */
export function newestBranch<T extends Row>(messages: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const m of messages) {
    const k = (m.parent_id as string | null) ?? null;
    children.set(k, [...(children.get(k) ?? []), m]);
  }
  const out: T[] = [];
  let at: string | null = null;
  for (;;) {
    const kids = children.get(at);
    if (!kids?.length) return out;
    const newest = kids[kids.length - 1];
    out.push(newest);
    at = newest.id as string;
  }
}
