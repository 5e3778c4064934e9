/**
 * What a question may carry: the kinds of files, their sizes and counts, read by the chat's
 * server (which enforces them) and its page (which says them before an upload). Browser-safe.
 */
export const CHAT_ATTACHMENTS = {
  /** attachments on one question */
  PER_QUESTION: 8,
  /** of which images */
  IMAGES_PER_QUESTION: 4,
  /** uploaded but not yet sent, per conversation */
  PENDING_PER_CONVERSATION: 16,
  /** an image's bytes (Anthropic's own limit per image is 5 MB) */
  IMAGE_MAX_BYTES: 5 * 1024 * 1024,
  /** a document's bytes */
  DOCUMENT_MAX_BYTES: 10 * 1024 * 1024,
  /** characters of a document's text kept (a longer one is cut at upload, and says so) */
  DOCUMENT_MAX_CHARS: 1_000_000,
  /** images sent with one request, the history's included (older ones go as their name) */
  IMAGES_PER_REQUEST: 20,
  /**
   * what an image counts for in a hold and in a local count: the most a provider charges for
   * one (Anthropic: about 1,600 tokens for a picture at its largest size; OpenAI: 1,105 for a
   * 1024 x 1024 one); the provider's own count settles the bill
   */
  IMAGE_TOKENS: 1600,
} as const;

/** image types sent to vision models (sniffed from the bytes, not taken from the name) */
export const ATTACHMENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** documents read as plain text (UTF-8), by their extension */
export const TEXT_EXTENSIONS = [
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'yaml',
  'yml',
  'xml',
  'html',
  'css',
  'log',
  'ini',
  'toml',
  'sql',
  'sh',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'py',
  'java',
  'kt',
  'go',
  'rs',
  'rb',
  'php',
  'c',
  'h',
  'cpp',
  'hpp',
  'cs',
  'swift',
  'scala',
  'vue',
] as const;

/** documents whose text a library reads */
export const READ_EXTENSIONS = ['pdf', 'docx'] as const;

export type AttachmentKind = 'image' | 'document';

/** the lower-case extension of a file name ('' when it has none) */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

const DOCUMENT_EXTENSIONS = new Set<string>([...TEXT_EXTENSIONS, ...READ_EXTENSIONS]);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

/** what a file will be taken as, by its name and type: the server decides again from the bytes */
export function attachmentKindOf(name: string, type = ''): AttachmentKind | null {
  if ((ATTACHMENT_IMAGE_TYPES as readonly string[]).includes(type) || IMAGE_EXTENSIONS.has(extensionOf(name))) return 'image';
  return DOCUMENT_EXTENSIONS.has(extensionOf(name)) ? 'document' : null;
}

/** the file picker's accept list */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_IMAGE_TYPES, ...[...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS].map((e) => `.${e}`)].join(',');
