/** The payment methods as radios; one that is off stays visible, greyed, with the reason. */
import './i18n';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Flex, Radio, Typography } from 'antd';
import type { PayMethodState } from '../../services/pay';
import { useT } from '../../shared/i18n';

export default function MethodPicker({ methods, value, onChange }: { methods: PayMethodState[]; value: string | null; onChange: (m: string) => void }) {
  const t = useT();
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} aria-label={t('pay.method.label')}>
      <Flex vertical gap={8}>
        {methods.map((m) => (
          <div key={m.method} data-testid={`pay-method-${m.method}`}>
            <Radio value={m.method} disabled={!m.enabled}>
              <span>
                {m.provider === 'wxpay' ? (
                  <WechatOutlined style={{ color: m.enabled ? '#07c160' : undefined }} />
                ) : (
                  <AlipayCircleOutlined style={{ color: m.enabled ? '#1677ff' : undefined }} />
                )}{' '}
                {t(`pay.method.${m.method}`)}
              </span>
              {!m.enabled && m.reason ? (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  ({t(`pay.method.off.${m.reason}`)})
                </Typography.Text>
              ) : null}
            </Radio>
          </div>
        ))}
      </Flex>
    </Radio.Group>
  );
}
