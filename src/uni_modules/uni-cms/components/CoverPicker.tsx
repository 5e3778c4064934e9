/**
 * The cover images of an article: as many slots as the cover mode shows (none, one, three), each
 * uploaded through the file service with its progress, replaceable and removable.
 */
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, theme, Typography } from 'antd';
import { useRef, useState } from 'react';
import { COVER_IMAGES, type CoverMode } from '../../../services/cms';
import { showRequestError } from '../../../services/request-layer';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { uploadImage } from './upload';

export interface CoverPickerProps {
  mode: CoverMode;
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
}

const SIZE = 112;

export default function CoverPicker({ mode, value, onChange, id }: CoverPickerProps) {
  const t = useT();
  const { token } = theme.useToken();
  const slots = COVER_IMAGES[mode];
  const urls = value ?? [];
  const [progress, setProgress] = useState<Record<number, number>>({});
  const input = useRef<HTMLInputElement>(null);
  const target = useRef(0);

  if (!slots) return <Typography.Text type="secondary">{t('cms.cover.noneHint')}</Typography.Text>;

  const pick = (slot: number) => {
    target.current = slot;
    input.current?.click();
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const slot = target.current;
    setProgress((p) => ({ ...p, [slot]: 0 }));
    try {
      const url = await uploadImage(file, slot, (percent) => setProgress((p) => ({ ...p, [slot]: percent })));
      const next = Array.from({ length: slots }, (_, i) => urls[i] ?? '');
      next[slot] = url;
      onChange?.(next.filter(Boolean));
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.UPLOAD_TIMEOUT_MS });
    } finally {
      setProgress(({ [slot]: _, ...rest }) => rest);
      if (input.current) input.current.value = '';
    }
  };
  const remove = (slot: number) => onChange?.(urls.filter((_, i) => i !== slot));

  const box = { width: SIZE, height: SIZE, border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorFillQuaternary };
  return (
    <Flex gap={12} wrap="wrap" id={id} data-testid="cover-picker">
      {Array.from({ length: slots }, (_, i) => {
        const url = urls[i];
        const busy = progress[i] !== undefined;
        return (
          <Flex key={i} vertical align="center" justify="center" style={{ ...box, position: 'relative', overflow: 'hidden' }}>
            {busy ? (
              <Progress type="circle" size={56} percent={progress[i]} aria-label={t('cms.cover.uploading', { index: i + 1 })} />
            ) : url ? (
              <>
                <img
                  src={url}
                  alt={t('cms.cover.image', { index: i + 1 })}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', cursor: 'pointer' }}
                  onClick={() => pick(i)}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('cms.cover.remove', { index: i + 1 })}
                  onClick={() => remove(i)}
                  style={{ position: 'absolute', top: 4, right: 4 }}
                />
              </>
            ) : (
              <Button
                type="text"
                onClick={() => pick(i)}
                disabled={i > urls.length}
                aria-label={t('cms.cover.upload', { index: i + 1 })}
                style={{ height: '100%', width: '100%' }}
              >
                <Flex vertical align="center" gap={4}>
                  {busy ? <LoadingOutlined /> : <PlusOutlined />}
                  <span>{t('cms.cover.uploadShort')}</span>
                </Flex>
              </Button>
            )}
          </Flex>
        );
      })}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        aria-label={t('cms.cover.file')}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </Flex>
  );
}
