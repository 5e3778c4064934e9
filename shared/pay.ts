/**
 * Payments: order statuses, methods and their providers, and the credits a custom amount buys
 * (the server charges it, the recharge page shows it live). Browser-safe.
 */

export const ORDER_STATUSES = ['created', 'credited', 'paid', 'expired', 'closed', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** an order in one of these will not change any more unless refunded */
export const ENDED_STATUSES: readonly string[] = ['expired', 'closed', 'failed'];
/** the states that mean the credits arrived */
export const CREDITED_STATUSES: readonly string[] = ['credited', 'paid', 'refunded'];

export const PAY_PROVIDERS = ['alipay', 'wxpay'] as const;
export type ProviderName = (typeof PAY_PROVIDERS)[number];

export const PAY_METHODS = ['alipay_page', 'alipay_qr', 'wxpay_native'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const PROVIDER_OF: Record<PayMethod, ProviderName> = { alipay_page: 'alipay', alipay_qr: 'alipay', wxpay_native: 'wxpay' };
/** methods shown as a QR code in the page (the others go to the provider's page) */
export const QR_METHODS: readonly string[] = ['alipay_qr', 'wxpay_native'];

/** the top-up page: where a payment returns when it names no page */
export const RECHARGE_PAGE = '/pages/expense/recharge/recharge';
/** the result page a payment lands on (the spec's uni-pay success page) */
export const PAY_RESULT_PAGE = '/uni_modules/uni-pay/pages/success/success';

/** the credits a custom amount buys: whole credits, rounded down */
export const creditsForCents = (cents: number, creditsPerYuan: number) => Math.floor((cents * creditsPerYuan) / 100);
