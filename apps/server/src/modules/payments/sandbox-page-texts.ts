import type { Language } from '@sb/contract';
import { displayOffsetMs, languageFromBrowser } from '@sb/domain';

/** The words of the sandbox's hosted pay page, in the member site's three languages. */
const payPageTexts = {
  en: {
    htmlLang: 'en',
    sandboxNote: 'Payment sandbox: no real money moves here.',
    title: 'Sandbox payment',
    amount: 'Amount',
    description: 'For',
    merchantOrder: 'Merchant order',
    payment: 'Payment',
    status: 'Status',
    payBefore: 'Pay before (UTC−4)',
    statuses: { pending: 'Waiting for payment', completed: 'Paid', failed: 'Failed' },
    complete: 'Complete payment',
    fail: 'Fail payment',
    resend: 'Send the result again',
    expired: 'This payment has expired and can no longer be paid.',
    notAcknowledged: 'The merchant has not acknowledged the result yet.',
    acknowledged: 'The merchant has the result. You may close this page.',
    expiredNow: 'This payment has expired.',
    answered: (status: string) => `${status}: the merchant acknowledged it.`,
    refused: (status: string, code: number, msg: string) =>
      `${status}: the merchant answered ${code}: ${msg}`,
    notFoundTitle: 'Payment not found',
    notFound: 'Check the link you were given.',
  },
  zh: {
    htmlLang: 'zh-CN',
    sandboxNote: '支付沙盒：此处不会转移真实资金。',
    title: '沙盒支付',
    amount: '金额',
    description: '用途',
    merchantOrder: '商户订单号',
    payment: '支付单号',
    status: '状态',
    payBefore: '付款截止（UTC−4）',
    statuses: { pending: '等待付款', completed: '已付款', failed: '付款失败' },
    complete: '完成付款',
    fail: '拒绝付款',
    resend: '重新发送结果',
    expired: '该笔付款已过期，无法再支付。',
    notAcknowledged: '商户尚未确认收到结果。',
    acknowledged: '商户已收到结果，可以关闭此页面。',
    expiredNow: '该笔付款已过期。',
    answered: (status: string) => `${status}：商户已确认。`,
    refused: (status: string, code: number, msg: string) => `${status}：商户答复 ${code}：${msg}`,
    notFoundTitle: '找不到该笔付款',
    notFound: '请检查您收到的链接。',
  },
  zht: {
    htmlLang: 'zh-TW',
    sandboxNote: '支付沙盒：此處不會轉移真實資金。',
    title: '沙盒支付',
    amount: '金額',
    description: '用途',
    merchantOrder: '商戶訂單號',
    payment: '支付單號',
    status: '狀態',
    payBefore: '付款截止（UTC−4）',
    statuses: { pending: '等待付款', completed: '已付款', failed: '付款失敗' },
    complete: '完成付款',
    fail: '拒絕付款',
    resend: '重新發送結果',
    expired: '該筆付款已過期，無法再支付。',
    notAcknowledged: '商戶尚未確認收到結果。',
    acknowledged: '商戶已收到結果，可以關閉此頁面。',
    expiredNow: '該筆付款已過期。',
    answered: (status: string) => `${status}：商戶已確認。`,
    refused: (status: string, code: number, msg: string) => `${status}：商戶答覆 ${code}：${msg}`,
    notFoundTitle: '找不到該筆付款',
    notFound: '請檢查您收到的連結。',
  },
} satisfies Record<Language, unknown>;

export type PayPageTexts = (typeof payPageTexts)[Language];

export function payPageTextsOf(language: Language): PayPageTexts {
  return payPageTexts[language];
}

/**
 * The page's language: the `lang` field, as the member site sends its language with every call
 * (and puts on the pay page's address); else the browser's; else English, the provider's own.
 */
export function payPageLanguage(request: {
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}): Language {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  if (lang === 'zh' || lang === 'zht' || lang === 'en') return lang;
  const accepted = request.headers['accept-language'];
  const firstTag = (Array.isArray(accepted) ? accepted[0] : accepted)?.split(',')[0]?.trim();
  return languageFromBrowser(firstTag, 'en');
}

/** `YYYY-MM-DD HH:mm:ss` in the site's display zone (UTC−4, SPEC §9), as the site shows times. */
export function formatDisplayTime(at: Date): string {
  return new Date(at.getTime() + displayOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}
