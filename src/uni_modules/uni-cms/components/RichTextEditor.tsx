/**
 * The article body editor (tiptap): headings, marks, lists, quotes, code, links, rules and images
 * uploaded through the file service. It makes only what the server's allow-list keeps
 * (server/modules/cms/sanitize.ts), so what is written is what is stored.
 */
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Tooltip, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { uploadImage } from './upload';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
}

/** the editor's empty document, which counts as no content */
const EMPTY = '<p></p>';

export default function RichTextEditor({ value, onChange, placeholder, id }: RichTextEditorProps) {
  const t = useT();
  const { token } = theme.useToken();
  const [uploading, setUploading] = useState<number | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // stable options: new ones on every render would make tiptap reconfigure the editor each time
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        link: {
          openOnClick: false,
          protocols: ['mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow' },
        },
      }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    [placeholder],
  );
  const label = t('cms.field.content');
  const editorProps = useMemo(
    () => ({
      attributes: {
        class: 'cms-rich-text',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(id ? { id } : {}),
      },
    }),
    [label, id],
  );
  const editor = useEditor({
    immediatelyRender: true,
    extensions,
    content: value || '',
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      changed.current?.(html === EMPTY ? '' : html);
    },
  });

  // a value set from outside (the article loaded, a local copy restored) replaces the document
  useEffect(() => {
    // tiptap may hand over a destroyed instance for a moment while it makes a new one
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((value || '') !== (current === EMPTY ? '' : current)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      !e || e.isDestroyed
        ? null
        : {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            code: e.isActive('codeBlock'),
            link: e.isActive('link'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          },
  });

  const insertImages = async (files: FileList | null) => {
    if (!files?.length) return;
    try {
      for (const [i, file] of [...files].entries()) {
        setUploading(0);
        const url = await uploadImage(file, i, setUploading);
        editor
          .chain()
          .focus()
          .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
          .run();
      }
    } catch (e) {
      showRequestError(e, {
        t,
        toast,
        modal: noticeModal,
        timeoutMs: SPEC.UPLOAD_TIMEOUT_MS,
      });
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url || url === 'https://') chain.unsetLink().run();
    else if (/^(https?:\/\/|mailto:)/i.test(url)) chain.setLink({ href: url }).run();
    else return;
    setLinkOpen(false);
  };
  const linkValid = !href.trim() || href.trim() === 'https://' || /^(https?:\/\/|mailto:)\S+$/i.test(href.trim());

  const tool = (label: string, icon: ReactNode, active: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={label} key={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={false}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={!!active}
        onClick={run}
        disabled={disabled}
      />
    </Tooltip>
  );
  const text = (label: string, short: string, active: boolean | undefined, run: () => void) => (
    <Tooltip title={label} key={label}>
      <Button type={active ? 'primary' : 'text'} size="small" aria-label={label} aria-pressed={!!active} onClick={run} style={{ fontWeight: 600 }}>
        {short}
      </Button>
    </Tooltip>
  );

  return (
    <div
      className="cms-editor"
      style={{
        borderColor: token.colorBorder,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <div className="cms-editor-toolbar" role="toolbar" aria-label={t('cms.editor.toolbar')} style={{ borderColor: token.colorBorderSecondary }}>
        {text(t('cms.editor.h2'), 'H2', state?.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {text(t('cms.editor.h3'), 'H3', state?.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
        <Divider type="vertical" />
        {tool(t('cms.editor.bold'), <BoldOutlined />, state?.bold, () => editor.chain().focus().toggleBold().run())}
        {tool(t('cms.editor.italic'), <ItalicOutlined />, state?.italic, () => editor.chain().focus().toggleItalic().run())}
        {tool(t('cms.editor.underline'), <UnderlineOutlined />, state?.underline, () => editor.chain().focus().toggleUnderline().run())}
        {tool(t('cms.editor.strike'), <StrikethroughOutlined />, state?.strike, () => editor.chain().focus().toggleStrike().run())}
        <Divider type="vertical" />
        {tool(t('cms.editor.bulletList'), <UnorderedListOutlined />, state?.bullet, () => editor.chain().focus().toggleBulletList().run())}
        {tool(t('cms.editor.orderedList'), <OrderedListOutlined />, state?.ordered, () => editor.chain().focus().toggleOrderedList().run())}
        {text(t('cms.editor.quote'), '“ ”', state?.quote, () => editor.chain().focus().toggleBlockquote().run())}
        {tool(t('cms.editor.codeBlock'), <CodeOutlined />, state?.code, () => editor.chain().focus().toggleCodeBlock().run())}
        {text(t('cms.editor.rule'), '—', false, () => editor.chain().focus().setHorizontalRule().run())}
        <Divider type="vertical" />
        {tool(t('cms.editor.link'), <LinkOutlined />, state?.link, openLink)}
        {tool(
          uploading === null ? t('cms.editor.image') : t('cms.editor.uploading', { percent: uploading }),
          uploading === null ? <PictureOutlined /> : <LoadingOutlined />,
          false,
          () => fileInput.current?.click(),
          uploading !== null,
        )}
        <Divider type="vertical" />
        {tool(t('cms.editor.undo'), <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state?.undo)}
        {tool(t('cms.editor.redo'), <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state?.redo)}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          style={{ display: 'none' }}
          aria-label={t('cms.editor.imageFile')}
          onChange={(e) => void insertImages(e.target.files)}
        />
      </div>
      <EditorContent editor={editor} />
      <Modal
        open={linkOpen}
        title={t('cms.editor.link')}
        onCancel={() => setLinkOpen(false)}
        onOk={applyLink}
        okButtonProps={{ disabled: !linkValid }}
        destroyOnClose
      >
        <Input
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={applyLink}
          aria-label={t('cms.editor.linkUrl')}
          status={linkValid ? undefined : 'error'}
        />
        <div
          style={{
            color: linkValid ? token.colorTextSecondary : token.colorError,
            marginTop: 8,
          }}
        >
          {t('cms.editor.linkHint')}
        </div>
      </Modal>
    </div>
  );
}
