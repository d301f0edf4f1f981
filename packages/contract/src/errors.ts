/**
 * The one error catalogue. Every non-zero `code` the server answers comes from here, with the
 * i18n key the web client translates and the server's own message in each supported language.
 * Codes 402 and 403 keep their SPEC meanings; 5023 is SPEC's withdrawal lock.
 */
export const errorCatalogue = {
  /** 402: a member-only call made with a visitor's identity; the client opens the login window. */
  LOGIN_REQUIRED: {
    code: 402,
    key: 'error.loginRequired',
    en: 'Please log in first',
    zh: '请先登录',
    zht: '請先登錄',
  },
  /** 403: the token is missing, unknown, expired or revoked; the client clears its session. */
  TOKEN_INVALID: {
    code: 403,
    key: 'error.tokenInvalid',
    en: 'Your session has expired, please log in again',
    zh: '登录已失效，请重新登录',
    zht: '登錄已失效，請重新登錄',
  },
  /** A field is missing, of the wrong type, out of range or not known; the message names it. */
  INVALID_INPUT: {
    code: 1000,
    key: 'error.invalidInput',
    en: 'Invalid input',
    zh: '参数错误',
    zht: '參數錯誤',
  },
  /** The request body is larger than the server accepts. */
  BODY_TOO_LARGE: {
    code: 1001,
    key: 'error.bodyTooLarge',
    en: 'Request too large',
    zh: '请求过大',
    zht: '請求過大',
  },
  /** No call lives at this path with this method. */
  NOT_FOUND: {
    code: 1002,
    key: 'error.notFound',
    en: 'Not found',
    zh: '接口不存在',
    zht: '接口不存在',
  },
  /** The request took longer than the server's request timeout. */
  TIMEOUT: {
    code: 1003,
    key: 'error.timeout',
    en: 'Request timed out',
    zh: '请求超时',
    zht: '請求超時',
  },
  /** Too many requests from this member or address; try again later. */
  RATE_LIMITED: {
    code: 1004,
    key: 'error.rateLimited',
    en: 'Too many requests, please try again later',
    zh: '请求过于频繁，请稍后再试',
    zht: '請求過於頻繁，請稍後再試',
  },
  /** The same idempotency key was used before with different parameters. */
  IDEMPOTENCY_CONFLICT: {
    code: 1005,
    key: 'error.idempotencyConflict',
    en: 'This request key was already used for a different request',
    zh: '请求编号已被其他请求使用',
    zht: '請求編號已被其他請求使用',
  },
  /** An unexpected fault on the server; details are logged, never sent. */
  INTERNAL: {
    code: 1099,
    key: 'error.internal',
    en: 'Service busy, please try again later',
    zh: '服务繁忙，请稍后再试',
    zht: '服務繁忙，請稍後再試',
  },
  /** Registration with an account name that already exists. */
  ACCOUNT_TAKEN: {
    code: 2001,
    key: 'error.accountTaken',
    en: 'This account name is already taken',
    zh: '账号已存在',
    zht: '賬號已存在',
  },
  /** Login with an unknown account or a wrong password (the two answer the same). */
  BAD_CREDENTIALS: {
    code: 2002,
    key: 'error.badCredentials',
    en: 'Wrong account or password',
    zh: '账号或密码错误',
    zht: '賬號或密碼錯誤',
  },
  /** Repeated failures: this login must carry a solved captcha. */
  CAPTCHA_REQUIRED: {
    code: 2003,
    key: 'error.captchaRequired',
    en: 'Please complete the verification code',
    zh: '请输入验证码',
    zht: '請輸入驗證碼',
  },
  /** The captcha answer is wrong, expired or already used. */
  CAPTCHA_INVALID: {
    code: 2004,
    key: 'error.captchaInvalid',
    en: 'Wrong verification code',
    zh: '验证码错误',
    zht: '驗證碼錯誤',
  },
  /** Too many failed logins for this account or address; wait before trying again. */
  LOGIN_LOCKED: {
    code: 2005,
    key: 'error.loginLocked',
    en: 'Too many failed attempts, please try again later',
    zh: '登录失败次数过多，请稍后再试',
    zht: '登錄失敗次數過多，請稍後再試',
  },
  /** Password change with a wrong current password. */
  WRONG_OLD_PASSWORD: {
    code: 2006,
    key: 'error.wrongOldPassword',
    en: 'The current password is wrong',
    zh: '原密码错误',
    zht: '原密碼錯誤',
  },
  /** A partner login whose authToken is malformed, badly signed, expired or for another principal. */
  PARTNER_AUTH_INVALID: {
    code: 2007,
    key: 'error.partnerAuthInvalid',
    en: 'Partner authentication failed',
    zh: '合作方认证失败',
    zht: '合作方認證失敗',
  },
  /** The account has been blocked by an operator. */
  ACCOUNT_BLOCKED: {
    code: 2008,
    key: 'error.accountBlocked',
    en: 'This account is disabled',
    zh: '账号已被禁用',
    zht: '賬號已被禁用',
  },
  /** A currency this member may not use (unknown, or demo money for a real member). */
  CURRENCY_NOT_ALLOWED: {
    code: 2009,
    key: 'error.currencyNotAllowed',
    en: 'This currency is not available',
    zh: '该币种不可用',
    zht: '該幣種不可用',
  },
  /** The call is not available to this kind of member (for example demo or partner players). */
  NOT_ALLOWED_FOR_MEMBER_TYPE: {
    code: 2010,
    key: 'error.notAllowedForMemberType',
    en: 'This function is not available for your account',
    zh: '当前账号不支持此功能',
    zht: '當前賬號不支持此功能',
  },
  /** The member's available balance is smaller than the amount asked for. */
  INSUFFICIENT_FUNDS: {
    code: 5001,
    key: 'error.insufficientFunds',
    en: 'Insufficient balance',
    zh: '余额不足',
    zht: '餘額不足',
  },
  /** SPEC 5023: the withdrawal account is locked. */
  WITHDRAW_LOCKED: {
    code: 5023,
    key: 'error.withdrawLocked',
    en: 'Withdrawals are locked for this account',
    zh: '提现已锁定',
    zht: '提現已鎖定',
  },
  /** A loan call while the site has loans turned off. */
  LOANS_DISABLED: {
    code: 5300,
    key: 'error.loansDisabled',
    en: 'Loans are not available',
    zh: '借款功能未开放',
    zht: '借款功能未開放',
  },
  /** A borrowing above the member's credit limit less what they already owe. */
  LOAN_LIMIT_EXCEEDED: {
    code: 5301,
    key: 'error.loanLimitExceeded',
    en: 'The amount is more than your available credit',
    zh: '借款金额超过可用额度',
    zht: '借款金額超過可用額度',
  },
  /** A repayment above what the member owes in that currency. */
  REPAY_EXCEEDS_LOAN: {
    code: 5302,
    key: 'error.repayExceedsLoan',
    en: 'The amount is more than you owe',
    zh: '还款金额超过欠款',
    zht: '還款金額超過欠款',
  },
} as const;

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];
export type Language = 'zh' | 'zht' | 'en';
export const languages: readonly Language[] = ['zh', 'zht', 'en'];

/** The catalogue entry for a code, or undefined for a code not in the catalogue. */
export function findError(code: number) {
  return Object.values(errorCatalogue).find((entry) => entry.code === code);
}
