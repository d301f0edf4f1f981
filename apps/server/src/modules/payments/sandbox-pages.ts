import { formatMinorUnits } from '@sb/domain';
import type { ChainNetwork } from './chain-address';
import { chainNetworks } from './chain-address';
import type { SandboxPaymentRow, SandboxTransferRow } from './sandbox.repository';
import type { PayPageResult } from './sandbox-pay';

/**
 * The sandbox's pages: plain server-rendered HTML with forms, no script, so they work in the
 * deposit panel's frame or 1200x700 window and in any test client. Every value is escaped.
 */
function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:720px;margin:32px auto;padding:0 16px;color:#1f2933}
h1{font-size:22px}.sandbox{background:#fff4d6;border:1px solid #f0c36d;padding:8px 12px;border-radius:6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{color:#616e7c}dd{margin:0}
form{display:inline-block;margin:12px 12px 0 0}button{font-size:16px;padding:10px 22px;border-radius:6px;border:0;cursor:pointer}
.complete{background:#2f9e44;color:#fff}.fail{background:#e03131;color:#fff}.neutral{background:#d9e2ec}
.message{padding:8px 12px;border-radius:6px;background:#e7f5ff}table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-bottom:1px solid #d9e2ec;padding:4px 6px;text-align:left;word-break:break-all}
label{display:block;margin:8px 0 4px}input,select{font-size:15px;padding:6px;width:100%;box-sizing:border-box}
</style></head><body>
<p class="sandbox">Payment sandbox: no real money moves here.</p>
${body}
</body></html>`;
}

function paymentDetails(payment: SandboxPaymentRow): string {
  return `<dl>
<dt>Amount</dt><dd><strong>${escapeHtml(formatMinorUnits(payment.amount, payment.scale))} ${escapeHtml(payment.currencyCode)}</strong></dd>
<dt>For</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Merchant order</dt><dd>${escapeHtml(payment.orderNo)}</dd>
<dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd>
<dt>Status</dt><dd data-status="${escapeHtml(payment.status)}">${escapeHtml(payment.status)}</dd>
<dt>Pay before</dt><dd>${escapeHtml(payment.expiresAt.toISOString())}</dd>
</dl>`;
}

function actionForm(
  payment: SandboxPaymentRow,
  action: 'complete' | 'fail',
  label: string,
  style: string,
) {
  return `<form method="post" action="/sandbox/pay/${escapeHtml(payment.id)}/${action}"><button class="${style}" type="submit">${escapeHtml(label)}</button></form>`;
}

/** The hosted pay page: the payment and, while it is open, Complete and Fail. */
export function renderPayPage(payment: SandboxPaymentRow, now: Date, message?: string): string {
  const isOpen = payment.status === 'pending' && payment.expiresAt > now;
  let actions = '';
  if (isOpen) {
    actions =
      actionForm(payment, 'complete', 'Complete payment', 'complete') +
      actionForm(payment, 'fail', 'Fail payment', 'fail');
  } else if (payment.status === 'pending') {
    actions = '<p>This payment has expired and can no longer be paid.</p>';
  } else if (!payment.acknowledgedAt) {
    actions = `<p>The merchant has not acknowledged the result yet.</p>${actionForm(
      payment,
      payment.status === 'completed' ? 'complete' : 'fail',
      'Send the result again',
      'neutral',
    )}`;
  } else {
    actions = '<p>The merchant has the result. You may close this window.</p>';
  }
  const note = message ? `<p class="message">${escapeHtml(message)}</p>` : '';
  return page(
    'Sandbox payment',
    `<h1>Sandbox payment</h1>${note}${paymentDetails(payment)}${actions}`,
  );
}

export function renderPayResult(result: PayPageResult, now: Date): string {
  if (result.kind === 'missing') return renderNotFound();
  if (result.kind === 'expired') {
    return renderPayPage(result.payment, now, 'This payment has expired.');
  }
  const message =
    result.answer.code === 0
      ? `Payment ${result.payment.status}; the merchant acknowledged it.`
      : `Payment ${result.payment.status}; the merchant answered ${result.answer.code}: ${result.answer.msg}`;
  return renderPayPage(result.payment, now, message);
}

export function renderNotFound(): string {
  return page('Not found', '<h1>Payment not found</h1><p>Check the link you were given.</p>');
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
