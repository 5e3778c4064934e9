/**
 * Recordings and transcription (/pages/assistant/waveform/waveform): record from the microphone or
 * upload a file, see and play its waveform, select a region, transcribe it (or all of it) with a
 * speech-to-text model, send the transcript to the chat; the caller's recordings beside.
 */
import { AudioOutlined, DeleteOutlined, SendOutlined, SoundOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { getLocale, history } from '@umijs/max';
import { Alert, Button, Card, Col, Empty, Flex, Grid, List, Popconfirm, Row, Select, Space, Spin, Tag, theme, Typography, Upload } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import { isAudioType } from '../../../../shared/audio';
import {
  deleteRecording,
  fetchAudio,
  formatSeconds,
  getRecording,
  listRecordings,
  listSpeechModels,
  renameRecording,
  toSpeechWav,
  transcribeRecording,
  uploadRecording,
  type RecordingDetail,
  type Transcript,
} from '../../../services/audio';
import { withQuery } from '../../../services/query-string';
import { requestErrorOf } from '../../../services/request-layer';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { saveScore } from '../../../shared/session';
import '../../../components/audio/messages';
import Waveform, { type WaveformHandle, type WaveRegion } from '../../../components/audio/Waveform';

/** the languages offered for transcription (the provider detects any other when none is picked) */
const SPOKEN_LANGUAGES = ['zh', 'en', 'ja', 'ko', 'fr', 'de', 'es', 'ru', 'pt', 'it'];

/** a language's name in the console's language, from the browser's own data */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([getLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../shared/format';

/** a failed request as the user reads it: the catalogue code and the server's (the provider's) words */
const failureOf = (e: unknown) => {
  const info = requestErrorOf(e);
  return info.code ? `${info.code}: ${info.message ?? ''}` : String((e as Error)?.message ?? e);
};

export default function WaveformPage() {
  const t = useT();
  const { token } = theme.useToken();
  const wave = useRef<WaveformHandle>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [region, setRegion] = useState<WaveRegion | null>(null);
  const [current, setCurrent] = useState<RecordingDetail | null>(null);
  const [modelId, setModelId] = useState<string | undefined>();
  /** the spoken language (ISO-639-1) told to the provider; undefined: the provider detects it */
  const [language, setLanguage] = useState<string | undefined>();
  const [transcript, setTranscript] = useState<Transcript | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [micError, setMicError] = useState<string | null>(null);

  const models = useRequest(listSpeechModels, {
    onSuccess: (list) => setModelId((id) => id ?? list[0]?.id),
  });
  const list = useRequest(listRecordings);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed((Date.now() - started) / 1000), 200);
    return () => clearInterval(timer);
  }, [recording]);

  const show = async (detail: RecordingDetail, audio?: Blob) => {
    setCurrent(detail);
    setTranscript(detail.transcript_list.find((x) => x.status === 'done') ?? null);
    setFailure(null);
    wave.current?.clearRegion();
    const blob = audio ?? (await fetchAudio(detail.file_id));
    await wave.current?.load(blob);
  };

  const open = async (id: string) => {
    setBusy(true);
    try {
      await show(await getRecording(id));
    } finally {
      setBusy(false);
    }
  };

  /** decoded to 16 kHz mono WAV here, so any region can be cut by the server */
  const save = async (source: Blob, name: string) => {
    setBusy(true);
    try {
      const { wav, durationS } = await toSpeechWav(source);
      const detail = await uploadRecording(wav, name, durationS);
      await show(detail, wav);
      list.refresh();
    } catch (e) {
      toast(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  const startRecording = async () => {
    setMicError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      setMicError(
        (e as Error)?.name === 'NotAllowedError' ? t('audio.mic.denied') : t('audio.mic.unavailable', { reason: String((e as Error)?.message ?? e) }),
      );
      return;
    }
    const r = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    r.ondataavailable = (ev) => ev.data.size && chunks.push(ev.data);
    r.onstop = () => {
      stream.getTracks().forEach((tr) => tr.stop());
      setRecording(false);
      const blob = new Blob(chunks, { type: r.mimeType || 'audio/webm' });
      void save(blob, t('audio.recordingName', { time: dayjs().format(DATE_FORMAT) }));
    };
    recorder.current = r;
    r.start(250);
    setElapsed(0);
    setRecording(true);
  };

  const transcribe = async (part: 'all' | 'region') => {
    if (!current || !modelId) return;
    setBusy(true);
    setFailure(null);
    try {
      const whole = { model_id: modelId, language: language ?? null };
      const body = part === 'region' && region ? { ...whole, start_s: Math.round(region.start * 100) / 100, end_s: Math.round(region.end * 100) / 100 } : whole;
      const done = await transcribeRecording(current.id, body);
      saveScore(done.balance);
      setTranscript(done);
      list.refresh();
      setCurrent(await getRecording(current.id));
    } catch (e) {
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  const noModels = models.data && models.data.length === 0;
  const wide = Grid.useBreakpoint().md !== false;
  const actions = (
    <Flex gap={8} wrap>
      {recording ? (
        <Button danger icon={<StopOutlined />} onClick={() => recorder.current?.stop()} data-testid="stop">
          {t('audio.stop')} {formatSeconds(elapsed)}
        </Button>
      ) : (
        <Button type="primary" icon={<AudioOutlined />} onClick={startRecording} disabled={busy} data-testid="record">
          {t('audio.record')}
        </Button>
      )}
      <Upload
        accept="audio/*"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isAudioType(file.type)) toast(t('audio.notAudio'));
          else void save(file, file.name);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={busy || recording}>
          {t('audio.upload')}
        </Button>
      </Upload>
      <Button icon={<SoundOutlined />} onClick={() => history.push('/pages/assistant/waveform/test')}>
        {t('route.assistant.waveformTest')}
      </Button>
    </Flex>
  );
  return (
    // the page frame pads the body already: the cards line up with the breadcrumb and title
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={17}>
        {/* on a narrow screen the actions do not fit beside the title: they lead the card's body instead */}
        <Card title={t('audio.workspace')} extra={wide ? actions : undefined}>
          {wide ? null : <div style={{ marginBottom: 16 }}>{actions}</div>}
          {micError && <Alert type="error" showIcon message={micError} style={{ marginBottom: 12 }} />}
          <Spin spinning={busy}>
            <Typography.Title level={5} style={{ marginTop: 0 }} data-testid="current-name">
              {current ? current.name : t('audio.nothingLoaded')}
            </Typography.Title>
            <Waveform
              ref={wave}
              data-testid="waveform"
              regions
              onRegionChange={setRegion}
              disabled={!current}
              extra={
                <>
                  <Typography.Text type="secondary">
                    {region ? t('audio.region', { start: region.start.toFixed(1), end: region.end.toFixed(1) }) : t('audio.regionHint')}
                  </Typography.Text>
                  {region && (
                    <Button size="small" onClick={() => wave.current?.clearRegion()}>
                      {t('audio.clearRegion')}
                    </Button>
                  )}
                </>
              }
            />
            <Flex gap={12} align="center" wrap style={{ marginTop: 16 }}>
              <Select
                style={{ minWidth: 220 }}
                placeholder={t('audio.model')}
                value={modelId}
                onChange={setModelId}
                options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                data-testid="model"
              />
              <Select
                style={{ minWidth: 160 }}
                allowClear
                placeholder={t('audio.language.auto')}
                value={language}
                onChange={setLanguage}
                options={SPOKEN_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
                data-testid="language"
              />
              <Button type="primary" disabled={!current || !modelId} onClick={() => transcribe('all')} data-testid="transcribe-all">
                {t('audio.transcribeAll')}
              </Button>
              <Button disabled={!current || !modelId || !region} onClick={() => transcribe('region')} data-testid="transcribe-region">
                {t('audio.transcribeRegion')}
              </Button>
            </Flex>
            {noModels && <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('audio.noModels')} />}
            {failure && (
              <Alert
                style={{ marginTop: 12 }}
                type="error"
                showIcon
                message={t('audio.transcribeFailed')}
                description={failure}
                data-testid="transcribe-error"
              />
            )}
            {transcript && (
              <Card
                size="small"
                style={{ marginTop: 16 }}
                title={t('audio.transcript')}
                extra={
                  <Button
                    icon={<SendOutlined />}
                    onClick={() => history.push(withQuery('/pages/assistant/chat/chat', { prompt: transcript.text }))}
                    data-testid="send-to-chat"
                  >
                    {t('audio.sendToChat')}
                  </Button>
                }
              >
                <Typography.Paragraph copyable data-testid="transcript" style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                  {transcript.text}
                </Typography.Paragraph>
                <Typography.Text type="secondary">
                  {transcript.model_name} · {t('audio.credits', { n: transcript.credits })}
                  {transcript.start_s !== null && transcript.end_s !== null
                    ? ` · ${t('audio.region', { start: transcript.start_s.toFixed(1), end: transcript.end_s.toFixed(1) })}`
                    : ''}
                </Typography.Text>
              </Card>
            )}
            {current && current.transcript_list.length > 1 && (
              <List
                style={{ marginTop: 16 }}
                size="small"
                header={t('audio.history')}
                dataSource={current.transcript_list}
                renderItem={(x) => (
                  <List.Item onClick={() => x.status === 'done' && setTranscript(x)} style={{ cursor: x.status === 'done' ? 'pointer' : undefined }}>
                    <Space direction="vertical" size={0} style={{ width: '100%' }}>
                      <Space size={4} wrap>
                        <Tag color={x.status === 'done' ? 'green' : 'red'}>{t(`audio.status.${x.status}`)}</Tag>
                        <Typography.Text type="secondary">{dayjs(x.created_at).format(DATE_FORMAT)}</Typography.Text>
                      </Space>
                      <Typography.Text ellipsis>{x.status === 'done' ? x.text : `${x.error_code}: ${x.error_message ?? ''}`}</Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={7}>
        <Card title={t('audio.mine')} styles={{ body: { padding: 0 } }}>
          <List
            loading={list.loading}
            locale={{ emptyText: <Empty description={t('audio.empty')} /> }}
            dataSource={list.data ?? []}
            data-testid="recordings"
            renderItem={(r) => (
              <List.Item
                style={{ padding: '8px 16px', cursor: 'pointer', background: r.id === current?.id ? token.controlItemBgActive : undefined }}
                onClick={() => void open(r.id)}
                actions={[
                  <Popconfirm
                    key="delete"
                    title={t('audio.deleteConfirm')}
                    onConfirm={async (e) => {
                      e?.stopPropagation();
                      await deleteRecording(r.id);
                      if (current?.id === r.id) {
                        setCurrent(null);
                        setTranscript(null);
                        wave.current?.empty();
                      }
                      list.refresh();
                    }}
                    onPopupClick={(e) => e.stopPropagation()}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('audio.delete')} onClick={(e) => e.stopPropagation()} />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Typography.Text
                      editable={{
                        triggerType: ['icon'],
                        onChange: async (name) => {
                          if (!name.trim() || name === r.name) return;
                          await renameRecording(r.id, name);
                          list.refresh();
                          if (current?.id === r.id) setCurrent({ ...current, name: name.trim() });
                        },
                      }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {r.name}
                    </Typography.Text>
                  }
                  description={`${r.duration_s !== null ? formatSeconds(r.duration_s) : '–'} · ${t('audio.transcriptCount', { n: r.transcripts })}`}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
