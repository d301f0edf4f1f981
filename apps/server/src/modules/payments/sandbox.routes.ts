import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type ChainNetwork, chainNetworks } from './chain-address';
import type { SandboxChain } from './sandbox-chain';
import { sandboxChainCurrency } from './sandbox-chain';
import { payPageLanguage } from './sandbox-page-texts';
import { renderChainPage, renderNotFound, renderPayPage, renderPayResult } from './sandbox-pages';
import type { SandboxPay } from './sandbox-pay';
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

function sendHtml(reply: FastifyReply, html: string, statusCode = 200) {
  return reply
    .status(statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sandbox's own pages and tools: the hosted pay page (Complete, Fail), the chain page, and
 * JSON routes to send a transfer and make blocks for tests and scripts. They are public, as a
 * provider's pay page is; docs/payments.md says why a real-money deployment replaces them.
 */
export function registerSandboxRoutes(
  app: FastifyInstance,
  deps: { pay: SandboxPay; chain: SandboxChain; now: () => Date },
): void {
  const { pay, chain, now } = deps;

  app.get<{ Params: { paymentId: string } }>(
    `${sandboxPayPagePath}/:paymentId`,
    async (request, reply) => {
      const language = payPageLanguage(request);
      const payment = paymentIdPattern.test(request.params.paymentId)
        ? await pay.findPayment(request.params.paymentId)
        : undefined;
      if (!payment) return sendHtml(reply, renderNotFound(language), 404);
      return sendHtml(reply, renderPayPage(payment, now(), language));
    },
  );

  for (const [action, outcome] of [
    ['complete', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    app.post<{ Params: { paymentId: string } }>(
      `${sandboxPayPagePath}/:paymentId/${action}`,
      async (request, reply) => {
        const language = payPageLanguage(request);
        if (!paymentIdPattern.test(request.params.paymentId)) {
          return sendHtml(reply, renderNotFound(language), 404);
        }
        const result = await pay.finish(request.params.paymentId, outcome);
        return sendHtml(
          reply,
          renderPayResult(result, now(), language),
          result.kind === 'missing' ? 404 : 200,
        );
      },
    );
  }

  async function chainPage(
    message: string | undefined,
    prefill: { network?: string; toAddress?: string },
  ) {
    const heights = {} as Record<ChainNetwork, number>;
    for (const network of chainNetworks) heights[network] = await chain.chainHeight(network);
    return renderChainPage({
      heights,
      transfers: await chain.recentTransfers(30),
      message,
      prefill,
    });
  }

  app.get<{ Querystring: { network?: string; to?: string } }>(
    '/sandbox/chain',
    async (request, reply) =>
      sendHtml(
        reply,
        await chainPage(undefined, { network: request.query.network, toAddress: request.query.to }),
      ),
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
