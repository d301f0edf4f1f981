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
  /**
   * No call lives at this path with this method, or the record an operator call names (a member,
   * a partner, an adjustment) does not exist; the message names which.
   */
  NOT_FOUND: {
    code: 1002,
    key: 'error.notFound',
    en: 'Not found',
    zh: '未找到',
    zht: '未找到',
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
  /**
   * A partner login whose authToken is malformed, badly signed, expired, for another principal,
   * or already used once.
   */
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
  /**
   * A partner login for a channel an operator has turned off; that partner's players' sessions
   * answer 403 while it stays off.
   */
  PARTNER_DISABLED: {
    code: 2011,
    key: 'error.partnerDisabled',
    en: 'Sign-in through this partner is switched off',
    zh: '该合作方登录已停用',
    zht: '該合作方登錄已停用',
  },
  /**
   * A partner passcode that is unknown, expired or already used: the three answer alike, so a
   * passcode cannot be probed. Each passcode signs a player in once (docs/identity.md).
   */
  PARTNER_PASSCODE_INVALID: {
    code: 2020,
    key: 'error.partnerPasscodeInvalid',
    en: 'This sign-in link is invalid, has expired or was already used',
    zh: '登录链接无效、已过期或已被使用',
    zht: '登錄鏈接無效、已過期或已被使用',
  },
  /**
   * A login with a quick account's placeholder password: the account signs in only through the
   * session made when it was created until its member sets a password (docs/identity.md).
   */
  QUICK_ACCOUNT_PASSWORD_NOT_SET: {
    code: 2021,
    key: 'error.quickAccountPasswordNotSet',
    en: 'This quick account has no password yet. Set one on the device that created it',
    zh: '该快速账号尚未设置密码，请在创建账号的设备上设置密码',
    zht: '該快速賬號尚未設置密碼，請在創建賬號的設備上設置密碼',
  },
  /**
   * A quick account still on the placeholder password asked to withdraw, set the withdrawal
   * password or change payout accounts; it must set a login password of its own first.
   */
  OWN_PASSWORD_REQUIRED: {
    code: 2022,
    key: 'error.ownPasswordRequired',
    en: 'Please set a login password of your own first',
    zh: '请先设置您自己的登录密码',
    zht: '請先設置您自己的登錄密碼',
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
  /**
   * 6001: operator sign-in refused. Unknown user name, wrong password, and a wrong, stale or
   * reused authenticator code all answer this, so no part can be probed alone.
   */
  OPERATOR_LOGIN_FAILED: {
    code: 6001,
    key: 'error.operatorLoginFailed',
    en: 'Sign-in failed: check the user name, password and authenticator code',
    zh: '登录失败：请检查用户名、密码和验证码',
    zht: '登錄失敗：請檢查用戶名、密碼和驗證碼',
  },
  /** 6002: too many operator sign-in attempts for this user name or address; wait and retry. */
  OPERATOR_LOGIN_LOCKED: {
    code: 6002,
    key: 'error.operatorLoginLocked',
    en: 'Too many sign-in attempts, please try again later',
    zh: '登录尝试次数过多，请稍后再试',
    zht: '登錄嘗試次數過多，請稍後再試',
  },
  /**
   * 6003: a back-office call without a live operator session (no `Authorization: Bearer` token,
   * or one that is unknown, expired, revoked or of a disabled operator); the console signs in
   * again.
   */
  OPERATOR_SESSION_INVALID: {
    code: 6003,
    key: 'error.operatorSessionInvalid',
    en: 'Operator session missing or expired, please sign in again',
    zh: '管理员登录已失效，请重新登录',
    zht: '管理員登錄已失效，請重新登錄',
  },
  /** 6004: a back-office call made with a member's token; only operator sessions pass. */
  OPERATOR_MEMBER_TOKEN_REFUSED: {
    code: 6004,
    key: 'error.operatorMemberTokenRefused',
    en: 'This function is for operators only',
    zh: '该功能仅限管理员使用',
    zht: '該功能僅限管理員使用',
  },
  /** 6005: the operator is signed in but holds none of the roles the call asks for. */
  OPERATOR_NOT_PERMITTED: {
    code: 6005,
    key: 'error.operatorNotPermitted',
    en: 'Your role does not permit this action',
    zh: '当前角色无权执行此操作',
    zht: '當前角色無權執行此操作',
  },
  /** 6006: right credentials, but the operator account has been disabled. */
  OPERATOR_DISABLED: {
    code: 6006,
    key: 'error.operatorDisabled',
    en: 'This operator account is disabled',
    zh: '该管理员账号已被禁用',
    zht: '該管理員賬號已被禁用',
  },
  /** 6007: the operator who asked for an adjustment cannot also approve it (four eyes). */
  ADJUSTMENT_NEEDS_SECOND_OPERATOR: {
    code: 6007,
    key: 'error.adjustmentNeedsSecondOperator',
    en: 'Another operator must approve this adjustment',
    zh: '此调整须由另一位管理员审批',
    zht: '此調整須由另一位管理員審批',
  },
  /**
   * 6008: a market already settled (by the feed or an operator) is settled by hand only as a
   * deliberate resettlement (`resettle: true`).
   */
  MARKET_ALREADY_SETTLED: {
    code: 6008,
    key: 'error.marketAlreadySettled',
    en: 'This market is already settled; settle it again only as a resettlement',
    zh: '该盘口已结算，只能以重新结算的方式再次结算',
    zht: '該盤口已結算，只能以重新結算的方式再次結算',
  },
  /** Withdrawals (5200–5299): a channel, pay type or merchant code the catalogue does not offer. */
  WITHDRAW_CHANNEL_NOT_FOUND: {
    code: 5201,
    key: 'error.withdrawChannelNotFound',
    en: 'This withdrawal method is not available',
    zh: '该提现方式不可用',
    zht: '該提現方式不可用',
  },
  /** SPEC §5: a wallet address that does not fit the coin's rule (prefix, length, characters). */
  WALLET_ADDRESS_INVALID: {
    code: 5202,
    key: 'error.walletAddressInvalid',
    en: 'Invalid wallet address',
    zh: '钱包地址无效',
    zht: '錢包地址無效',
  },
  /** SPEC §9: a member already holds 3 payout accounts of this type. */
  PAYOUT_ACCOUNT_LIMIT: {
    code: 5203,
    key: 'error.payoutAccountLimit',
    en: 'You can save at most 3 accounts of this type',
    zh: '同类账户最多保存3个',
    zht: '同類賬戶最多保存3個',
  },
  /** The member already saved this account number or address for this type. */
  PAYOUT_ACCOUNT_DUPLICATE: {
    code: 5204,
    key: 'error.payoutAccountDuplicate',
    en: 'This account is already saved',
    zh: '该账户已添加',
    zht: '該賬戶已添加',
  },
  /** No such payout account of this member (another member's answers the same). */
  PAYOUT_ACCOUNT_NOT_FOUND: {
    code: 5205,
    key: 'error.payoutAccountNotFound',
    en: 'Payout account not found',
    zh: '提现账户不存在',
    zht: '提現賬戶不存在',
  },
  /** A withdrawal needs a withdrawal password, and the member has not set one. */
  WITHDRAW_PASSWORD_NOT_SET: {
    code: 5206,
    key: 'error.withdrawPasswordNotSet',
    en: 'Please set a withdrawal password first',
    zh: '请先设置提现密码',
    zht: '請先設置提現密碼',
  },
  /** A wrong withdrawal password; the fifth in a row locks withdrawals (5023). */
  WITHDRAW_PASSWORD_WRONG: {
    code: 5207,
    key: 'error.withdrawPasswordWrong',
    en: 'Wrong withdrawal password',
    zh: '提现密码错误',
    zht: '提現密碼錯誤',
  },
  /** Setting the withdrawal password with a wrong login password. */
  LOGIN_PASSWORD_WRONG: {
    code: 5208,
    key: 'error.loginPasswordWrong',
    en: 'The login password is wrong',
    zh: '登录密码错误',
    zht: '登錄密碼錯誤',
  },
  /** The amount is outside the channel's minimum and maximum; the message gives both. */
  WITHDRAW_AMOUNT_OUT_OF_RANGE: {
    code: 5209,
    key: 'error.withdrawAmountOutOfRange',
    en: 'Amount out of range',
    zh: '金额超出范围',
    zht: '金額超出範圍',
  },
  /** No such withdrawal (operator review). */
  WITHDRAWAL_NOT_FOUND: {
    code: 5210,
    key: 'error.withdrawalNotFound',
    en: 'Withdrawal not found',
    zh: '提现订单不存在',
    zht: '提現訂單不存在',
  },
  /** The withdrawal's status no longer allows this step (already reviewed, paid or failed). */
  WITHDRAWAL_STATUS_CONFLICT: {
    code: 5211,
    key: 'error.withdrawalStatusConflict',
    en: 'This withdrawal has already been processed',
    zh: '该提现订单已处理',
    zht: '該提現訂單已處理',
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
  /** A bet slip of more than 8 selections (SPEC §5 'moreMatchTip'; 7000–7099: orders). */
  ORDER_TOO_MANY_SELECTIONS: {
    code: 7000,
    key: 'error.orderTooManySelections',
    en: 'At most 8 selections per bet',
    zh: '最多只能选择8个投注项',
    zht: '最多只能選擇8個投注項',
  },
  /** A parlay leg on a play that cannot be mixed (SPEC §5 'noMixBet', play 999999). */
  ORDER_NO_MIX_BET: {
    code: 7001,
    key: 'error.orderNoMixBet',
    en: 'This market cannot be combined in a parlay',
    zh: '该玩法不支持串关',
    zht: '該玩法不支持串關',
  },
  /** A parlay leg on an outright (SPEC §5 'noMixBetChampion', plays 21000 and above). */
  ORDER_NO_MIX_BET_CHAMPION: {
    code: 7002,
    key: 'error.orderNoMixBetChampion',
    en: 'Outright markets cannot be combined in a parlay',
    zh: '冠军玩法不支持串关',
    zht: '冠軍玩法不支持串關',
  },
  /** Two legs of a parlay on one event: their outcomes are not independent. */
  ORDER_SAME_EVENT_IN_PARLAY: {
    code: 7003,
    key: 'error.orderSameEventInParlay',
    en: 'A parlay takes one selection per match',
    zh: '串关每场比赛只能选择一个投注项',
    zht: '串關每場比賽只能選擇一個投注項',
  },
  /** The market is gone, closed or suspended (`H` mr 4; SPEC's 'xyp.betFail4'); the message names the leg. */
  ORDER_MARKET_CLOSED: {
    code: 7004,
    key: 'error.orderMarketClosed',
    en: 'The market is closed or suspended',
    zh: '盘口已关闭或暂停',
    zht: '盤口已關閉或暫停',
  },
  /** The price moved in a way the bet's acceptOdds choice does not take (`H` mr 1; SPEC's 'xyp.betFail1'). */
  ORDER_ODDS_CHANGED: {
    code: 7005,
    key: 'error.orderOddsChanged',
    en: 'The odds have changed',
    zh: '赔率已变化',
    zht: '賠率已變化',
  },
  /** The stake is below the minimum or above the maximum for this market (`H` mr 2). */
  ORDER_STAKE_OUT_OF_RANGE: {
    code: 7006,
    key: 'error.orderStakeOutOfRange',
    en: 'Stake out of range',
    zh: '投注金额超出范围',
    zht: '投注金額超出範圍',
  },
  /** A selection in a league the member may not bet on (their leagueIds). */
  ORDER_LEAGUE_NOT_ALLOWED: {
    code: 7007,
    key: 'error.orderLeagueNotAllowed',
    en: 'This league is not available to you',
    zh: '该联赛不可投注',
    zht: '該聯賽不可投注',
  },
  /** No such order of this member (another member's order answers the same; 7150–7199: cash out). */
  CASH_OUT_ORDER_NOT_FOUND: {
    code: 7150,
    key: 'error.cashOutOrderNotFound',
    en: 'Order not found',
    zh: '注单不存在',
    zht: '注單不存在',
  },
  /** The order is not an accepted, open bet: pending, rejected, settled, void or already cashed out. */
  CASH_OUT_NOT_AVAILABLE: {
    code: 7151,
    key: 'error.cashOutNotAvailable',
    en: 'This bet cannot be cashed out',
    zh: '该注单不可提前结算',
    zht: '該注單不可提前結算',
  },
  /** An open leg's market is suspended, closed or no longer priced; the message names the leg. */
  CASH_OUT_MARKET_SUSPENDED: {
    code: 7152,
    key: 'error.cashOutMarketSuspended',
    en: 'Cash out is unavailable while a market is suspended or closed',
    zh: '盘口暂停或已关闭，暂不可提前结算',
    zht: '盤口暫停或已關閉，暫不可提前結算',
  },
  /** The offer fell below the amount the member accepted; the message gives the new offer. */
  CASH_OUT_OFFER_CHANGED: {
    code: 7153,
    key: 'error.cashOutOfferChanged',
    en: 'The cash out offer has changed',
    zh: '提前结算金额已变化',
    zht: '提前結算金額已變化',
  },
  /**
   * A notice, news item, banner or activity that does not exist, or that members cannot see now
   * (unpublished, deleted, outside its window or in another language): they answer the same.
   */
  CONTENT_NOT_FOUND: {
    code: 8001,
    key: 'error.contentNotFound',
    en: 'This content is not available',
    zh: '内容不存在或已下线',
    zht: '內容不存在或已下線',
  },
  /**
   * No share with this code that readers may see: unknown, withdrawn by its owner, or hidden by
   * an operator (or its tipster hidden); they answer the same (8100–8149: community).
   */
  SHARE_NOT_FOUND: {
    code: 8100,
    key: 'error.shareNotFound',
    en: 'This share does not exist or was withdrawn',
    zh: '该分享不存在或已撤回',
    zht: '該分享不存在或已撤回',
  },
  /** No such order of this member to share: another member's order answers the same. */
  SHARE_ORDER_NOT_FOUND: {
    code: 8101,
    key: 'error.shareOrderNotFound',
    en: 'Order not found',
    zh: '注单不存在',
    zht: '注單不存在',
  },
  /** The order was rejected: there is no bet to share. */
  SHARE_ORDER_NOT_SHAREABLE: {
    code: 8102,
    key: 'error.shareOrderNotShareable',
    en: 'This order cannot be shared',
    zh: '该注单不可分享',
    zht: '該注單不可分享',
  },
  /** A tipster who has no public profile: unknown, with no shares shown, or hidden. */
  TIPSTER_NOT_FOUND: {
    code: 8103,
    key: 'error.tipsterNotFound',
    en: 'This tipster does not exist',
    zh: '该用户不存在',
    zht: '該用戶不存在',
  },
  /** A member cannot follow themselves. */
  FOLLOW_SELF: {
    code: 8104,
    key: 'error.followSelf',
    en: 'You cannot follow yourself',
    zh: '不能关注自己',
    zht: '不能關注自己',
  },
  /**
   * A preview or prediction names a match that is not an upcoming match open to predictions (no
   * such match, not a two-sided match with a 1X2 book, or not shown to the caller); 8400–8499:
   * predictions.
   */
  PREDICTION_MATCH_UNAVAILABLE: {
    code: 8400,
    key: 'error.predictionMatchUnavailable',
    en: 'This match is not open to predictions',
    zh: '该赛事暂不开放预测',
    zht: '該賽事暫不開放預測',
  },
  /** The match has kicked off (or is no longer to be played): predictions closed at its start. */
  PREDICTION_CLOSED: {
    code: 8401,
    key: 'error.predictionClosed',
    en: 'Predictions for this match closed at kick-off',
    zh: '比赛已开始，预测已截止',
    zht: '比賽已開始，預測已截止',
  },
  /**
   * No campaign of this id is shown to members (never funded, or unknown); 8500–8549: promotions.
   */
  CAMPAIGN_NOT_FOUND: {
    code: 8500,
    key: 'error.campaignNotFound',
    en: 'This promotion does not exist',
    zh: '该活动不存在',
    zht: '該活動不存在',
  },
  /** The campaign is not running now: not started, paused, ended or closed. */
  ENVELOPE_NOT_RUNNING: {
    code: 8501,
    key: 'error.envelopeNotRunning',
    en: 'This red envelope promotion is not running now',
    zh: '红包活动当前未进行',
    zht: '紅包活動當前未進行',
  },
  /** The member already grabbed an envelope of this campaign (with another key). */
  ENVELOPE_ALREADY_CLAIMED: {
    code: 8502,
    key: 'error.envelopeAlreadyClaimed',
    en: 'You have already grabbed an envelope of this promotion',
    zh: '您已领取过该活动的红包',
    zht: '您已領取過該活動的紅包',
  },
  /** Every envelope of the campaign is claimed. */
  ENVELOPES_GONE: {
    code: 8503,
    key: 'error.envelopesGone',
    en: 'All envelopes have been grabbed',
    zh: '红包已被抢完',
    zht: '紅包已被搶完',
  },
  /** A demo player (or a partner's visitor) may not take part in promotions. */
  PROMOTION_MEMBERS_ONLY: {
    code: 8504,
    key: 'error.promotionMembersOnly',
    en: 'Promotions are for registered members only',
    zh: '活动仅限正式会员参与',
    zht: '活動僅限正式會員參與',
  },
  /** The member does not meet the campaign's conditions (deposit, turnover, risk level). */
  PROMOTION_INELIGIBLE: {
    code: 8505,
    key: 'error.promotionIneligible',
    en: 'You do not meet the conditions of this promotion',
    zh: '您不符合该活动的参与条件',
    zht: '您不符合該活動的參與條件',
  },
  /** A desk action the campaign's status does not allow (funding a closed one, say). */
  CAMPAIGN_STATUS_CONFLICT: {
    code: 8506,
    key: 'error.campaignStatusConflict',
    en: 'The campaign cannot do this in its current status',
    zh: '活动当前状态不允许此操作',
    zht: '活動當前狀態不允許此操作',
  },
  /** A withdrawal asks for more than the cash: bonus money cannot be withdrawn. */
  BONUS_NOT_WITHDRAWABLE: {
    code: 8507,
    key: 'error.bonusNotWithdrawable',
    en: 'Bonus money cannot be withdrawn; only your cash balance can',
    zh: '红利不可提现，仅可提取现金余额',
    zht: '紅利不可提現，僅可提取現金餘額',
  },
  /** A forfeit names a bonus that has already converted, expired or been forfeited. */
  BONUS_NOT_ACTIVE: {
    code: 8508,
    key: 'error.bonusNotActive',
    en: 'This bonus is no longer active',
    zh: '该红利已不在流水中',
    zht: '該紅利已不在流水中',
  },
  /**
   * A stake above an active bonus's maximum stake would spend bonus money (docs/promotions.md,
   * Stakes of bonus money): a stake of cash only is placed as usual.
   */
  BONUS_STAKE_ABOVE_MAX: {
    code: 8509,
    key: 'error.bonusStakeAboveMax',
    en: 'This stake is above the largest stake your bonus money may pay for',
    zh: '投注金额超过红利可投注的单注上限',
    zht: '投注金額超過紅利可投注的單注上限',
  },
  /** No activity of this id is shown to members (never funded, unknown, or not an activity); 8520–8539: activities. */
  ACTIVITY_NOT_FOUND: {
    code: 8520,
    key: 'error.activityNotFound',
    en: 'This activity does not exist',
    zh: '该活动不存在',
    zht: '該活動不存在',
  },
  /** The activity is not running now: not started, paused, ended or closed. */
  ACTIVITY_NOT_RUNNING: {
    code: 8521,
    key: 'error.activityNotRunning',
    en: 'This activity is not running now',
    zh: '该活动当前未进行',
    zht: '該活動當前未進行',
  },
  /** The member does not meet the activity's conditions (deposit, turnover, risk level). */
  ACTIVITY_INELIGIBLE: {
    code: 8522,
    key: 'error.activityIneligible',
    en: 'You do not meet the conditions of this activity',
    zh: '您不符合该活动的参与条件',
    zht: '您不符合該活動的參與條件',
  },
  /** A special bet must be a single on the activity's one selection; the message says what differs. */
  ACTIVITY_SELECTION_MISMATCH: {
    code: 8523,
    key: 'error.activitySelectionMismatch',
    en: 'This bet is not the selection of this activity',
    zh: '该投注不是本活动指定的选项',
    zht: '該投注不是本活動指定的選項',
  },
  /** The stake is more than what is left of the member's stake cap; the message gives what is left. */
  ACTIVITY_STAKE_CAP: {
    code: 8524,
    key: 'error.activityStakeCap',
    en: 'The stake is more than what is left of your limit for this activity',
    zh: '投注金额超过您在本活动剩余的额度',
    zht: '投注金額超過您在本活動剩餘的額度',
  },
  /** What the bet could win at the boosted odds is more than the activity can still pay. */
  ACTIVITY_LIABILITY_CAP: {
    code: 8525,
    key: 'error.activityLiabilityCap',
    en: 'This activity cannot take a bet this large any more',
    zh: '本活动已无法承接该金额的投注',
    zht: '本活動已無法承接該金額的投注',
  },
  /** A demo player (or a partner's visitor) may not take part in activities. */
  ACTIVITY_MEMBERS_ONLY: {
    code: 8526,
    key: 'error.activityMembersOnly',
    en: 'Activities are for registered members only',
    zh: '活动仅限正式会员参与',
    zht: '活動僅限正式會員參與',
  },
  /** A special bet placed on an activity that is a qualifying condition, not a special bet. */
  ACTIVITY_NOT_SPECIAL: {
    code: 8527,
    key: 'error.activityNotSpecial',
    en: 'This activity has no special bet',
    zh: '该活动没有特别投注',
    zht: '該活動沒有特別投注',
  },
  /** A close while top-ups of open special bets are still reserved; the message says how many. */
  ACTIVITY_RESERVATIONS_OPEN: {
    code: 8528,
    key: 'error.activityReservationsOpen',
    en: 'This activity still has open bets and cannot be closed yet',
    zh: '该活动仍有未结算的投注，暂不能关闭',
    zht: '該活動仍有未結算的投注，暫不能關閉',
  },
  /**
   * No free bet of this id is the caller's (unknown, or another member's: both answer alike);
   * 8540–8549: free bets.
   */
  FREE_BET_NOT_FOUND: {
    code: 8540,
    key: 'error.freeBetNotFound',
    en: 'This free bet does not exist',
    zh: '该免费投注不存在',
    zht: '該免費投注不存在',
  },
  /** The free bet is used (staked on another order) or expired. */
  FREE_BET_NOT_AVAILABLE: {
    code: 8541,
    key: 'error.freeBetNotAvailable',
    en: 'This free bet has already been used or has expired',
    zh: '该免费投注已使用或已过期',
    zht: '該免費投注已使用或已過期',
  },
  /** A free bet pays the whole stake: `data.stake` must equal its amount; the message gives it. */
  FREE_BET_STAKE_MISMATCH: {
    code: 8542,
    key: 'error.freeBetStakeMismatch',
    en: 'The stake of a free bet must be its amount',
    zh: '免费投注的投注金额必须等于其面额',
    zht: '免費投注的投注金額必須等於其面額',
  },
  /** The bet's total odds are below the free bet's least odds; the message names the field and the least odds. */
  FREE_BET_ODDS_TOO_LOW: {
    code: 8543,
    key: 'error.freeBetOddsTooLow',
    en: 'The odds of this bet are below what the free bet requires',
    zh: '投注赔率低于免费投注要求的最低赔率',
    zht: '投注賠率低於免費投注要求的最低賠率',
  },
  /** The bet is in another currency than the free bet's; the message names the field. */
  FREE_BET_CURRENCY_MISMATCH: {
    code: 8544,
    key: 'error.freeBetCurrencyMismatch',
    en: 'This free bet is for another currency',
    zh: '该免费投注不适用于此币种',
    zht: '該免費投注不適用於此幣種',
  },
  /** An order staked with a free bet cannot be cashed out. */
  FREE_BET_NO_CASH_OUT: {
    code: 8545,
    key: 'error.freeBetNoCashOut',
    en: 'A bet placed with a free bet cannot be cashed out',
    zh: '使用免费投注的注单不可提前结算',
    zht: '使用免費投注的注單不可提前結算',
  },
  /** A free bet offered where it cannot pay (a special bet of an activity). */
  FREE_BET_NOT_ALLOWED: {
    code: 8546,
    key: 'error.freeBetNotAllowed',
    en: 'A free bet cannot be used for this bet',
    zh: '此投注不可使用免费投注',
    zht: '此投注不可使用免費投注',
  },
  /** 8550–8599: games (docs/games.md). No game or provider by this id. */
  GAME_NOT_FOUND: {
    code: 8550,
    key: 'error.gameNotFound',
    en: 'This game does not exist',
    zh: '该游戏不存在',
    zht: '該遊戲不存在',
  },
  /** The game or its provider is switched off by the operators. */
  GAME_OFF: {
    code: 8551,
    key: 'error.gameOff',
    en: 'This game is not available right now',
    zh: '该游戏暂不可用',
    zht: '該遊戲暫不可用',
  },
  /** The member's switches do not allow the game's product (SPEC §6 casinoSw, lotterySw). */
  GAME_PRODUCT_NOT_ALLOWED: {
    code: 8552,
    key: 'error.gameProductNotAllowed',
    en: 'This game is not open to your account',
    zh: '您的账户未开通该游戏',
    zht: '您的賬戶未開通該遊戲',
  },
  /** A stake below the game's least or above its most; `data` names the bounds. */
  GAME_STAKE_OUT_OF_RANGE: {
    code: 8553,
    key: 'error.gameStakeOutOfRange',
    en: 'The stake is outside the limits of this game',
    zh: '投注金额超出该游戏的限额',
    zht: '投注金額超出該遊戲的限額',
  },
  /** The provider balance holds less than the stake: move money in first. */
  GAME_BALANCE_SHORT: {
    code: 8554,
    key: 'error.gameBalanceShort',
    en: 'Not enough in your game balance; transfer money in first',
    zh: '游戏余额不足，请先转入',
    zht: '遊戲餘額不足，請先轉入',
  },
  /** No round of the member's by this number. */
  GAME_ROUND_NOT_FOUND: {
    code: 8555,
    key: 'error.gameRoundNotFound',
    en: 'Round not found',
    zh: '未找到该局',
    zht: '未找到該局',
  },
  /** The round has ended: it takes no more moves. */
  GAME_ROUND_ENDED: {
    code: 8556,
    key: 'error.gameRoundEnded',
    en: 'This round has already ended',
    zh: '该局已结束',
    zht: '該局已結束',
  },
  /** A round of the game is open: finish it first (a mines round, or a seed rotation). */
  GAME_ROUND_OPEN: {
    code: 8557,
    key: 'error.gameRoundOpen',
    en: 'Finish your open round first',
    zh: '请先完成进行中的一局',
    zht: '請先完成進行中的一局',
  },
  /** A mines tile already turned, or a cash out before any safe tile. */
  GAME_MOVE_NOT_ALLOWED: {
    code: 8558,
    key: 'error.gameMoveNotAllowed',
    en: 'This move is not allowed now',
    zh: '当前不可进行此操作',
    zht: '當前不可進行此操作',
  },
  /** A bet whose most payout is above the game's most payout per round; `data` names it. */
  GAME_PAYOUT_ABOVE_MAX: {
    code: 8559,
    key: 'error.gamePayoutAboveMax',
    en: 'This bet could win more than the most a round pays',
    zh: '该投注可能赢得的金额超过单局上限',
    zht: '該投注可能贏得的金額超過單局上限',
  },
  /** The game's provider did not answer in time or refused: nothing was moved. */
  GAME_PROVIDER_UNAVAILABLE: {
    code: 8560,
    key: 'error.gameProviderUnavailable',
    en: 'The game provider is not answering; try again shortly',
    zh: '游戏供应商暂无响应，请稍后再试',
    zht: '遊戲供應商暫無響應，請稍後再試',
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
