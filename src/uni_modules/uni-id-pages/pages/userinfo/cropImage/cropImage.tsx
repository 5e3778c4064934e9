/**
 * Crop the avatar (uni-id-pages cropImage): a square crop of the image chosen on userinfo,
 * with zoom; the crop is drawn at exactly 600x600 and uploaded through the file service
 * (cloudPath: avatar folder, current time + index + extension) with a progress bar, then set
 * as avatar_file, and back to userinfo.
 */
import { PictureOutlined, UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { history, useLocation, useModel } from '@umijs/max';
import { Alert, Button, Card, Empty, Flex, Progress, Slider, Typography, theme as antdTheme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { AVATAR_FOLDER } from '../../../../../../shared/validation';
import { deleteFiles, getMe, updateMe, uploadFile } from '../../../../../services/api';
import { requireLogin } from '../../../../../services/auth';
import { requestErrorOf, requestErrorText } from '../../../../../services/request-layer';
import type { InitialState } from '../../../../../shared/app-state';
import { toast } from '../../../../../shared/feedback';
import { useT } from '../../../../../shared/i18n';
import { SPEC } from '../../../../../shared/spec';
import { USERINFO } from '../../../common/paths';
import { avatarCloudPath, isImageFile, pickedImage, pickImage, type PickedImage } from './picked-image';

/** the reference's avatar size */
const AVATAR_SIZE = 600;
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = url;
  });
}

/** the crop drawn at AVATAR_SIZE x AVATAR_SIZE: PNG stays PNG (transparency), the rest becomes JPEG */
async function renderCrop(picked: PickedImage, area: Area): Promise<{ blob: Blob; type: string }> {
  const img = await loadImage(picked.url);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const ctx = canvas.getContext('2d')!;
  const type = picked.type === 'image/png' ? 'image/png' : 'image/jpeg';
  if (type === 'image/jpeg') {
    ctx.fillStyle = '#fff'; // JPEG has no transparency: what was transparent becomes white, not black
    ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('canvas');
  return { blob, type };
}

export default function CropImage() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { pathname, search } = useLocation();
  const { initialState, setInitialState } = useModel('@@initialState') as {
    initialState?: InitialState;
    setInitialState: (f: (s: InitialState | undefined) => InitialState) => void;
  };
  const [picked, setPicked] = useState<PickedImage | null>(() => pickedImage());
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [broken, setBroken] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast(t('userinfo.avatar.notImage'), 'error');
      return;
    }
    setPicked(pickImage(file));
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setBroken(false);
    setError(null);
    setProgress(null);
  };

  const upload = async () => {
    if (!picked || !area || busy) return;
    setBusy(true);
    setError(null);
    setProgress(0);
    try {
      const { blob, type } = await renderCrop(picked, area);
      const cloudPath = avatarCloudPath(AVATAR_FOLDER, picked.name, type);
      const name = cloudPath.slice(AVATAR_FOLDER.length + 1);
      const file = await uploadFile(cloudPath, blob, name, setProgress, { skipErrorHandler: true });
      setProgress(100);
      const previous = (initialState?.currentUser?.avatar_file as { url?: string } | null | undefined)?.url;
      await updateMe({ avatar_file: { name, extname: name.split('.').pop()!, url: file.url } }, { skipErrorHandler: true });
      // the replaced avatar, when it was an upload of this user's, is no longer needed
      const old = previous?.startsWith('/api/files/') ? previous.slice('/api/files/'.length) : null;
      if (old && old !== file.fileID) void deleteFiles([old], { skipErrorHandler: true }).catch(() => undefined);
      const me = await getMe({ skipErrorHandler: true }).catch(() => null);
      if (me) setInitialState((s) => ({ ...(s as InitialState), currentUser: me }));
      toast(t('crop.done'), 'success');
      history.replace(USERINFO);
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind !== 'login-expired') {
        setError(e instanceof Error && e.message === 'canvas' ? t('crop.loadFailed') : requestErrorText(info, t, SPEC.UPLOAD_TIMEOUT_MS));
      }
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  const picker = (
    <input
      ref={input}
      type="file"
      accept="image/*"
      aria-label={t('crop.pick')}
      style={{ display: 'none' }}
      onChange={(e) => {
        choose(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );

  if (!picked) {
    return (
      <Card title={t('crop.title')} style={{ maxWidth: 640 }}>
        {picker}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crop.chooseFirst')}>
          <Flex gap={8} justify="center">
            <Button type="primary" icon={<PictureOutlined />} onClick={() => input.current?.click()} autoFocus>
              {t('crop.pick')}
            </Button>
            <Button onClick={() => history.replace(USERINFO)}>{t('account.cancel')}</Button>
          </Flex>
        </Empty>
      </Card>
    );
  }

  return (
    <Card title={t('crop.title')} style={{ maxWidth: 640 }}>
      {picker}
      <Typography.Paragraph type="secondary">{t('crop.hint', { size: AVATAR_SIZE })}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
      {broken ? (
        <Alert type="error" showIcon role="alert" message={t('crop.loadFailed')} style={{ marginBottom: 16 }} />
      ) : (
        <div
          data-testid="crop-area"
          style={{ position: 'relative', width: '100%', height: 360, background: token.colorBgLayout, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
        >
          <Cropper
            image={picked.url}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            showGrid
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{ onError: () => setBroken(true), alt: picked.name }}
          />
        </div>
      )}
      <Flex align="center" gap={12} style={{ marginTop: 16 }}>
        <ZoomOutOutlined aria-hidden />
        <Slider
          ariaLabelForHandle={t('crop.zoom')}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 100)}%` }}
          style={{ flex: 1 }}
          disabled={busy || broken}
        />
        <ZoomInOutlined aria-hidden />
      </Flex>
      {progress !== null ? (
        <div style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('crop.uploading')}</Typography.Text>
          <Progress percent={progress} status={busy ? 'active' : undefined} aria-label={t('crop.uploading')} />
        </div>
      ) : null}
      <Flex gap={8} wrap="wrap" style={{ marginTop: 16 }}>
        <Button type="primary" icon={<UploadOutlined />} onClick={upload} loading={busy} disabled={!area || broken} autoFocus>
          {t('crop.upload')}
        </Button>
        <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} disabled={busy}>
          {t('crop.choose')}
        </Button>
        <Button onClick={() => history.replace(USERINFO)} disabled={busy}>
          {t('account.cancel')}
        </Button>
      </Flex>
    </Card>
  );
}
