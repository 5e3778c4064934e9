/** The payment providers this server is configured with (config.pay, from the environment); none configured: none offered. */
import type { Config } from '../../../config';
import type { PaymentProvider } from '../provider';
import { wxpayProvider } from './wxpay';

export function paymentProviders(pay: Config['pay']): PaymentProvider[] {
  const out: PaymentProvider[] = [];
  if (pay.wxpay) out.push(wxpayProvider(pay.wxpay));
  return out;
}
