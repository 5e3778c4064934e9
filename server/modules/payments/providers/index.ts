/** The payment providers this server is configured with (config.pay, from the environment); none configured: none offered. */
import type { Config } from '../../../config';
import type { PaymentProvider } from '../provider';
import { alipayProvider } from './alipay';
import { wxpayProvider } from './wxpay';

export function paymentProviders(pay: Config['pay']): PaymentProvider[] {
  const out: PaymentProvider[] = [];
  if (pay.alipay) out.push(alipayProvider(pay.alipay));
  if (pay.wxpay) out.push(wxpayProvider(pay.wxpay));
  return out;
}
