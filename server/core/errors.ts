/**
 * The error catalogue. Every error the API answers carries one of these codes; the message
 * is the `error.<CODE>` entry of the shared catalogues in locales/ in the request's language.
 * Codes come from the spec's catalogue (section 8), the uni-id token codes, or new codes
 * named in the same style.
 */
export const ERRORS = {
  // spec section 8: cloud errors
  SYSTEM_ERROR: 500,
  SYS_ERR: 500,
  AUTH_FAILED: 401,
  INVALID_PARAM: 400,
  PARAM_ERROR: 400,
  UPLOAD_FAILED: 500,
  NETWORK_ERROR: 502,
  INVALID_OPERATION: 400,
  DELETE_FILE_FAILED: 500,
  GET_TEMP_FILE_URL_FAILED: 500,
  CLOUDPATH_REQUIRED: 400,
  STORAGE_REQUEST_FAIL: 502,
  NOT_LOGGED_IN: 401,
  // spec section 8: token errors (all lead the console to the login page)
  'uni-id-token-expired': 401,
  'uni-id-check-token-failed': 401,
  'uni-id-token-not-exist': 401,
  // retry and expiry rules
  ACCESS_TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_EXPIRED: 401,
  INVALID_REFRESH_TOKEN: 401,
  // sign-in core
  PASSWORD_ERROR: 401,
  PASSWORD_ERROR_EXCEED_LIMIT: 429,
  ACCOUNT_DISABLED: 403,
  ACCOUNT_UNDER_REVIEW: 403,
  ACCOUNT_REVIEW_REJECTED: 403,
  ACCOUNT_CLOSED: 403,
  ANONYMOUS_CANNOT_LOGOUT: 400,
  ADMIN_EXISTS: 409,
  ACCOUNT_EXISTS: 409,
  /** REGISTRATION=closed: no self-registration (field username / email) */
  REGISTRATION_CLOSED: 403,
  /** too many accounts created from this IP today (field username / email / mobile) */
  REGISTER_LIMIT: 429,
  /** the whole site created its minute's worth of accounts (field username / email / mobile) */
  REGISTER_BUSY: 429,
  /** a sign-in type not listed in LOGIN_TYPES */
  LOGIN_TYPE_DISABLED: 403,
  USERNAME_INVALID: 400,
  NICKNAME_INVALID: 400,
  PASSWORD_INVALID: 400,
  PASSWORD_WEAK: 400,
  PASSWORD_MISMATCH: 400,
  PERMISSION_ERROR: 403,
  /** spec section 6: the account's authorized apps (dcloud_appid) leave out the console; numeric code 20101 */
  INVALID_CLIENT: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  /** a body of a type the route does not read (field content-type) */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** the request did not arrive in time (Node's header or request timeout) */
  REQUEST_TIMEOUT: 408,
  /** the request's headers are larger than the server reads */
  HEADERS_TOO_LARGE: 431,
  /** a JSON body nested deeper than the API reads (field = where) */
  INPUT_TOO_DEEP: 400,
  // system administration
  /** a record with this id already exists (field = the id field) */
  ID_EXISTS: 409,
  /** ids, appid and app name are fixed once created */
  FIELD_IMMUTABLE: 400,
  /** the built-in role admin cannot be deleted */
  ROLE_BUILT_IN: 400,
  /** the built-in root menus cannot be deleted */
  MENU_BUILT_IN: 400,
  /** a menu's parent must exist, be a folder and not lie inside the menu itself */
  MENU_PARENT_INVALID: 400,
  /** a menu url starts with '/' or http, or is empty (folder) */
  MENU_URL_INVALID: 400,
  /** a folder that still has children cannot become a page */
  MENU_HAS_CHILDREN: 409,
  /** a value names a role, permission, tag or app that does not exist */
  REFERENCE_NOT_FOUND: 400,
  /** the last active admin (role admin, status 0) cannot be deleted, disabled, closed or lose the role (register-admin would reopen) */
  LAST_ADMIN: 400,
  MOBILE_INVALID: 400,
  EMAIL_INVALID: 400,
  // captchas, verification codes and account flows
  /** the form needs the image captcha (field captcha) */
  CAPTCHA_REQUIRED: 400,
  /** wrong, expired or already used image captcha: a new one is shown */
  CAPTCHA_INVALID: 400,
  CAPTCHA_TOO_FREQUENT: 429,
  /** wrong verification code ({left} tries left) */
  CODE_INVALID: 400,
  /** no standing code: expired, already used or replaced by a newer one */
  CODE_EXPIRED: 400,
  /** too many wrong codes: the code is burnt */
  CODE_ATTEMPTS_EXCEEDED: 400,
  /** one code per address per interval ({seconds} to wait) */
  CODE_SEND_TOO_FREQUENT: 429,
  /** too many codes asked for from this IP, per hour or per day (field email / mobile) */
  CODE_SEND_LIMIT: 429,
  /** this address or number had its day's worth of codes (field email / mobile) */
  CODE_SEND_DAILY_LIMIT: 429,
  /** the whole site sent its minute's worth of codes (field email / mobile) */
  CODE_SEND_BUSY: 429,
  EMAIL_SEND_FAILED: 502,
  /** no account with this email / mobile (field names which) */
  ACCOUNT_NOT_FOUND: 404,
  // SMS channel and mobile-number flows
  /** the SMS provider refused the message or did not answer in time (its code is in the log) */
  SMS_SEND_FAILED: 502,
  /** set-password is for accounts without a password (change it with change-password) */
  PASSWORD_ALREADY_SET: 409,
  /** the account has no bound mobile number (field mobile): bind one first */
  MOBILE_NOT_BOUND: 400,
  /** a set-pwd code goes only to the number bound to the account (field mobile) */
  MOBILE_MISMATCH: 400,
  // file service and profile
  /** the uploaded file is over the size limit (field file, {max}) */
  FILE_TOO_LARGE: 413,
  /** the caller already keeps UPLOAD_MAX_FILES_PER_USER files (field file, {max}) */
  FILE_COUNT_QUOTA_EXCEEDED: 403,
  /** the file would take the caller's files over UPLOAD_MAX_BYTES_PER_USER (field file, {max}) */
  FILE_BYTES_QUOTA_EXCEEDED: 403,
  /** another file already has this cloudPath (field cloudPath) */
  CLOUDPATH_EXISTS: 409,
  /** a temp file link whose signature does not match or whose time is up */
  TEMP_URL_INVALID: 403,
  /** avatar_file must be an image the caller uploaded to the avatar folder of this server */
  AVATAR_FILE_INVALID: 400,
  // AI chat and the credits ledger
  /** the model provider refused or failed; its own message is appended ({message}) */
  AI_PROVIDER_ERROR: 502,
  /** no first token within the request timeout (spec: 60000 ms) */
  AI_TIMEOUT: 504,
  /** the provider's rate limit (HTTP 429 from the provider) */
  AI_RATE_LIMITED: 429,
  /** the balance does not cover the hold ({needed}, {balance}) */
  INSUFFICIENT_CREDITS: 402,
  /** no such model, switched off, or not open to the caller's roles (field model_id) */
  MODEL_NOT_AVAILABLE: 403,
  /** the caller's roles allow {limit} credits a day and {used} are used */
  DAILY_LIMIT_REACHED: 429,
  /** a message is still being answered in this conversation */
  CHAT_BUSY: 409,
  /** a file the chat does not take ({name}; field file) */
  ATTACHMENT_TYPE_UNSUPPORTED: 415,
  /** a document that could not be read: damaged, protected, not UTF-8, too big to unpack ({name}, {reason} in English; field file) */
  ATTACHMENT_UNREADABLE: 422,
  /** a document without text: empty, or a scanned PDF ({name}; field file) */
  ATTACHMENT_NO_TEXT: 422,
  /** too many files on a question or waiting in a conversation ({max}; field file or attachments) */
  ATTACHMENT_LIMIT: 400,
  /** the question has images and the model reads none ({model}; field attachments) */
  MODEL_NO_VISION: 400,
  /** a user keeps at most {max} assistants of their own */
  ASSISTANT_LIMIT: 400,
  /** a user holds at most {max} API keys */
  API_KEY_LIMIT: 400,
  /** a call would take a key past its credit cap ({cap}, {used}, {needed}; {period}: total or daily) */
  API_KEY_CAP_REACHED: 402,
  /** a key's requests or tokens a minute are used up ({seconds} until the next minute) */
  API_KEY_RATE_LIMITED: 429,
  // real-name verification
  /** 2+ Han characters with an optional '·' (field realName) */
  REALNAME_INVALID: 400,
  /** 18 characters, a real birth date and the GB 11643 check character (field idCard) */
  IDCARD_INVALID: 400,
  /** the ID number stands (pending or approved) on another account (field idCard) */
  IDCARD_TAKEN: 409,
  /** 5 submissions per account per 24 hours */
  REALNAME_ATTEMPTS_EXCEEDED: 429,
  REALNAME_ALREADY_VERIFIED: 409,
  /** a submission is waiting for review */
  REALNAME_PENDING: 409,
  /** only a pending submission can be decided */
  REALNAME_NOT_PENDING: 409,
  /** a rejection needs a reason (field reason) */
  REALNAME_REASON_REQUIRED: 400,
  // weixin web sign-in
  /** WEIXIN_APPID / WEIXIN_SECRET are not set */
  WEIXIN_NOT_CONFIGURED: 400,
  /** the sign-in's state is unknown, already used or expired: nothing happens */
  WEIXIN_STATE_INVALID: 400,
  /** the user declined on weixin's page (no code came back) */
  WEIXIN_CANCELLED: 400,
  /** weixin refused the code: invalid, already used or expired */
  WEIXIN_CODE_INVALID: 400,
  /** weixin answered an error (errcode) or an answer without an openid */
  WEIXIN_AUTH_FAILED: 400,
  /** weixin could not be reached or did not answer in time (no 5xx: not our bug) */
  WEIXIN_UNAVAILABLE: 400,
  /** this weixin account is already linked to another account */
  WEIXIN_ALREADY_BOUND: 409,
  /** this account is already linked to another weixin account */
  WEIXIN_OTHER_BOUND: 409,
  /** no weixin account is linked */
  WEIXIN_NOT_BOUND: 400,
  /** unlinking would leave no way to sign in (no password, mobile or email) */
  WEIXIN_UNBIND_LAST_LOGIN: 400,
  /** the one-time sign-in ticket is unknown, used or expired (field ticket) */
  WEIXIN_TICKET_INVALID: 400,
  /** the page to return to must be a path inside the console (field redirect) */
  REDIRECT_INVALID: 400,
  // payments, redemption codes, rewarded ads, withdrawals, invoices (messages: locales/errors)
  /** the method is not set up on this server ({reason}; field method) */
  PAY_METHOD_UNAVAILABLE: 400,
  /** a custom amount outside the limits ({min}, {max} in yuan; field amount_cents) */
  PAY_AMOUNT_INVALID: 400,
  /** no such package, or switched off (field package_id) */
  PACKAGE_NOT_AVAILABLE: 400,
  /** the payment provider refused or could not be reached; its own words are appended ({message}) */
  PAY_PROVIDER_ERROR: 502,
  /** the order's state does not allow this ({status}) */
  ORDER_STATE_INVALID: 409,
  /** more than is left to refund ({max} cents; field amount_cents) */
  REFUND_AMOUNT_INVALID: 400,
  /** the balance no longer holds the credits the refund takes back ({needed}, {balance}) */
  REFUND_CREDITS_SPENT: 409,
  /** no such code (field code) */
  REDEEM_CODE_INVALID: 400,
  /** the code was used already (field code) */
  REDEEM_CODE_USED: 409,
  /** the code's batch expired or was switched off (field code) */
  REDEEM_CODE_EXPIRED: 400,
  /** too many wrong codes in a row ({minutes} to wait; field code) */
  REDEEM_TOO_MANY_ATTEMPTS: 429,
  /** the caller is not among who may claim this welfare campaign (field id) */
  WELFARE_NOT_ELIGIBLE: 403,
  /** the caller claimed this campaign in this period already (field id) */
  WELFARE_ALREADY_CLAIMED: 409,
  /** the campaign's budget has no room for one more claim (field id) */
  WELFARE_BUDGET_EXHAUSTED: 409,
  /** the campaign is switched off, not started or ended (field id) */
  WELFARE_NOT_ACTIVE: 409,
  /** a budget below the credits already given ({used}; field budget) */
  WELFARE_BUDGET_BELOW_USED: 400,
  /** a campaign with claims cannot be deleted ({title}): switch it off */
  WELFARE_HAS_CLAIMS: 409,
  /** the ad network's callback is unsigned, wrongly signed or names no known view */
  AD_CALLBACK_INVALID: 403,
  /** today's rewards reached the daily cap ({cap}) */
  AD_DAILY_CAP_REACHED: 429,
  /** rewarded ads are not set up (no AD_CALLBACK_SECRET or no allowed ad page) */
  AD_NOT_CONFIGURED: 400,
  /** withdrawals need a verified real name */
  WITHDRAW_REALNAME_REQUIRED: 403,
  /** below the minimum ({min}; field amount) */
  WITHDRAW_AMOUNT_INVALID: 400,
  /** more than the credits that may be withdrawn ({available}; field amount) */
  WITHDRAW_EXCEEDS_EARNED: 400,
  /** only a pending request can be changed or decided */
  WITHDRAW_NOT_PENDING: 409,
  /** an order that is not the caller's, not paid, refunded in full or already invoiced (field order_ids) */
  INVOICE_ORDERS_INVALID: 400,
  /** a company invoice needs a unified social credit code (field tax_number) */
  TAX_NUMBER_INVALID: 400,
  /** only a pending invoice can be issued or rejected */
  INVOICE_NOT_PENDING: 409,
  /** no font with Chinese glyphs on this server (INVOICE_FONT): the invoice stays pending */
  INVOICE_FONT_MISSING: 503,
  // content management (messages: locales/errors)
  /** the cover mode shows {expected} images but {count} were given (field thumbnail) */
  CMS_COVER_COUNT_INVALID: 400,
  /** the category still holds {count} articles (field id): move or delete them first */
  CMS_CATEGORY_NOT_EMPTY: 409,
  /** only a published article can be taken down (field id) */
  CMS_ARTICLE_NOT_PUBLISHED: 409,
  /** the preview link was altered, its article is gone or its 2 hours are up (field token) */
  CMS_PREVIEW_INVALID: 410,
  // usage statistics (messages: locales/errors)
  /** the app key names no app of the app list (field appid) */
  STAT_APP_UNKNOWN: 400,
  /** reporting is switched off (for the app or for everyone) */
  STAT_DISABLED: 403,
  /** too many records from one app key: try again after {seconds} s */
  STAT_RATE_LIMITED: 429,
  /** the receiver's buffer is full: try again after {seconds} s (nothing of the batch was kept) */
  STAT_BUSY: 429,
  /** the report body is not a JSON object (field body) */
  STAT_BODY_INVALID: 400,
  /** records is not a list of at most {max} records (field records) */
  STAT_BATCH_INVALID: 400,
  /** the device id is not {min} to {max} characters (field device_id) */
  STAT_DEVICE_ID_INVALID: 400,
  /** the platform is not one the receiver knows (field platform) */
  STAT_PLATFORM_INVALID: 400,
  /** a reported text is not text or longer than {max} characters (the field) */
  STAT_FIELD_INVALID: 400,
  /** a record is not an object (field record) */
  STAT_RECORD_INVALID: 400,
  /** a record's id or session id is not 8 to 64 letters, digits, _ or - (field id / sid) */
  STAT_RECORD_ID_INVALID: 400,
  /** a record's time is not milliseconds since 1970 (field ts) */
  STAT_RECORD_TS_INVALID: 400,
  /** a record older than the raw retention ({days} days; field ts) */
  STAT_RECORD_TOO_OLD: 400,
  /** a record more than {minutes} minutes ahead of the server's clock (field ts) */
  STAT_RECORD_IN_FUTURE: 400,
  /** a record's kind is not one of the known kinds (field kind) */
  STAT_RECORD_KIND_INVALID: 400,
  /** a record of this kind ({kind}) needs the field */
  STAT_RECORD_FIELD_MISSING: 400,
  /** an event name is not text of 1 to {max} characters (field name) */
  STAT_EVENT_NAME_INVALID: 400,
  /** an event value is not text or an object of at most {max} characters as JSON (field value) */
  STAT_EVENT_VALUE_INVALID: 400,
  /** a pay record's amount is not a whole number of cents, 0 or more (field amount_cents) */
  STAT_AMOUNT_INVALID: 400,
  /** a stats date range: start after end, or longer than {max} days (field start / end) */
  STAT_RANGE_INVALID: 400,
  /** a report query ran past its statement timeout (the statistics read pool): try again later */
  QUERY_TIMEOUT: 503,
  /** an uploaded source map is not a source map (field file) */
  STAT_SOURCE_MAP_INVALID: 400,
  // upgrade center (messages: locales/errors)
  /** a version is not dot-separated numbers like 1.2.0 (field version / min_uni_version) */
  VERSION_INVALID: 400,
  /** not higher than the current stable version {current} of the app's platform and type (field version) */
  VERSION_NOT_GREATER: 409,
  /** the package does not fit the platform and type: a .{ext} file expected (field url / file_id) */
  VERSION_PACKAGE_MISMATCH: 400,
  /** the current stable version cannot be deleted: publish another one as stable first */
  VERSION_STABLE_UNDELETABLE: 409,
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** the spec's numeric codes, answered as `code` next to `errorCode` */
export const NUMERIC_CODES: Partial<Record<ErrorCode, number>> = { INVALID_CLIENT: 20101 };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** the field the error concerns, for form errors */
  readonly field?: string;
  /** interpolation values for the message */
  readonly params?: Record<string, string | number>;

  constructor(code: ErrorCode, opts: { field?: string; params?: Record<string, string | number>; cause?: unknown } = {}) {
    super(code, opts.cause ? { cause: opts.cause } : undefined);
    this.code = code;
    this.status = ERRORS[code];
    this.field = opts.field;
    this.params = opts.params;
  }
}
