/**
 * The image captcha of the account forms: the server draws it (GET /api/auth/captcha), the
 * user types the characters; one id per image, spent by the server's first check, so the
 * form asks for a new image after every attempt (`refresh`).
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormRule } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Captcha, type CaptchaScene, getCaptcha } from '../../../services/api';
import { useT } from '../../../shared/i18n';

export interface CaptchaState {
  id: string | null;
  /** the picture as a data: URL (a PNG) */
  image: string | null;
  failed: boolean;
  refresh(): void;
}

/** `active` false: no image is fetched until it turns true (the login form needs one only after failures) */
export function useCaptcha(scene: CaptchaScene, active = true): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++seq.current;
    setFailed(false);
    getCaptcha(scene, { skipErrorHandler: true }).then(
      (c) => mine === seq.current && setCaptcha(c),
      () => mine === seq.current && (setCaptcha(null), setFailed(true)),
    );
  }, [scene]);
  useEffect(() => {
    if (!active) return undefined;
    refresh();
    return () => {
      // an answer arriving after unmount is dropped (seq is a counter, not a DOM ref)
      // eslint-disable-next-line react-hooks/exhaustive-deps
      seq.current++;
    };
  }, [refresh, active]);
  return { id: captcha?.id ?? null, image: captcha?.image ?? null, failed, refresh };
}

/** the picture's box for each input size: the image's 3:1 shape, as high as the input beside it */
const PICTURE = {
  middle: { button: 32, image: { width: 90, height: 30 } },
  large: { button: 40, image: { width: 114, height: 38 } },
} as const;

/**
 * the `captcha` form field with its image; clicking the image shows another one. Default size,
 * as the account forms' other inputs are; `large` for a form whose inputs are large.
 */
export function CaptchaField({
  captcha,
  rules,
  name = 'captcha',
  size = 'middle',
}: {
  captcha: CaptchaState;
  rules: FormRule[];
  name?: string;
  size?: 'middle' | 'large';
}) {
  const t = useT();
  const { image } = captcha;
  const box = PICTURE[size];
  return (
    <Form.Item label={t('account.captcha')} htmlFor={name} required>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <Form.Item name={name} rules={rules} noStyle>
          <Input
            id={name}
            aria-label={t('account.captcha')}
            placeholder={t('account.captcha.placeholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={8}
            size={size}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        <Button
          onClick={captcha.refresh}
          title={t('account.captcha.refresh')}
          aria-label={t('account.captcha.refresh')}
          data-testid="captcha-image"
          style={{ width: 120, height: box.button, padding: 0, overflow: 'hidden', flex: 'none' }}
        >
          {image ? (
            <img src={image} alt={t('account.captcha')} width={box.image.width} height={box.image.height} style={{ display: 'block', margin: '0 auto' }} />
          ) : captcha.failed ? (
            <span style={{ fontSize: 12, whiteSpace: 'normal', lineHeight: 1.2 }}>{t('account.captcha.loadFailed')}</span>
          ) : (
            <ReloadOutlined spin aria-hidden />
          )}
        </Button>
      </div>
    </Form.Item>
  );
}
