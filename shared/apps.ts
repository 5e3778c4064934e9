/**
 * The mini-program / quick-app blocks an app record may hold (reference field names), shared
 * by the server's app schema and the console's app form.
 */
export const MINI_PROGRAMS = [
  'mp_weixin',
  'mp_alipay',
  'mp_baidu',
  'mp_toutiao',
  'mp_qq',
  'mp_kuaishou',
  'mp_lark',
  'mp_jd',
  'mp_dingtalk',
  'quickapp',
] as const;
export type MiniProgramKey = (typeof MINI_PROGRAMS)[number];
