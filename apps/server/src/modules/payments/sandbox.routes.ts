import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { memberFrameAncestors } from '../../http/security-headers';
import { type ChainNetwork, chainNetworks, isChainNetwork, isValidAddress } from './chain-address';
import type { SandboxChain } from './sandbox-chain';
import { sandboxChainCurrency } from './sandbox-chain';
import { payPageLanguage } from './sandbox-page-texts';
import {
  renderChainPage,
  renderNotFound,
  renderPayPage,
  renderPayResult,
  sandboxPagePolicy,
} from './sandbox-pages';
import type { SandboxPay } from './sandbox-pay';
import { isPayPageKey } from './sandbox-pay-key';
import { sandboxPayPagePath } from './sandbox-provider';

const paymentIdPattern = /^sp_[0-9a-f]{32}$/;

const transferInput = z.strictObject({
  network: z.enum(chainNetworks),
  toAddress: z.string().trim().min(1).max(90),
  /** Minor units of USDT (scale 6). */
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const mineInput = z.strictObject({
  network: z.enum(chainNetworks),
  blocks: z.number().int().min(1).max(100).default(1),
});

const chainFormInput = z.object({
  network: z.enum(chainNetworks),
  toAddress: z.string().trim().min(1).max(90),
  amount: z.string().trim().max(32),
});

function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new AppError(
    'INVALID_INPUT',
    issue?.code === 'unrecognized_keys'
      ? `unknown field ${issue.keys.join(', ')}`
      : `${field}: ${issue?.message}`,
  );
}

/** Major-unit decimal text (`25.5`) as minor units, or null when it is not a positive amount. */
export function parseMajorAmount(text: string, scale: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(scale, '0')}`);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** Transfers the chain page lists for the address it is asked about. */
const shownTransfers = 30;

/** The headers of the sandbox's pages: the site's own are added to every answer (security-headers.ts). */
function pageHeaders(embedOrigins: readonly string[]): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': sandboxPagePolicy(memberFrameAncestors(embedOrigins)),
    // For browsers that predate frame-ancestors, as the member app does.
    ...(embedOrigins.length === 0 ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
  };
}

/**
 * The sandbox's own pages and tools: the hosted pay page (Complete, Fail), the chain page, and
 * JSON routes to send a transfer and make blocks for tests and scripts. A pay page and its
 * buttons open only with the key its pay URL carries; without it, or with a wrong one, the
 * answer is the page of a payment that does not exist. The chain page lists only the transfers
 * to an address the visitor names. Transfer and mine are the simulated payer and take anyone:
 * they exist only while the sandbox is on (docs/payments.md).
 */
export function registerSandboxRoutes(
  app: FastifyInstance,
  deps: {
    pay: SandboxPay;
    chain: SandboxChain;
    now: () => Date;
    /** The sandbox secret, which checks pay page keys. */
    secret: string;
    /** Partner sites that may frame the member app, and so the pay page inside it. */
    embedOrigins: readonly string[];
  },
): void {
  const { pay, chain, now, secret } = deps;
  const headers = pageHeaders(deps.embedOrigins);
  const sendHtml = (reply: FastifyReply, html: string, statusCode = 200) =>
    reply.status(statusCode).headers(headers).type('text/html; charset=utf-8').send(html);

  /** The payment and the key that opens it, or null when the request's key does not. */
  const opened = (paymentId: string, key: unknown): { paymentId: string; key: string } | null =>
    paymentIdPattern.test(paymentId) &&
    typeof key === 'string' &&
    isPayPageKey(secret, paymentId, key)
      ? { paymentId, key }
      : null;

  app.get<{ Params: { paymentId: string }; Querystring: { key?: unknown } }>(
    `${sandboxPayPagePath}/:paymentId`,
    async (request, reply) => {
      const language = payPageLanguage(request);
      const page = opened(request.params.paymentId, request.query.key);
      const payment = page ? await pay.findPayment(page.paymentId) : undefined;
      if (!page || !payment) return sendHtml(reply, renderNotFound(language), 404);
      return sendHtml(reply, renderPayPage(payment, now(), { language, key: page.key }));
    },
  );

  for (const [action, outcome] of [
    ['complete', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    app.post<{ Params: { paymentId: string }; Querystring: { key?: unknown } }>(
      `${sandboxPayPagePath}/:paymentId/${action}`,
      async (request, reply) => {
        const language = payPageLanguage(request);
        const page = opened(request.params.paymentId, request.query.key);
        if (!page) return sendHtml(reply, renderNotFound(language), 404);
        const result = await pay.finish(page.paymentId, outcome);
        return sendHtml(
          reply,
          renderPayResult(result, now(), { language, key: page.key }),
          result.kind === 'missing' ? 404 : 200,
        );
      },
    );
  }

  /** The network an address is named on: the one given, else the one whose format it has. */
  function networkOf(address: string, named: string | undefined): ChainNetwork | null {
    if (named !== undefined) return isChainNetwork(named) ? named : null;
    return chainNetworks.find((network) => isValidAddress(network, address)) ?? null;
  }

  async function chainPage(
    message: string | undefined,
    prefill: { network?: string; toAddress?: string },
  ) {
    const heights = {} as Record<ChainNetwork, number>;
    for (const network of chainNetworks) heights[network] = await chain.chainHeight(network);
    const address = prefill.toAddress?.trim() ?? '';
    const network = address === '' ? null : networkOf(address, prefill.network);
    const shown =
      network && isValidAddress(network, address)
        ? { network, address, transfers: await chain.transfersTo(network, address, shownTransfers) }
        : null;
    const refusal =
      address !== '' && !shown
        ? `${address} is not ${network ? `a ${network}` : 'a TRC20 or ERC20'} address.`
        : undefined;
    return renderChainPage({ heights, shown, message: message ?? refusal, prefill });
  }

  app.get<{ Querystring: { network?: string; to?: string } }>(
    '/sandbox/chain',
    async (request, reply) => {
      const { network, to } = request.query;
      const prefill = {
        network: typeof network === 'string' ? network : undefined,
        toAddress: typeof to === 'string' ? to : undefined,
      };
      return sendHtml(reply, await chainPage(undefined, prefill));
    },
  );

  app.post('/sandbox/chain', async (request, reply) => {
    const parsed = chainFormInput.safeParse(request.body ?? {});
    if (!parsed.success)
      return sendHtml(reply, await chainPage('Choose a network and fill in every field.', {}));
    const form = parsed.data;
    const amountMinor = parseMajorAmount(form.amount, sandboxChainCurrency.scale);
    const prefill = { network: form.network, toAddress: form.toAddress };
    if (amountMinor === null) {
      return sendHtml(
        reply,
        await chainPage(
          'The amount must be a positive number of USDT with at most 6 decimals.',
          prefill,
        ),
      );
    }
    try {
      const transfer = await chain.sendTransfer({
        network: form.network,
        toAddress: form.toAddress,
        amountMinor,
      });
      return sendHtml(
        reply,
        await chainPage(`Sent: transaction ${transfer.txHash} waits for the next block.`, prefill),
      );
    } catch (error) {
      if (error instanceof AppError)
        return sendHtml(reply, await chainPage(error.message, prefill));
      throw error;
    }
  });

  app.post('/sandbox/chain/transfer', async (request) => {
    const input = parseInput(transferInput, request.body);
    const transfer = await chain.sendTransfer({
      network: input.network,
      toAddress: input.toAddress,
      amountMinor: input.amount,
    });
    return {
      code: 0,
      msg: 'success',
      data: {
        txHash: transfer.txHash,
        network: transfer.network,
        fromAddress: transfer.fromAddress,
        toAddress: transfer.toAddress,
        currencyCode: transfer.currencyCode,
        amount: transfer.amount,
        scale: transfer.scale,
      },
    };
  });

  app.post('/sandbox/chain/mine', async (request) => {
    const input = parseInput(mineInput, request.body);
    const height = await chain.mineBlocks(input.network, input.blocks);
    return { code: 0, msg: 'success', data: { network: input.network, height } };
  });
}
