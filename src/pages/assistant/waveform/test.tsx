/**
 * Device check (/pages/assistant/waveform/test): the microphone permission (and how to allow a
 * denied one), the input device, a live input level, a 5-second test recording played back, and
 * which MediaRecorder formats this browser supports.
 */
import { AudioOutlined, CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { levelOf, RECORDER_TYPES } from '../../../services/audio';
import { useT } from '../../../shared/i18n';
import '../../../components/audio/messages';

const TEST_SECONDS = 5;
type PermissionValue = 'granted' | 'denied' | 'prompt' | 'unknown';

export default function DeviceTestPage() {
  const t = useT();
  const [permission, setPermission] = useState<PermissionValue>('unknown');
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | undefined>();
  const [level, setLevel] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [playback, setPlayback] = useState<string | null>(null);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let status: PermissionStatus | null = null;
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((s) => {
        status = s;
        setPermission(s.state as PermissionValue);
        s.onchange = () => setPermission(s.state as PermissionValue);
      })
      .catch(() => setPermission('unknown'));
    return () => {
      if (status) status.onchange = null;
    };
  }, []);

  const listDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices(all.filter((d) => d.kind === 'audioinput'));
  }, []);

  /** asks for the microphone (the chosen device) and feeds the level meter */
  const open = useCallback(
    async (id?: string) => {
      stopRef.current();
      setError(null);
      try {
        const s = await navigator.mediaDevices.getUserMedia({ audio: id ? { deviceId: { exact: id } } : true });
        setPermission('granted');
        const ctx = new AudioContext();
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 1024;
        ctx.createMediaStreamSource(s).connect(analyser);
        const buf = new Float32Array(analyser.fftSize);
        let frame = 0;
        const tick = () => {
          analyser.getFloatTimeDomainData(buf);
          setLevel(levelOf(buf));
          frame = requestAnimationFrame(tick);
        };
        tick();
        stopRef.current = () => {
          cancelAnimationFrame(frame);
          s.getTracks().forEach((tr) => tr.stop());
          void ctx.close();
          setStream(null);
          setLevel(0);
        };
        setStream(s);
        setDeviceId(s.getAudioTracks()[0]?.getSettings().deviceId ?? id);
        await listDevices();
      } catch (e) {
        const name = (e as Error)?.name;
        if (name === 'NotAllowedError' || name === 'SecurityError') {
          setPermission('denied');
          setError(t('audio.mic.denied'));
        } else setError(t('audio.mic.unavailable', { reason: String((e as Error)?.message ?? e) }));
      }
    },
    [listDevices, t],
  );

  useEffect(() => () => stopRef.current(), []);

  const testRecording = () => {
    if (!stream) return;
    const r = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    r.ondataavailable = (ev) => ev.data.size && chunks.push(ev.data);
    r.onstop = () => {
      setLeft(null);
      setPlayback((old) => {
        if (old) URL.revokeObjectURL(old);
        return URL.createObjectURL(new Blob(chunks, { type: r.mimeType }));
      });
    };
    r.start(250);
    setLeft(TEST_SECONDS);
    let n = TEST_SECONDS;
    const timer = setInterval(() => {
      n -= 1;
      setLeft(n);
      if (n <= 0) {
        clearInterval(timer);
        r.stop();
      }
    }, 1000);
  };

  const supported = typeof MediaRecorder !== 'undefined';
  return (
    // the page frame pads the body already: the cards line up with the breadcrumb and title
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title={t('audio.test.microphone')}>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('audio.test.permission')}>
              <Tag color={permission === 'granted' ? 'green' : permission === 'denied' ? 'red' : 'default'} data-testid="permission">
                {t(`audio.test.permission.${permission}`)}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
          {error && (
            <Alert
              type="error"
              showIcon
              message={error}
              description={permission === 'denied' ? t('audio.mic.howToAllow') : undefined}
              style={{ marginBottom: 16 }}
              data-testid="mic-error"
            />
          )}
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Space wrap>
              <Button type="primary" icon={<AudioOutlined />} onClick={() => void open(deviceId)} data-testid="request-mic">
                {stream ? t('audio.test.reopen') : t('audio.test.request')}
              </Button>
              <Select
                style={{ minWidth: 260 }}
                placeholder={t('audio.test.device')}
                value={deviceId}
                onChange={(id) => void open(id)}
                options={devices.map((d, i) => ({ value: d.deviceId, label: d.label || t('audio.test.deviceN', { n: i + 1 }) }))}
                disabled={!devices.length}
              />
            </Space>
            <div>
              <Typography.Text>{t('audio.test.level')}</Typography.Text>
              <Progress percent={level} showInfo={false} status={stream ? 'active' : 'normal'} data-testid="level" />
            </div>
            <Space wrap>
              <Button disabled={!stream || left !== null} onClick={testRecording} data-testid="test-record">
                {left !== null ? t('audio.test.recordingLeft', { n: left }) : t('audio.test.record', { n: TEST_SECONDS })}
              </Button>
              {playback && <audio src={playback} controls autoPlay data-testid="playback" />}
            </Space>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        {/* a long title wraps on a narrow screen rather than being cut */}
        <Card title={t('audio.test.formats')} styles={{ header: { paddingBlock: 8 }, title: { whiteSpace: 'normal' } }}>
          <Table
            size="small"
            pagination={false}
            rowKey="type"
            dataSource={RECORDER_TYPES.map((type) => ({ type, ok: supported && MediaRecorder.isTypeSupported(type) }))}
            columns={[
              {
                title: t('audio.test.format'),
                dataIndex: 'type',
                // a type with parameters may wrap after a ';', never inside a word
                render: (v: string) => (
                  <Typography.Text code>
                    {v.split(';').map((part, i) => (
                      <Fragment key={i}>
                        {i ? ';' : null}
                        {i ? <wbr /> : null}
                        {part}
                      </Fragment>
                    ))}
                  </Typography.Text>
                ),
              },
              {
                title: t('audio.test.supported'),
                dataIndex: 'ok',
                render: (ok: boolean) =>
                  ok ? (
                    <Tag icon={<CheckCircleOutlined />} color="green">
                      {t('audio.test.yes')}
                    </Tag>
                  ) : (
                    <Tag icon={<CloseCircleOutlined />}>{t('audio.test.no')}</Tag>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
