import { createHash } from 'node:crypto';
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

/** The pages' one stylesheet, inline; the policy allows exactly it by its hash. */
const pageStyle = `body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#1f2933}
h1{font-size:22px}.sandbox{background:#fff4d6;border:1px solid #f0c36d;padding:8px 12px;border-radius:6px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 16px}dt{color:#616e7c}dd{margin:0;overflow-wrap:anywhere}
form{display:inline-block;margin:12px 12px 0 0}form.block{display:block}button{font-size:16px;padding:10px 22px;border-radius:6px;border:0;cursor:pointer;min-height:44px}
.complete{background:#2f9e44;color:#fff}.fail{background:#e03131;color:#fff}.neutral{background:#d9e2ec}
.message{padding:8px 12px;border-radius:6px;background:#e7f5ff;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-bottom:1px solid #d9e2ec;padding:4px 6px;text-align:left;word-break:break-all}
label{display:block;margin:8px 0 4px}input,select{font-size:15px;padding:6px;width:100%;box-sizing:border-box}
@media (max-width:420px){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:8px}form{display:block;margin:12px 0 0}button{width:100%}}
`;
const pageStyleSource = `'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'`;

/**
 * The content security policy of the sandbox's pages: they load nothing and run nothing, their
 * one inline stylesheet is allowed by its hash, and their forms post only here. They may be
 * framed where the member app may be (the deposit panel shows the pay page in a frame, and
 * every ancestor of that frame is checked, a partner site's included).
 */
export function sandboxPagePolicy(frameAncestors: string): string {
  return [
    "default-src 'none'",
    `style-src ${pageStyleSource}`,
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

function page(title: string, body: string, htmlLang = 'en', note = sandboxNote): string {
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${pageStyle}</style></head><body>
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

/** What a pay page needs besides its payment: the payer's language and the page's key. */
export interface PayPageView {
  language: Language;
  /** The key the page was opened with, which its buttons carry (sandbox-pay-key.ts). */
  key: string;
}

function actionForm(
  payment: SandboxPaymentRow,
  action: 'complete' | 'fail',
  label: string,
  style: string,
  view: PayPageView,
) {
  // The key and the language go with the press: the key opens the action as it opened the page,
  // and the page that answers stays in the member's language.
  const query = new URLSearchParams({ key: view.key, lang: view.language });
  const target = `/sandbox/pay/${payment.id}/${action}?${query}`;
  return `<form method="post" action="${escapeHtml(target)}"><button class="${style}" type="submit">${escapeHtml(label)}</button></form>`;
}

/** The hosted pay page in the payer's language: the payment and, while it is open, Complete and Fail. */
export function renderPayPage(
  payment: SandboxPaymentRow,
  now: Date,
  view: PayPageView,
  message?: string,
): string {
  const words = payPageTextsOf(view.language);
  const isOpen = payment.status === 'pending' && payment.expiresAt > now;
  let actions = '';
  if (isOpen) {
    actions =
      actionForm(payment, 'complete', words.complete, 'complete', view) +
      actionForm(payment, 'fail', words.fail, 'fail', view);
  } else if (payment.status === 'pending') {
    actions = `<p>${escapeHtml(words.expired)}</p>`;
  } else if (!payment.acknowledgedAt) {
    actions = `<p>${escapeHtml(words.notAcknowledged)}</p>${actionForm(
      payment,
      payment.status === 'completed' ? 'complete' : 'fail',
      words.resend,
      'neutral',
      view,
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

export function renderPayResult(result: PayPageResult, now: Date, view: PayPageView): string {
  if (result.kind === 'missing') return renderNotFound(view.language);
  const words = payPageTextsOf(view.language);
  if (result.kind === 'expired') {
    return renderPayPage(result.payment, now, view, words.expiredNow);
  }
  const status = statusWord(result.payment, words);
  const message =
    result.answer.code === 0
      ? words.answered(status)
      : words.refused(status, result.answer.code, result.answer.msg);
  return renderPayPage(result.payment, now, view, message);
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
  /**
   * The address whose transfers the page lists, as the visitor named it, or null: the chain
   * page lists no one else's deposits.
   */
  shown: { network: ChainNetwork; address: string; transfers: SandboxTransferRow[] } | null;
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

function networkOptions(model: ChainPageModel, chosen: string | undefined): string {
  return chainNetworks
    .map(
      (network) =>
        `<option value="${network}"${chosen === network ? ' selected' : ''}>USDT on ${network} (block ${model.heights[network]})</option>`,
    )
    .join('');
}

/**
 * The simulated chain: send USDT to an address, and watch blocks and confirmations of the
 * transfers to one address the visitor names, never a list of everyone's.
 */
export function renderChainPage(model: ChainPageModel): string {
  const note = model.message ? `<p class="message">${escapeHtml(model.message)}</p>` : '';
  const shown = model.shown;
  const transfers = shown
    ? `<h2>Transfers to ${escapeHtml(shown.address)} on ${escapeHtml(shown.network)}</h2>
<table><thead><tr><th>Network</th><th>To</th><th>Amount</th><th>Confirmations</th><th>Merchant</th><th>Transaction</th></tr></thead><tbody>${shown.transfers
        .map((transfer) => transferRow(transfer, model.heights))
        .join('')}</tbody></table>`
    : '<p>Name an address to see the transfers to it.</p>';
  return page(
    'Sandbox chain',
    `<h1>Sandbox chain</h1>${note}
<form method="post" action="/sandbox/chain" class="block">
<label for="network">Network</label><select id="network" name="network">${networkOptions(model, model.prefill.network)}</select>
<label for="toAddress">To address</label><input id="toAddress" name="toAddress" value="${escapeHtml(model.prefill.toAddress ?? '')}" maxlength="90" required>
<label for="amount">Amount (USDT)</label><input id="amount" name="amount" inputmode="decimal" placeholder="25.5" required>
<p><button class="complete" type="submit">Send transfer</button></p></form>
<form method="get" action="/sandbox/chain" class="block">
<label for="showNetwork">Network</label><select id="showNetwork" name="network">${networkOptions(model, shown?.network ?? model.prefill.network)}</select>
<label for="showAddress">Address</label><input id="showAddress" name="to" value="${escapeHtml(shown?.address ?? model.prefill.toAddress ?? '')}" maxlength="90" required>
<p><button class="neutral" type="submit">Show its transfers</button></p></form>
${transfers}`,
  );
}
