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
  /** A deposit pay type that does not exist, or that this call does not take (5100–5199: deposits). */
  PAY_TYPE_UNAVAILABLE: {
    code: 5100,
    key: 'error.payTypeUnavailable',
    en: 'This deposit method is not available',
    zh: '该充值方式不可用',
    zht: '該充值方式不可用',
  },
  /** SPEC §5: the deposit amount is outside the pay type's range; the detail says 'min ~ max'. */
  DEPOSIT_AMOUNT_OUT_OF_RANGE: {
    code: 5101,
    key: 'error.depositAmountOutOfRange',
    en: 'Deposit amount out of range',
    zh: '充值金额超出范围',
    zht: '充值金額超出範圍',
  },
  /** No such deposit order of this member (another member's order answers the same). */
  DEPOSIT_ORDER_NOT_FOUND: {
    code: 5102,
    key: 'error.depositOrderNotFound',
    en: 'Order not found',
    zh: '订单不存在',
    zht: '訂單不存在',
  },
  /** The member already has an unpaid collection order; pay or cancel it first. */
  COLLECTION_ORDER_PENDING: {
    code: 5103,
    key: 'error.collectionOrderPending',
    en: 'You already have an unpaid deposit order, please pay or cancel it first',
    zh: '您有未完成的充值订单，请先完成或取消',
    zht: '您有未完成的充值訂單，請先完成或取消',
  },
  /** The order has moved on (completed, failed, turned down) and can no longer be changed this way. */
  DEPOSIT_ORDER_CLOSED: {
    code: 5104,
    key: 'error.depositOrderClosed',
    en: 'This order can no longer be changed',
    zh: '该订单状态已变更，无法操作',
    zht: '該訂單狀態已變更，無法操作',
  },
  /** SPEC §5: a receipt must be a jpg, jpeg or png image, judged by its content. */
  RECEIPT_NOT_IMAGE: {
    code: 5105,
    key: 'error.receiptNotImage',
    en: 'Only jpg, jpeg or png images are accepted',
    zh: '仅支持jpg、jpeg、png格式的图片',
    zht: '僅支持jpg、jpeg、png格式的圖片',
  },
  /** SPEC §5: a receipt image is at most 10 MB. */
  RECEIPT_TOO_LARGE: {
    code: 5106,
    key: 'error.receiptTooLarge',
    en: 'The image must be at most 10 MB',
    zh: '图片不能超过10MB',
    zht: '圖片不能超過10MB',
  },
  /** SPEC §5: exactly one receipt file per upload; none or several are refused. */
  RECEIPT_FILE_COUNT: {
    code: 5107,
    key: 'error.receiptFileCount',
    en: 'Please upload exactly one image',
    zh: '请上传一张图片',
    zht: '請上傳一張圖片',
  },
  /** The order already holds as many receipts as it may. */
  RECEIPT_LIMIT_REACHED: {
    code: 5108,
    key: 'error.receiptLimitReached',
    en: 'Too many images for this order',
    zh: '该订单上传的图片过多',
    zht: '該訂單上傳的圖片過多',
  },
  /** The uploaded file has no content. */
  RECEIPT_EMPTY: {
    code: 5109,
    key: 'error.receiptEmpty',
    en: 'The image is empty',
    zh: '图片内容为空',
    zht: '圖片內容為空',
  },
  /** A payment provider's callback whose signature or signing headers are wrong. */
  PAYMENT_CALLBACK_SIGNATURE_INVALID: {
    code: 5110,
    key: 'error.paymentCallbackSignatureInvalid',
    en: 'Callback signature is invalid',
    zh: '回调签名无效',
    zht: '回調簽名無效',
  },
  /** A callback whose timestamp is outside the accepted window (too old or from the future). */
  PAYMENT_CALLBACK_STALE: {
    code: 5111,
    key: 'error.paymentCallbackStale',
    en: 'Callback timestamp is outside the accepted window',
    zh: '回调时间戳已失效',
    zht: '回調時間戳已失效',
  },
  /** A callback whose nonce was seen before: a replay. */
  PAYMENT_CALLBACK_REPLAYED: {
    code: 5112,
    key: 'error.paymentCallbackReplayed',
    en: 'Callback was already received',
    zh: '重复的回调',
    zht: '重複的回調',
  },
  /** A well-signed callback that names an unknown order or disagrees with it (amount, currency). */
  PAYMENT_CALLBACK_MISMATCH: {
    code: 5113,
    key: 'error.paymentCallbackMismatch',
    en: 'Callback does not match the order',
    zh: '回调与订单不符',
    zht: '回調與訂單不符',
  },
  /** SPEC 5023: the withdrawal account is locked. */
  WITHDRAW_LOCKED: {
    code: 5023,
    key: 'error.withdrawLocked',
    en: 'Withdrawals are locked for this account',
    zh: '提现已锁定',
    zht: '提現已鎖定',
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
