/**
 * A question with its files as the provider gets it: each document's text after the question in
 * a <document> block (cut to what the model's window leaves, with a note saying what was left
 * out), each image as image content for a model that reads images (its name in brackets for
 * one that does not).
 */
import { CHAT_ATTACHMENTS } from '../../../shared/chat-attachments';
import { cutText, textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import type { ResolvedModel } from '../ai-models/service';
import type { StoredAttachment } from './attachments';
import { reserveOf, tokensOf, type Turn, type TurnImage } from './context';

/** a turn of the branch, with the question's id (to find its files) */
export interface BranchTurn extends Turn {
  id: string;
}

/** the room a document's wrapping and note take, beside its text */
const WRAP_TOKENS = 40;
/** tries at cutting a document to its share (each one nearer) */
const CUT_TRIES = 5;

const attr = (name: string) => name.replace(/[<>"&\n\r]/g, '_');

function documentBlock(a: StoredAttachment, text: string, omitted: number): string {
  const note = omitted > 0 ? `\n[… ${omitted} more characters of ${attr(a.name)} were left out: they do not fit the model's context window]` : '';
  return `<document name="${attr(a.name)}">\n${text}${note}\n</document>`;
}

/** a document's text as sent before: what it kept when its question was first sent */
function sentText(a: StoredAttachment): string {
  const text = a.text ?? '';
  return a.omitted > 0 ? cutText(text, Math.max(0, a.chars - a.omitted)) : text;
}

/**
 * Cuts the documents of a new question to `room` tokens in all: each gets an equal share, and a
 * share a smaller one leaves unused goes to the larger ones. Answers each one's text and what it
 * leaves out (characters), in the documents' order.
 */
export function cutDocuments(docs: StoredAttachment[], room: number): Array<{ text: string; omitted: number }> {
  const out = docs.map((d) => ({ text: d.text ?? '', omitted: d.omitted }));
  const need = docs.map((d) => d.tokens + WRAP_TOKENS);
  if (need.reduce((a, b) => a + b, 0) <= room) return out;
  let left = Math.max(0, room);
  const order = docs.map((_, i) => i).sort((a, b) => need[a] - need[b]);
  order.forEach((i, k) => {
    const share = Math.floor(left / (order.length - k));
    const give = Math.min(need[i], share);
    left -= give;
    if (give >= need[i]) return;
    const d = docs[i];
    const budget = Math.max(0, give - WRAP_TOKENS);
    const stored = d.chars - d.omitted;
    let keep = Math.floor((stored * budget) / Math.max(1, d.tokens));
    let text = cutText(d.text ?? '', keep);
    for (let t = 0; t < CUT_TRIES && keep > 0; t++) {
      const used = tokensOf(text);
      if (used <= budget) break;
      keep = Math.floor((keep * budget * 0.97) / used);
      text = cutText(d.text ?? '', keep);
    }
    out[i] = { text, omitted: d.chars - textLength(text) };
  });
  return out;
}

/**
 * The turns to send: the branch's turns with their files, the question last. `question` names
 * the new question's files (their cut is decided here: `omitted` is set on them) or is null
 * (a regenerated answer: the question is the branch's last turn, its files as first sent).
 */
export async function composeTurns(
  branch: BranchTurn[],
  stored: Map<string, StoredAttachment[]>,
  question: { content: string; attachments: StoredAttachment[] } | null,
  model: Pick<ResolvedModel, 'name' | 'vision' | 'contextWindow'>,
  fixed: { systemTokens: number; maxOutput: number },
  imageData: (fileId: string) => Promise<string | null>,
): Promise<Turn[]> {
  const newImages = question?.attachments.filter((a) => a.kind === 'image') ?? [];
  if (newImages.length > CHAT_ATTACHMENTS.IMAGES_PER_QUESTION) {
    throw new AppError('ATTACHMENT_LIMIT', { field: 'attachments', params: { max: CHAT_ATTACHMENTS.IMAGES_PER_QUESTION } });
  }
  if (newImages.length && !model.vision) throw new AppError('MODEL_NO_VISION', { field: 'attachments', params: { model: model.name } });
  const filesOf = (t: BranchTurn) => stored.get(t.id) ?? [];
  const lastQuestion = question ? null : branch[branch.length - 1];
  if (lastQuestion && !model.vision && filesOf(lastQuestion).some((a) => a.kind === 'image')) {
    throw new AppError('MODEL_NO_VISION', { field: 'attachments', params: { model: model.name } });
  }

  // the newest pictures go as pictures, up to the limit for one request; older ones by name
  let pictures = model.vision ? CHAT_ATTACHMENTS.IMAGES_PER_REQUEST : 0;
  const sendsPicture = new Set<string>();
  for (const a of [...newImages.slice().reverse(), ...branch.flatMap((t) => filesOf(t).filter((x) => x.kind === 'image')).reverse()]) {
    if (pictures > 0) {
      sendsPicture.add(a.id);
      pictures--;
    }
  }

  const build = async (content: string, files: StoredAttachment[], docs: Array<{ text: string; omitted: number }>): Promise<Turn> => {
    const blocks: string[] = [];
    const images: TurnImage[] = [];
    let d = 0;
    for (const a of files) {
      if (a.kind === 'document') {
        const { text, omitted } = docs[d++];
        blocks.push(documentBlock(a, text, omitted));
        continue;
      }
      const data = sendsPicture.has(a.id) ? await imageData(a.file_id) : null;
      if (data) images.push({ mime: a.mime, data });
      else blocks.push(`[image: ${attr(a.name)}]`);
    }
    const text = [content, ...blocks].filter(Boolean).join('\n\n');
    return images.length ? { role: 'user', content: text, images } : { role: 'user', content: text };
  };

  const turns: Turn[] = [];
  for (const t of branch) {
    const files = filesOf(t);
    if (t.role !== 'user' || !files.length) turns.push({ role: t.role, content: t.content });
    else
      turns.push(
        await build(
          t.content,
          files,
          files.filter((a) => a.kind === 'document').map((a) => ({ text: sentText(a), omitted: a.omitted })),
        ),
      );
  }
  if (!question) return turns;

  // a new question's documents get what the window leaves beside the answer, the system prompt and the question
  const docs = question.attachments.filter((a) => a.kind === 'document');
  const room =
    model.contextWindow -
    reserveOf(model.contextWindow, fixed.maxOutput) -
    fixed.systemTokens -
    tokensOf(question.content) -
    newImages.length * CHAT_ATTACHMENTS.IMAGE_TOKENS -
    16;
  const cut = cutDocuments(docs, room);
  docs.forEach((a, i) => (a.omitted = cut[i].omitted));
  turns.push(await build(question.content, question.attachments, cut));
  return turns;
}
