/** The kinds of user-log entries: written by the server (AccountService.log), filtered and named by the user-log page. Browser-safe. */
export const USER_LOG_TYPES = [
  'login',
  'logout',
  'register',
  'change-pwd',
  'reset-pwd',
  'deactivate',
  'refresh',
  'bind-mobile',
  'set-pwd',
  'bind-email',
  'bind-weixin',
  'unbind-weixin',
  'realname-review',
  'credits-adjust',
  'withdraw-review',
] as const;

export type UserLogType = (typeof USER_LOG_TYPES)[number];
