/**
 * The files of a question. Before it is sent: the input's header with Ant Design X's Attachments
 * (pick, drop anywhere on the chat, paste), each file uploaded at once to the conversation (the
 * server reads a document's text then, and a refusal shows on the file itself). Once sent: the
 * question's files as cards, pictures as thumbnails that open in a viewer.
 */
import { CloudUploadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Attachments, Sender, type AttachmentsProps } from '@ant-design/x';
import type { Attachment, AttachmentsRef } from '@ant-design/x/es/attachments';
import { Badge, Button, Flex, Image, Tooltip, Upload } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ATTACHMENT_ACCEPT, attachmentKindOf, CHAT_ATTACHMENTS } from '../../../../../shared/chat-attachments';
import { getConversation, removeAttachment, uploadAttachment, type ChatAttachment, type MessageRow } from '../../../../services/chat';
import { requestErrorOf, requestErrorText } from '../../../../services/request-layer';
import { SPEC } from '../../../../shared/spec';
import { useT } from '../../../../shared/i18n';

const MB = 1024 * 1024;
const uploaded = (item: Attachment) => (item.status === 'done' ? (item.response as ChatAttachment | undefined) : undefined);

export interface PendingFiles {
  /** the header to give the input (Sender's `header`) */
  header: ReactNode;
  /** the paper clip that opens it (Sender's `prefix`) */
  button: ReactNode;
  /** files pasted into the input */
  paste: (files: FileList) => void;
  /** the uploaded files' ids, in order */
  ids: () => string[];
  uploading: boolean;
  hasImages: boolean;
  /** after a send: the files went with the question */
  clear: () => void;
  /** the files a conversation has waiting (opened again, or a send refused): `list`, or asked of the server */
  restore: (list: ChatAttachment[]) => void;
  reload: (conversationId: string) => Promise<void>;
}

/** an uploaded file as the list shows it */
const itemOf = (a: ChatAttachment): Attachment => ({
  uid: a.id,
  name: a.name,
  size: a.size,
  status: 'done',
  response: a,
  ...(a.kind === 'image' ? { thumbUrl: a.url, url: a.url } : {}),
});

/**
 * `conversation` answers the conversation the files go to (it makes one for a new chat);
 * `dropTarget` is the area a file may be dropped on.
 */
export function usePendingFiles({
  conversation,
  dropTarget,
}: {
  conversation: () => Promise<string | null>;
  dropTarget: () => HTMLElement | null;
}): PendingFiles {
  const t = useT();
  const [items, setItems] = useState<Attachment[]>([]);
  const [open, setOpen] = useState(false);
  // a new list is a new component: the old cards do not play their leaving animation in a
  // closing header (it never ends there, and they would stay in the page unseen)
  const [generation, setGeneration] = useState(0);
  const ref = useRef<AttachmentsRef>(null);
  const count = useRef(0);

  const refuse = (file: File, text: string) => {
    setItems((list) => [...list, { uid: `refused-${file.name}-${++count.current}`, name: file.name, size: file.size, status: 'error', response: text }]);
    return Upload.LIST_IGNORE;
  };

  // what the server would refuse, said before the upload: the type, the size, the count
  const beforeUpload: AttachmentsProps['beforeUpload'] = (file) => {
    setOpen(true);
    const kind = attachmentKindOf(file.name, file.type);
    if (!kind) return refuse(file, t('chat.files.unsupported', { name: file.name }));
    const max = kind === 'image' ? CHAT_ATTACHMENTS.IMAGE_MAX_BYTES : CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES;
    if (file.size > max) return refuse(file, t('error.FILE_TOO_LARGE', { max: `${max / MB} MB` }));
    if (items.filter((i) => i.status !== 'error').length >= CHAT_ATTACHMENTS.PER_QUESTION) {
      return refuse(file, t('chat.files.tooMany', { max: CHAT_ATTACHMENTS.PER_QUESTION }));
    }
    return true;
  };

  const customRequest: AttachmentsProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const f = file as File;
    void (async () => {
      const id = await conversation();
      if (!id) return onError?.(new Error('no conversation'), t('chat.files.noConversation'));
      try {
        onSuccess?.(await uploadAttachment(id, f, f.name, (percent) => onProgress?.({ percent })));
      } catch (e) {
        const text = requestErrorText(requestErrorOf(e), t, SPEC.UPLOAD_TIMEOUT_MS);
        onError?.(e as Error, text);
      }
    })();
  };

  const onRemove = (item: Attachment) => {
    const done = uploaded(item);
    if (done) void removeAttachment(done.id).catch(() => undefined);
    return true;
  };

  const placeholder: AttachmentsProps['placeholder'] = (type) =>
    type === 'drop'
      ? { title: t('chat.files.drop') }
      : {
          icon: <CloudUploadOutlined />,
          title: t('chat.files.placeholderTitle'),
          description: t('chat.files.placeholderDescription', {
            count: CHAT_ATTACHMENTS.PER_QUESTION,
            images: CHAT_ATTACHMENTS.IMAGES_PER_QUESTION,
            imageMb: CHAT_ATTACHMENTS.IMAGE_MAX_BYTES / MB,
            documentMb: CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES / MB,
          }),
        };

  const header = (
    <Sender.Header
      title={t('chat.files.title')}
      open={open}
      onOpenChange={setOpen}
      // kept mounted while closed: pasted and dropped files need it
      forceRender
      styles={{ content: { padding: 0 } }}
    >
      <Attachments
        key={generation}
        ref={ref}
        className="chat-attachments"
        accept={ATTACHMENT_ACCEPT}
        multiple
        items={items}
        onChange={({ fileList }) => setItems(fileList)}
        onRemove={onRemove}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        getDropContainer={dropTarget}
        placeholder={placeholder}
        overflow="scrollX"
      />
    </Sender.Header>
  );

  // they change nothing but this state: the page may keep them in its callbacks
  const clear = useCallback(() => {
    setItems([]);
    setOpen(false);
    setGeneration((g) => g + 1);
  }, []);
  // the server's waiting files, with what was added here meanwhile (an upload begun while they loaded)
  const restore = useCallback((list: ChatAttachment[]) => {
    const known = new Set(list.map((a) => a.id));
    setItems((current) => [...list.map(itemOf), ...current.filter((i) => i.status === 'uploading' || (uploaded(i) && !known.has(uploaded(i)!.id)))]);
    // files added meanwhile have opened the panel already
    if (list.length) setOpen(true);
  }, []);
  const reload = useCallback(
    async (conversationId: string) => {
      const detail = await getConversation(conversationId, { skipErrorHandler: true }).catch(() => null);
      if (detail?.pending_attachments.length) restore(detail.pending_attachments);
    },
    [restore],
  );

  const shown = items.length;
  const button = (
    <Tooltip title={t('chat.files.attach')}>
      <Badge count={shown} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<PaperClipOutlined />} aria-label={t('chat.files.attach')} className="chat-attach" onClick={() => setOpen((o) => !o)} />
      </Badge>
    </Tooltip>
  );

  return {
    header,
    button,
    paste: (files) => {
      setOpen(true);
      for (const f of Array.from(files)) ref.current?.upload(f);
    },
    ids: () => items.map(uploaded).flatMap((a) => (a ? [a.id] : [])),
    uploading: items.some((i) => i.status === 'uploading'),
    hasImages: items.some((i) => uploaded(i)?.kind === 'image'),
    clear,
    restore,
    reload,
  };
}

/** a sent question's files: pictures as thumbnails (a viewer on click), documents as cards */
export function QuestionFiles({ message }: { message: MessageRow }) {
  const t = useT();
  const files = message.attachments ?? [];
  if (!files.length) return null;
  const images = files.filter((f) => f.kind === 'image');
  const documents = files.filter((f) => f.kind === 'document');
  return (
    <Flex vertical gap={6} align="end" className="chat-question-files">
      {images.length ? (
        <Image.PreviewGroup>
          <Flex gap={6} wrap="wrap" justify="end">
            {images.map((f) => (
              <Image
                key={f.id}
                src={f.url}
                alt={f.name}
                width={96}
                height={96}
                style={{ objectFit: 'cover', borderRadius: 8 }}
                className="chat-question-image"
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
      ) : null}
      {documents.length ? (
        <Flex gap={6} wrap="wrap" justify="end">
          {documents.map((f) => (
            <a key={f.id} href={f.url} download={f.name} target="_blank" rel="noreferrer" aria-label={t('chat.files.download', { name: f.name })}>
              <Attachments.FileCard
                className="chat-question-document"
                item={{
                  uid: f.id,
                  name: f.name,
                  size: f.size,
                  status: 'done',
                  description: f.omitted > 0 ? t('chat.files.cut', { omitted: f.omitted.toLocaleString(), chars: f.chars.toLocaleString() }) : undefined,
                }}
              />
            </a>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
