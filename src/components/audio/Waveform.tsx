/**
 * A waveform of one audio blob (wavesurfer.js) in the theme's colours, with an optional timeline,
 * play/pause button, zoom slider and one drag-selected region. The recordings page and the audio
 * demo use it; the page loads audio through the ref (load, empty) and reads the region it is told.
 */
import { PauseCircleOutlined, PlayCircleOutlined, ZoomInOutlined } from '@ant-design/icons';
import { Button, Flex, Slider, theme } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import WaveSurfer, { type WaveSurferOptions } from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.js';
import { useT } from '../../shared/i18n';
import './messages';

export interface WaveRegion {
  start: number;
  end: number;
}

export interface WaveformHandle {
  /** shows (and decodes) this audio; resolves once it is drawn */
  load(audio: Blob): Promise<void>;
  /** shows nothing */
  empty(): void;
  playPause(): void;
  clearRegion(): void;
  /** the audio's length in seconds (0 when nothing is loaded) */
  duration(): number;
}

export interface WaveformProps {
  /** height of the wave in px */
  height?: number;
  /** a time scale under the wave */
  timeline?: boolean;
  /** the play/pause button under the wave */
  playPause?: boolean;
  /** the zoom slider's top, in px per second; false: no slider */
  zoom?: number | false;
  /** dragging across the wave selects one region (a new selection replaces the last) */
  regions?: boolean;
  onRegionChange?: (region: WaveRegion | null) => void;
  onPlayingChange?: (playing: boolean) => void;
  /** the controls are disabled (nothing loaded yet) */
  disabled?: boolean;
  /** more in the controls row (after the zoom slider) */
  extra?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** the steps (seconds) a timeline may label at */
const TIME_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * The timeline's notches for this many px per second: a label about every 72 px or more (a short
 * clip gets labels every 0.5 s or 1 s, where wavesurfer's own choice labels every 10 s: only "0"),
 * a tick every fifth or half of that when they stay 8 px apart.
 */
function timelineIntervals(pxPerSec: number): { timeInterval: number; primaryLabelInterval: number; secondaryLabelInterval: number } {
  const label = TIME_STEPS.find((s) => s * pxPerSec >= 72) ?? TIME_STEPS[TIME_STEPS.length - 1];
  const tick = [label / 5, label / 2].find((s) => s * pxPerSec >= 8) ?? label;
  return { timeInterval: tick, primaryLabelInterval: label, secondaryLabelInterval: label };
}

/** a region's fill: the theme's primary colour, see-through so the wave shows under it */
const regionColor = (primary: string) => (/^#[0-9a-f]{6}$/i.test(primary) ? `${primary}33` : 'rgba(22, 119, 255, 0.2)');

const Waveform = forwardRef<WaveformHandle, WaveformProps>(function Waveform(props, ref) {
  const { height = 128, timeline = true, playPause = true, zoom: zoomMax = 300, regions = false } = props;
  const t = useT();
  const { token } = theme.useToken();
  const holder = useRef<HTMLDivElement>(null);
  const scale = useRef<HTMLDivElement>(null);
  const ws = useRef<WaveSurfer | null>(null);
  const regionsPlugin = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const timelinePlugin = useRef<{ plugin: ReturnType<typeof TimelinePlugin.create>; label: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [zoom, setZoom] = useState(0);
  // the callbacks of the latest render, read by listeners made once
  const latest = useRef(props);
  latest.current = props;
  const primary = useRef(token.colorPrimary);
  primary.current = token.colorPrimary;

  useEffect(() => {
    if (!holder.current) return;
    const rp = regions ? RegionsPlugin.create() : null;
    const plugins: NonNullable<WaveSurferOptions['plugins']> = [];
    if (rp) plugins.push(rp);
    const w = WaveSurfer.create({
      container: holder.current,
      height,
      waveColor: token.colorPrimaryBorder,
      progressColor: token.colorPrimary,
      cursorColor: token.colorText,
      plugins,
    });
    if (rp) {
      rp.enableDragSelection({ color: regionColor(token.colorPrimary) });
      const keep = (r: Region) => {
        for (const other of rp.getRegions()) if (other !== r) other.remove();
        latest.current.onRegionChange?.({ start: r.start, end: r.end });
      };
      rp.on('region-created', (r) => {
        // drag selection keeps the colour it was enabled with: a selection after a theme change takes the new one
        r.setOptions({ color: regionColor(primary.current) });
        keep(r);
      });
      rp.on('region-updated', keep);
      regionsPlugin.current = rp;
    }
    const played = (on: boolean) => () => {
      setPlaying(on);
      latest.current.onPlayingChange?.(on);
    };
    w.on('play', played(true));
    w.on('pause', played(false));
    w.on('finish', played(false));
    if (timeline) {
      // the timeline's intervals are fixed when it is made: once the length is known, and again
      // when the zoom or the width changes the px per second, it is made again if they change
      const fit = () => {
        const duration = w.getDuration();
        if (!duration || !scale.current) return;
        const intervals = timelineIntervals(Math.max(w.options.minPxPerSec ?? 0, w.getWidth() / duration));
        if (timelinePlugin.current?.label === intervals.primaryLabelInterval) return;
        timelinePlugin.current?.plugin.destroy();
        timelinePlugin.current = {
          plugin: w.registerPlugin(TimelinePlugin.create({ container: scale.current, ...intervals })),
          label: intervals.primaryLabelInterval,
        };
      };
      w.on('decode', fit);
      w.on('redraw', fit);
      w.on('zoom', fit);
    }
    ws.current = w;
    return () => {
      w.destroy();
      ws.current = null;
      regionsPlugin.current = null;
      timelinePlugin.current = null;
    };
    // made once: a theme change recolours it (below) and keeps what it shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    ws.current?.setOptions({ waveColor: token.colorPrimaryBorder, progressColor: token.colorPrimary, cursorColor: token.colorText });
    for (const r of regionsPlugin.current?.getRegions() ?? []) r.setOptions({ color: regionColor(token.colorPrimary) });
  }, [token.colorPrimary, token.colorPrimaryBorder, token.colorText]);

  useImperativeHandle(
    ref,
    () => ({
      async load(audio) {
        regionsPlugin.current?.clearRegions();
        latest.current.onRegionChange?.(null);
        // the zoom chosen stays (wavesurfer keeps its px per second)
        await ws.current?.loadBlob(audio);
      },
      empty() {
        regionsPlugin.current?.clearRegions();
        ws.current?.empty();
      },
      playPause() {
        void ws.current?.playPause();
      },
      clearRegion() {
        regionsPlugin.current?.clearRegions();
        latest.current.onRegionChange?.(null);
      },
      duration: () => ws.current?.getDuration() ?? 0,
    }),
    [],
  );

  const controls = playPause || zoomMax !== false || props.extra;
  return (
    <div style={props.style}>
      <div
        ref={holder}
        data-testid={props['data-testid']}
        style={{ minHeight: height, background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
      />
      {timeline ? <div ref={scale} /> : null}
      {controls ? (
        <Flex gap={12} align="center" wrap style={{ marginTop: 12 }}>
          {playPause ? (
            <Button icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />} disabled={props.disabled} onClick={() => void ws.current?.playPause()}>
              {playing ? t('audio.pause') : t('audio.play')}
            </Button>
          ) : null}
          {zoomMax !== false ? (
            // the icon and its slider stay together when the row wraps
            <Flex gap={8} align="center" style={{ flex: 'none' }}>
              <ZoomInOutlined />
              <Slider
                style={{ width: 160, margin: '0 6px' }}
                min={0}
                max={zoomMax}
                value={zoom}
                disabled={props.disabled}
                onChange={(v) => {
                  setZoom(v);
                  ws.current?.zoom(v);
                }}
                aria-label={t('audio.zoom')}
              />
            </Flex>
          ) : null}
          {props.extra}
        </Flex>
      ) : null}
    </div>
  );
});

export default Waveform;
