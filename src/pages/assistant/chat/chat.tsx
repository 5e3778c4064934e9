/**
 * The AI chat page (/pages/assistant/chat/chat, left menu hidden): conversations on the left,
 * the thread on the right with the model picker, the system prompt, exports and the balance;
 * a question may carry files (components/Attachments.tsx); a new chat may start with an assistant
 * (components/Assistants.tsx).
 * Answers stream in as server-sent events (services/chat.ts) and grow once per animation frame.
 */
import { StopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Sender } from '@ant-design/x';
import type { SenderRef } from '@ant-design/x/es/sender';
import { Alert, Button, Drawer, Flex, Grid, Tag, Typography, theme as antdTheme } from 'antd';
import { useDebounce, useRequest } from 'ahooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { copyText } from '../../../components/markdown/copy';
import '../../../components/markdown/messages';
import {
  createConversation,
  deleteConversation,
  getConversation,
  getCreditsMe,
  listAssistants,
  listChatModels,
  listConversations,
  regenerateMessage,
  sendMessage,
  updateConversation,
  type ChatAssistant,
  type ConversationPatch,
  type ConversationRow,
  type MessageRow,
} from '../../../services/chat';
import { requestErrorOf, requestErrorText } from '../../../services/request-layer';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { readScore, saveScore } from '../../../shared/session';
import { SPEC } from '../../../shared/spec';
import { choose, visiblePath, type BranchChoice } from './branch';
import ChatShortcuts from './components/Shortcuts';
import { type ChatSettingsValue, ModelPicker, NO_SETTINGS, SettingsButton, settingsOf } from './components/ChatSettings';
import ConversationList from './components/ConversationList';
import Thread from './components/Thread';
import ExportButton from './components/ExportButton';
import ShareButton from './components/ShareButton';
import { usePendingFiles } from './components/Attachments';
import { AssistantAvatar, AssistantsDrawer } from './components/Assistants';
import ChatBody from './components/ChatBody';
import { useChatLinks } from './useChatLinks';
import { useModelChoice } from './useModelChoice';
import { type InlineAlert, useAnswerStream } from './useAnswerStream';
import './chat.css';

/** spec section 9 list paging; the left column shows the first page (pinned and newest) */
const LIST_SIZE = 100;
const SEARCH_DEBOUNCE_MS = 300;

export default function ChatPage() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;

  // ---- models and balance ----
  const modelsReq = useRequest(() => listChatModels({ skipErrorHandler: true }));
  const models = useMemo(() => modelsReq.data ?? [], [modelsReq.data]);
  const [balance, setBalance] = useState<number | null>(() => readScore());
  const showBalance = useCallback((value: number | null | undefined) => {
    if (typeof value !== 'number') return;
    setBalance(value);
    saveScore(value);
  }, []);
  const creditsReq = useRequest(() => getCreditsMe({ skipErrorHandler: true }), { onSuccess: (d) => showBalance(d.balance) });

  // ---- conversations ----
  const [search, setSearch] = useState('');
  const keyword = useDebounce(search.trim(), { wait: SEARCH_DEBOUNCE_MS });
  const [folder, setFolder] = useState<string | undefined>();
  const listReq = useRequest(() => listConversations({ keyword: keyword || undefined, folder_id: folder, current: 1, pageSize: LIST_SIZE }), {
    refreshDeps: [keyword, folder],
  });
  const conversations = listReq.data?.data ?? [];

  const [activeId, setActiveId] = useState<string | null>(null);
  const [conversation, setConversation] = useState<ConversationRow | null>(null);
  const [messages, setMessages] = useState<MessageRow[]>([]);
  const [choice, setChoice] = useState<BranchChoice>({});
  const [loadingThread, setLoadingThread] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  // settings of a conversation not created yet (created on the first message)
  const [draftModel, setDraftModel] = useState<string | null>(null);
  const [draftSettings, setDraftSettings] = useState<ChatSettingsValue>(NO_SETTINGS);
  const [draftAssistant, setDraftAssistant] = useState<ChatAssistant | null>(null);

  // ---- assistants ----
  const assistantsReq = useRequest(() => listAssistants({ skipErrorHandler: true }));
  const assistants = useMemo(() => assistantsReq.data ?? [], [assistantsReq.data]);
  const [assistantsOpen, setAssistantsOpen] = useState(false);

  const [listOpen, setListOpen] = useState(false);
  const [input, setInput] = useState('');
  const [alert, setAlert] = useState<InlineAlert | null>(null);
  const activeRef = useRef<string | null>(null);
  const senderRef = useRef<SenderRef>(null);
  const columnRef = useRef<HTMLDivElement>(null);
  const files = usePendingFiles({ conversation: () => ensureConversation(), dropTarget: () => columnRef.current });
  const { restore: restoreFiles } = files;

  const modelId = useMemo(() => {
    const wanted = conversation ? conversation.model_id : draftModel;
    if (wanted && models.some((m) => m.id === wanted)) return wanted;
    return models[0]?.id ?? null;
  }, [conversation, draftModel, models]);

  const path = useMemo(() => visiblePath(messages, choice), [messages, choice]);
  const assistant = conversation ? (assistants.find((a) => a.id === conversation.assistant_id) ?? null) : draftAssistant;

  const focusInput = () => setTimeout(() => senderRef.current?.focus(), 0);

  // a prompt template's "Use in chat": its filled text waits in the input, unsent; a store prompt's
  // id (?store=) goes with the next question sent, which counts as its use
  const storePromptRef = useRef<string | null>(null);
  useChatLinks({
    prompt: (text, storePromptId) => {
      setInput(text);
      storePromptRef.current = storePromptId;
      focusInput();
    },
    assistant: (a) => startWith(a),
  });

  const loadThread = useCallback(
    async (id: string) => {
      setLoadingThread(true);
      setLoadError(null);
      try {
        const detail = await getConversation(id, { skipErrorHandler: true });
        if (activeRef.current !== id) return;
        setConversation(detail.conversation);
        setMessages(detail.messages);
        restoreFiles(detail.pending_attachments);
      } catch (e) {
        if (activeRef.current !== id) return;
        const info = requestErrorOf(e);
        if (info.kind !== 'login-expired') setLoadError(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
      } finally {
        if (activeRef.current === id) setLoadingThread(false);
      }
    },
    [t, restoreFiles],
  );

  const { running, runningRef, run, stop, dropRunning } = useAnswerStream({
    t,
    activeRef,
    setMessages,
    setChoice,
    setConversation,
    setAlert,
    setInput,
    showBalance,
    renameInList: (conversationId, title) =>
      listReq.mutate((old) => old && { ...old, data: old.data.map((c) => (c.id === conversationId ? { ...c, title } : c)) }),
    afterRun: (conversationId, { reload, answered }) => {
      // the server has the final word on a stream cut short (stopped, billed)
      if (reload && activeRef.current === conversationId && answered) void loadThread(conversationId);
      // a question refused before it was taken leaves its files waiting: they come back above the input
      if (reload && activeRef.current === conversationId && !answered) void files.reload(conversationId);
      if (reload) creditsReq.refresh();
      listReq.refresh();
      if (activeRef.current === conversationId) focusInput();
    },
  });

  /** a new chat (with an assistant: its model, system prompt and parameters, until the first question makes it) */
  const startNew = (with_: ChatAssistant | null) => {
    open(null);
    setDraftAssistant(with_);
    setDraftModel(with_?.model_id ?? null);
    setDraftSettings(
      with_ ? { system_prompt: with_.system_prompt, temperature: with_.temperature, top_p: with_.top_p, max_tokens: with_.max_tokens } : NO_SETTINGS,
    );
  };
  const startWith = (a: ChatAssistant) => {
    setAssistantsOpen(false);
    setListOpen(false);
    startNew(a);
  };

  const open = (id: string | null) => {
    if (id === activeRef.current) return;
    dropRunning();
    activeRef.current = id;
    setActiveId(id);
    setAlert(null);
    setChoice({});
    setMessages([]);
    setConversation(null);
    setLoadError(null);
    files.clear();
    if (id) void loadThread(id);
    else setLoadingThread(false);
    focusInput();
  };

  // files dropped at once on a new chat all go to the one conversation it makes
  const creating = useRef<Promise<string | null> | null>(null);
  const ensureConversation = (): Promise<string | null> => {
    if (activeRef.current) return Promise.resolve(activeRef.current);
    creating.current ??= createNew().finally(() => (creating.current = null));
    return creating.current;
  };
  const createNew = async (): Promise<string | null> => {
    try {
      const created = await createConversation(
        { model_id: modelId ?? undefined, ...draftSettings, ...(draftAssistant ? { assistant_id: draftAssistant.id } : {}) },
        { skipErrorHandler: true },
      );
      activeRef.current = created.id;
      setActiveId(created.id);
      setConversation(created);
      setDraftSettings(NO_SETTINGS);
      setDraftModel(null);
      setDraftAssistant(null);
      listReq.mutate((old) => old && { ...old, data: [created, ...old.data.filter((c) => c.id !== created.id)] });
      return created.id;
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind !== 'login-expired') setAlert({ type: 'error', text: requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS) });
      return null;
    }
  };

  const submit = async (text: string) => {
    const content = text.trim() ? text : '';
    const attachments = files.ids();
    if ((!content && !attachments.length) || runningRef.current) return;
    const model = models.find((m) => m.id === modelId);
    const held = files.uploading
      ? t('chat.files.stillUploading')
      : files.hasImages && model && !model.vision
        ? t('chat.files.noVision', { model: model.name })
        : null;
    if (held) return setAlert({ type: 'warning', text: held });
    setInput('');
    files.clear();
    const id = await ensureConversation();
    if (!id) {
      setInput(content);
      return;
    }
    const lastAnswer = [...path].reverse().find((m) => m.role === 'assistant');
    const storePromptId = storePromptRef.current ?? undefined;
    storePromptRef.current = null;
    await run(
      id,
      (cb, signal) =>
        sendMessage(
          id,
          { content, parent_id: lastAnswer?.id ?? null, model_id: modelId ?? undefined, store_prompt_id: storePromptId, attachments },
          cb,
          signal,
        ),
      content,
    );
  };

  const editSend = (m: MessageRow, content: string) => {
    const id = activeRef.current;
    if (!id || runningRef.current) return;
    void run(id, (cb, signal) => sendMessage(id, { content, parent_id: m.parent_id, model_id: modelId ?? undefined }, cb, signal));
  };

  const regenerate = (m: MessageRow) => {
    const id = activeRef.current;
    if (!id || runningRef.current) return;
    void run(id, (cb, signal) => regenerateMessage(m.id, { model_id: modelId ?? undefined }, cb, signal));
  };

  const onSwitch = (targetId: string) => {
    const target = messages.find((m) => m.id === targetId);
    if (target) setChoice((c) => choose(c, target));
  };

  const onCopy = async (text: string) => {
    const ok = await copyText(text);
    toast(t(ok ? 'chat.copied' : 'chat.copyFailed'), ok ? 'success' : 'error');
  };

  // ---- conversation actions ----
  const patch = async (id: string, body: ConversationPatch) => {
    try {
      const row = await updateConversation(id, body);
      if (activeRef.current === id) setConversation(row);
      listReq.refresh();
      return true;
    } catch {
      return false; // the request layer showed the error
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteConversation(id);
      toast(t('chat.deleted'), 'success');
      if (activeRef.current === id) open(null);
      listReq.refresh();
    } catch {
      /* shown by the request layer */
    }
  };

  const onModelChange = useModelChoice({ activeRef, conversation, setConversation, setDraftModel, onSaved: () => listReq.refresh() });
  const onSettingsSave = (settings: ChatSettingsValue) => {
    if (activeId) {
      void patch(activeId, settings).then((ok) => ok && toast(t('chat.saved'), 'success'));
    } else {
      // kept for the conversation the next question creates
      setDraftSettings(settings);
      toast(t('chat.saved'), 'success');
    }
  };

  // ---- rendering ----
  const noModel = !modelsReq.loading && !modelsReq.error && models.length === 0;
  const busy = !!running;

  const body = (
    <ChatBody
      loading={loadingThread}
      error={loadError}
      onRetry={() => activeId && void loadThread(activeId)}
      thread={
        path.length ? (
          <Thread messages={messages} path={path} busy={busy} onSwitch={onSwitch} onCopy={onCopy} onRegenerate={regenerate} onEditSend={editSend} />
        ) : null
      }
      assistant={assistant}
      noModel={noModel}
      busy={busy || modelsReq.loading}
      onAsk={(text) => void submit(text)}
    />
  );

  const list = (
    <ConversationList
      items={conversations}
      loading={listReq.loading}
      activeId={activeId}
      search={search}
      onSearch={setSearch}
      onSelect={(id) => {
        setListOpen(false);
        open(id);
      }}
      onNew={() => {
        setListOpen(false);
        startNew(null);
      }}
      onAssistants={() => setAssistantsOpen(true)}
      onRename={(id, next) => void patch(id, { title: next })}
      onPin={(id, pinned) => void patch(id, { pinned })}
      onDelete={(id) => void remove(id)}
      folder={folder}
      onFolder={(f) => (f === folder ? listReq.refresh() : setFolder(f))}
      onMove={(id, folderId) => void patch(id, { folder_id: folderId }).then((ok) => ok && toast(t('chat.folder.moved'), 'success'))}
    />
  );

  const title = conversation ? conversation.title || t('chat.untitled') : t('chat.newChat');

  return (
    // the rest of the screen below the page header (the frame's .console-page-fill)
    <Flex gap={16} className="chat-page console-page-fill">
      <AssistantsDrawer
        open={assistantsOpen}
        onClose={() => setAssistantsOpen(false)}
        assistants={assistants}
        loading={assistantsReq.loading}
        models={models}
        onStart={startWith}
        onChanged={assistantsReq.refresh}
      />
      {wide ? (
        <div style={{ width: 260, flex: 'none', minHeight: 0 }}>{list}</div>
      ) : (
        <Drawer open={listOpen} onClose={() => setListOpen(false)} placement="left" width={300} title={t('chat.conversations')}>
          {list}
        </Drawer>
      )}
      <Flex
        vertical
        ref={columnRef}
        style={{
          flex: 1,
          minWidth: 0,
          minHeight: 0,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex align="center" gap={8} wrap="wrap" style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          {!wide ? <Button aria-label={t('chat.conversations')} icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)} /> : null}
          {assistant ? <AssistantAvatar assistant={assistant} size={28} /> : null}
          <Typography.Title level={5} ellipsis style={{ margin: 0, flex: 1, minWidth: 120 }} className="chat-title">
            {assistant && !conversation ? t('chat.assistant.newChatWith', { name: assistant.name }) : title}
          </Typography.Title>
          {models.length ? <ModelPicker models={models} value={modelId} onChange={onModelChange} /> : null}
          {models.length ? (
            <SettingsButton
              value={conversation ? settingsOf(conversation) : draftSettings}
              maxOutput={models.find((m) => m.id === modelId)?.max_output_tokens}
              onSave={onSettingsSave}
            />
          ) : null}
          <ChatShortcuts
            newChat={() => startNew(null)}
            focusInput={() => senderRef.current?.focus()}
            stop={() => runningRef.current !== null && (stop(), true)}
            regenerate={() => (path.at(-1)?.role === 'assistant' && !busy ? regenerate(path.at(-1)!) : false)}
          />
          {activeId ? <ShareButton conversationId={activeId} lastMessageId={path.at(-1)?.id ?? null} /> : null}
          {activeId ? <ExportButton conversationId={activeId} title={conversation?.title} /> : null}
          {/* a wide screen's top bar shows the balance already (the same stored score) */}
          {!wide ? (
            <Tag color="processing" className="chat-balance" style={{ marginInlineEnd: 0, fontSize: 13, paddingBlock: 2 }}>
              {balance === null ? t('chat.balanceUnknown') : t('chat.balance', { balance })}
            </Tag>
          ) : null}
        </Flex>
        {modelsReq.error ? (
          <Alert
            type="error"
            showIcon
            message={t('chat.modelsFailed')}
            action={
              <Button size="small" onClick={modelsReq.refresh}>
                {t('common.retry')}
              </Button>
            }
            style={{ margin: '8px 12px 0' }}
          />
        ) : null}
        <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>{body}</div>
        <div style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}`, display: noModel && !path.length && !alert ? 'none' : undefined }}>
          {alert ? (
            <Alert
              className="chat-alert"
              type={alert.type}
              showIcon
              closable
              onClose={() => setAlert(null)}
              message={alert.text}
              style={{ marginBottom: 8 }}
              role="alert"
            />
          ) : null}
          {noModel ? (
            path.length ? (
              <Alert type="info" showIcon message={t('chat.noModel')} />
            ) : null
          ) : (
            <Sender
              ref={senderRef}
              header={files.header}
              prefix={files.button}
              onPasteFile={(_, list) => files.paste(list)}
              value={input}
              onChange={(v) => setInput(v)}
              onSubmit={(v) => void submit(v)}
              onCancel={stop}
              loading={busy}
              actions={(_, { components: { SendButton } }) =>
                busy ? (
                  <Button danger icon={<StopOutlined />} onClick={stop} className="chat-stop">
                    {t('chat.stop')}
                  </Button>
                ) : (
                  <SendButton aria-label={t('chat.send')} />
                )
              }
              submitType="enter"
              disabled={modelsReq.loading || !modelId}
              placeholder={t('chat.placeholder')}
              autoSize={{ minRows: 1, maxRows: 8 }}
            />
          )}
        </div>
      </Flex>
    </Flex>
  );
}
