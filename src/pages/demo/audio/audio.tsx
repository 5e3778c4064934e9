/**
 * Audio demo (/pages/demo/audio/audio): the console's waveform component (components/audio/
 * Waveform: play/pause, zoom, a drag-selected region) playing a sample synthesized here in the
 * browser (an OfflineAudioContext renders a few tones, encoded as WAV), or one of the caller's
 * recordings. No audio file ships with the console for it.
 */
import '../messages';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Descriptions, Flex, Select, Switch, theme, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import Waveform, { type WaveformHandle, type WaveRegion } from '../../../components/audio/Waveform';
import { fetchAudio, formatSeconds, listRecordings } from '../../../services/audio';
import { useT } from '../../../shared/i18n';
import { encodeWav } from '../../../../shared/audio';

const RATE = 22050;

/** the synthesized samples: notes (Hz) each `step` seconds long, or a sweep */
const SAMPLES = {
  scale: { notes: [261.63, 293.66, 329.63, 349.23, 392, 440, 493.88, 523.25], step: 0.35 },
  arpeggio: { notes: [261.63, 329.63, 392, 523.25, 392, 329.63, 261.63], step: 0.25 },
  sweep: { notes: [], step: 3 },
} as const;
type SampleName = keyof typeof SAMPLES;

/** renders a sample offline (no speaker needed) and encodes it as a mono 16-bit WAV */
async function synthesize(name: SampleName): Promise<Blob> {
  const { notes, step } = SAMPLES[name];
  const seconds = notes.length ? notes.length * step + 0.3 : step;
  const ctx = new OfflineAudioContext(1, Math.ceil(seconds * RATE), RATE);
  const tone = (freq: number, start: number, length: number, sweepTo?: number) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.setValueAtTime(freq, start);
    if (sweepTo) osc.frequency.exponentialRampToValueAtTime(sweepTo, start + length);
    // a short attack and a decay, so each note is a visible bump in the waveform
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.8, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.05, start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length);
  };
  if (notes.length) notes.forEach((f, i) => tone(f, i * step, step * 0.95));
  else tone(110, 0, step, 1760);
  const rendered = await ctx.startRendering();
  return new Blob([new Uint8Array(encodeWav(rendered.getChannelData(0), RATE))], { type: 'audio/wav' });
}

export default function AudioDemo() {
  const t = useT();
  const { token } = theme.useToken();
  const wave = useRef<WaveformHandle>(null);
  const recordings = useRequest(listRecordings);
  const [source, setSource] = useState<string>('sample:scale');
  const [region, setRegion] = useState<WaveRegion | null>(null);
  const [playing, setPlaying] = useState(false);
  const [duration, setDuration] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [regions, setRegions] = useState(true);

  const load = useCallback(
    async (value: string) => {
      setLoading(true);
      setFailure(null);
      try {
        const [kind, id] = value.split(':');
        const blob = kind === 'sample' ? await synthesize(id as SampleName) : await fetchAudio(recordings.data?.find((r) => r.id === id)?.file_id ?? '');
        await wave.current?.load(blob);
        setDuration(wave.current?.duration() ?? 0);
      } catch (e) {
        setFailure(String((e as Error)?.message ?? e));
      } finally {
        setLoading(false);
      }
    },
    [recordings.data],
  );

  useEffect(() => {
    void load(source);
    // the Waveform is made again when regions are turned on or off (key below)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, regions]);

  const options = [
    {
      label: t('demo.audio.samples'),
      options: (Object.keys(SAMPLES) as SampleName[]).map((s) => ({ value: `sample:${s}`, label: t(`demo.audio.sample.${s}`) })),
    },
    ...(recordings.data?.length
      ? [{ label: t('demo.audio.recordings'), options: recordings.data.map((r) => ({ value: `recording:${r.id}`, label: r.name })) }]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.audio.intro')}
        </Typography.Paragraph>
      </div>
      {/* the controls lead the card's body, wrapping on a narrow screen: beside the title they crowd it out */}
      <Card title={t('demo.audio.player')}>
        <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
          <Select
            style={{ minWidth: 220, maxWidth: '100%' }}
            value={source}
            onChange={setSource}
            options={options}
            aria-label={t('demo.audio.source')}
            data-testid="audio-source"
          />
          <Flex gap={6} align="center">
            <Switch size="small" checked={regions} onChange={setRegions} aria-label={t('demo.audio.regions')} />
            {t('demo.audio.regions')}
          </Flex>
        </Flex>
        {failure ? <Alert type="error" showIcon message={t('demo.audio.loadFailed')} description={failure} style={{ marginBottom: 12 }} /> : null}
        <Waveform
          key={regions ? 'regions' : 'plain'}
          ref={wave}
          data-testid="demo-waveform"
          regions={regions}
          onRegionChange={setRegion}
          onPlayingChange={setPlaying}
          disabled={loading}
          extra={
            region ? (
              <Button size="small" onClick={() => wave.current?.clearRegion()}>
                {t('demo.audio.clearRegion')}
              </Button>
            ) : null
          }
        />
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginTop: 16 }}
          items={[
            { key: 'duration', label: t('demo.audio.duration'), children: <span data-testid="audio-duration">{loading ? '…' : formatSeconds(duration)}</span> },
            {
              key: 'state',
              label: t('demo.audio.state'),
              children: <span data-testid="audio-state">{playing ? t('demo.audio.playing') : t('demo.audio.stopped')}</span>,
            },
            {
              key: 'region',
              label: t('demo.audio.region'),
              children: region ? `${region.start.toFixed(2)} s – ${region.end.toFixed(2)} s` : regions ? t('demo.audio.regionHint') : t('demo.audio.regionOff'),
            },
          ]}
        />
      </Card>
      <Card title={t('demo.audio.usage')} size="small">
        <Typography.Paragraph type="secondary">{t('demo.audio.usageHint')}</Typography.Paragraph>
        {/* a boxed block that scrolls sideways by itself: a narrow screen shows where the code goes on */}
        <pre
          tabIndex={0}
          style={{
            margin: 0,
            padding: 12,
            fontSize: 12,
            overflowX: 'auto',
            maxWidth: '100%',
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
        >
          {USAGE}
        </pre>
      </Card>
    </Flex>
  );
}

/** how a page uses the component (the props this demo passes) */
const USAGE = `const wave = useRef<WaveformHandle>(null);
const [region, setRegion] = useState<WaveRegion | null>(null);

<Waveform
  ref={wave}
  regions                      // drag across the wave to select one region
  onRegionChange={setRegion}
  onPlayingChange={setPlaying}
  zoom={300}                   // the zoom slider's top (px per second); false hides it
  playPause                    // the play/pause button (default)
/>

await wave.current?.load(blob); // any audio Blob the browser decodes`;
