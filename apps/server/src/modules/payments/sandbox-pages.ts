import type { Language } from '@sb/contract';
import { formatMinorUnits } from '@sb/domain';
import type { ChainNetwork } from './chain-address';
import { chainNetworks } from './chain-address';
import type { SandboxPaymentRow, SandboxTransferRow } from './sandbox.repository';
import { formatDisplayTime, type PayPageTexts, payPageTextsOf } from './sandbox-page-texts';
import type { PayPageResult } from './sandbox-pay';

/**
 * The sandbox's pages: plain server-rendered HTML with forms, no script, so they work in the
 * deposit panel's frame or 1200x700 window and in any test client, from a 360 px phone up. The
 * pay page speaks the payer's language; the chain page is a developer's tool, in English. Every
 * value is escaped.
 */
function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(title: string, body: string, htmlLang = 'en', note = sandboxNote): string {
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#1f2933}
h1{font-size:22px}.sandbox{background:#fff4d6;border:1px solid #f0c36d;padding:8px 12px;border-radius:6px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 16px}dt{color:#616e7c}dd{margin:0;overflow-wrap:anywhere}
form{display:inline-block;margin:12px 12px 0 0}button{font-size:16px;padding:10px 22px;border-radius:6px;border:0;cursor:pointer;min-height:44px}
.complete{background:#2f9e44;color:#fff}.fail{background:#e03131;color:#fff}.neutral{background:#d9e2ec}
.message{padding:8px 12px;border-radius:6px;background:#e7f5ff;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-bottom:1px solid #d9e2ec;padding:4px 6px;text-align:left;word-break:break-all}
label{display:block;margin:8px 0 4px}input,select{font-size:15px;padding:6px;width:100%;box-sizing:border-box}
@media (max-width:420px){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:8px}form{display:block;margin:12px 0 0}button{width:100%}}
</style></head><body>
<p class="sandbox">${escapeHtml(note)}</p>
${body}
</body></html>`;
}

const sandboxNote = 'Payment sandbox: no real money moves here.';

function paymentDetails(payment: SandboxPaymentRow, words: PayPageTexts): string {
  const status = statusWord(payment, words);
  return `<dl>
<dt>${escapeHtml(words.amount)}</dt><dd><strong>${escapeHtml(formatMinorUnits(payment.amount, payment.scale))} ${escapeHtml(payment.currencyCode)}</strong></dd>
<dt>${escapeHtml(words.description)}</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>${escapeHtml(words.merchantOrder)}</dt><dd>${escapeHtml(payment.orderNo)}</dd>
<dt>${escapeHtml(words.payment)}</dt><dd>${escapeHtml(payment.id)}</dd>
<dt>${escapeHtml(words.status)}</dt><dd data-status="${escapeHtml(payment.status)}">${escapeHtml(status)}</dd>
<dt>${escapeHtml(words.payBefore)}</dt><dd data-expires-at="${payment.expiresAt.getTime()}">${escapeHtml(formatDisplayTime(payment.expiresAt))}</dd>
</dl>`;
}

function statusWord(payment: SandboxPaymentRow, words: PayPageTexts): string {
  const status = payment.status as keyof PayPageTexts['statuses'];
  return words.statuses[status] ?? payment.status;
}

function actionForm(
  payment: SandboxPaymentRow,
  action: 'complete' | 'fail',
  label: string,
  style: string,
  language: Language,
) {
  // The language goes with the press, so the page that answers it stays in the member's.
  const target = `/sandbox/pay/${payment.id}/${action}?lang=${language}`;
  return `<form method="post" action="${escapeHtml(target)}"><button class="${style}" type="submit">${escapeHtml(label)}</button></form>`;
}

/** The hosted pay page in the payer's language: the payment and, while it is open, Complete and Fail. */
export function renderPayPage(
  payment: SandboxPaymentRow,
  now: Date,
  language: Language,
  message?: string,
): string {
  const words = payPageTextsOf(language);
  const isOpen = payment.status === 'pending' && payment.expiresAt > now;
  let actions = '';
  if (isOpen) {
    actions =
      actionForm(payment, 'complete', words.complete, 'complete', language) +
      actionForm(payment, 'fail', words.fail, 'fail', language);
  } else if (payment.status === 'pending') {
    actions = `<p>${escapeHtml(words.expired)}</p>`;
  } else if (!payment.acknowledgedAt) {
    actions = `<p>${escapeHtml(words.notAcknowledged)}</p>${actionForm(
      payment,
      payment.status === 'completed' ? 'complete' : 'fail',
      words.resend,
      'neutral',
      language,
    )}`;
  } else {
    actions = `<p>${escapeHtml(words.acknowledged)}</p>`;
  }
  const note = message ? `<p class="message">${escapeHtml(message)}</p>` : '';
  return page(
    words.title,
    `<h1>${escapeHtml(words.title)}</h1>${note}${paymentDetails(payment, words)}${actions}`,
    words.htmlLang,
    words.sandboxNote,
  );
}

export function renderPayResult(result: PayPageResult, now: Date, language: Language): string {
  if (result.kind === 'missing') return renderNotFound(language);
  const words = payPageTextsOf(language);
  if (result.kind === 'expired') {
    return renderPayPage(result.payment, now, language, words.expiredNow);
  }
  const status = statusWord(result.payment, words);
  const message =
    result.answer.code === 0
      ? words.answered(status)
      : words.refused(status, result.answer.code, result.answer.msg);
  return renderPayPage(result.payment, now, language, message);
}

export function renderNotFound(language: Language): string {
  const words = payPageTextsOf(language);
  return page(
    words.notFoundTitle,
    `<h1>${escapeHtml(words.notFoundTitle)}</h1><p>${escapeHtml(words.notFound)}</p>`,
    words.htmlLang,
    words.sandboxNote,
  );
}

export interface ChainPageModel {
  heights: Record<ChainNetwork, number>;
  transfers: SandboxTransferRow[];
  message?: string;
  prefill: { network?: string; toAddress?: string };
}

function transferRow(transfer: SandboxTransferRow, heights: Record<ChainNetwork, number>) {
  const height = heights[transfer.network as ChainNetwork] ?? 0;
  const confirmations = transfer.blockHeight === null ? 0 : height - transfer.blockHeight + 1;
  return `<tr><td>${escapeHtml(transfer.network)}</td><td>${escapeHtml(transfer.toAddress)}</td><td>${escapeHtml(
    formatMinorUnits(transfer.amount, transfer.scale),
  )} ${escapeHtml(transfer.currencyCode)}</td><td>${confirmations}</td><td>${escapeHtml(
    transfer.settledAt ? 'settled' : (transfer.lastAnswer ?? 'waiting for a block'),
  )}</td><td>${escapeHtml(transfer.txHash)}</td></tr>`;
}

/** The simulated chain: send USDT to an address, watch blocks and confirmations. */
export function renderChainPage(model: ChainPageModel): string {
  const options = chainNetworks
    .map(
      (network) =>
        `<option value="${network}"${model.prefill.network === network ? ' selected' : ''}>USDT on ${network} (block ${model.heights[network]})</option>`,
    )
    .join('');
  const note = model.message ? `<p class="message">${escapeHtml(model.message)}</p>` : '';
  const rows = model.transfers.map((transfer) => transferRow(transfer, model.heights)).join('');
  return page(
    'Sandbox chain',
    `<h1>Sandbox chain</h1>${note}
<form method="post" action="/sandbox/chain" style="display:block">
<label for="network">Network</label><select id="network" name="network">${options}</select>
<label for="toAddress">To address</label><input id="toAddress" name="toAddress" value="${escapeHtml(model.prefill.toAddress ?? '')}" maxlength="90" required>
<label for="amount">Amount (USDT)</label><input id="amount" name="amount" inputmode="decimal" placeholder="25.5" required>
<p><button class="complete" type="submit">Send transfer</button></p></form>
<h2>Recent transfers</h2>
<table><thead><tr><th>Network</th><th>To</th><th>Amount</th><th>Confirmations</th><th>Merchant</th><th>Transaction</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
