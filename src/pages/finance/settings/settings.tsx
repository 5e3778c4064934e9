/** Finance settings: one tab per area (payments first); an area adds its form as one more item of SETTINGS_TABS. */
import '../../../components/pay/i18n';
import { Card, Tabs } from 'antd';
import type { ComponentType } from 'react';
import PaySettings from '../../../components/pay/PaySettings';
import AdSettings from '../../../components/redeem/AdSettings';
import WithdrawSettings from '../../../components/withdraw/WithdrawSettings';
import { useT } from '../../../shared/i18n';

interface SettingsTab {
  key: string;
  /** translation key of the tab's name */
  label: string;
  Form: ComponentType;
}

const SETTINGS_TABS: SettingsTab[] = [
  { key: 'payments', label: 'pay.settings.tab', Form: PaySettings },
  { key: 'withdrawals', label: 'withdraw.settings.title', Form: WithdrawSettings },
  { key: 'ads', label: 'redeem.adSettings.title', Form: AdSettings },
];

export default function FinanceSettings() {
  const t = useT();
  return (
    <Card>
      <Tabs items={SETTINGS_TABS.map(({ key, label, Form }) => ({ key, label: t(label), children: <Form /> }))} />
    </Card>
  );
}
