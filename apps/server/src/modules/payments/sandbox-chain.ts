import { AppError } from '../../http/app-error';
import { startPeriodicJob } from '../../platform/periodic-job';
import type { CallbackDelivery } from './callback-delivery';
import {
  type ChainNetwork,
  chainNetworks,
  isValidAddress,
  normalizeAddress,
  randomAddress,
  randomTransactionHash,
} from './chain-address';
import type { SandboxRepository, SandboxTransferRow } from './sandbox.repository';
import { chainCallbackBody } from './sandbox-callbacks';

/** The sandbox chain carries USDT only (SPEC §2: type 5 accepts only USDT). */
export const sandboxChainCurrency = { currencyCode: 'USDT', scale: 6 } as const;

/** Reports sent per block and network; the rest wait for the next block. */
const maxReportsPerBlock = 200;
/** A transfer the merchant never settles is reported for this many blocks, then left alone. */
const maxReportedConfirmations = 1_000;

export interface TransferRequest {
  network: ChainNetwork;
  toAddress: string;
  amountMinor: number;
}

/**
 * A simulated chain per network. Transfers wait for the next block; after every block the
 * sandbox reports each transfer in a block to the merchant with its confirmations, as a real
 * provider's webhooks do, until the merchant answers that it is done with it. Blocks come every
 * `blockIntervalMs` (0: only when asked, as tests do) and at most once per interval however many
 * processes run the timer, since the block is made in the database.
 */
export function createSandboxChain(deps: {
  repository: SandboxRepository;
  deliver: CallbackDelivery;
  now: () => Date;
  blockIntervalMs: number;
  onError: (error: unknown) => void;
}) {
  async function reportTransfer(transfer: SandboxTransferRow, height: number): Promise<void> {
    const answer = await deps.deliver(chainCallbackBody(transfer, height));
    const confirmations = height - (transfer.blockHeight ?? height) + 1;
    const data = answer.data as { isFinal?: unknown } | null;
    const isSettled =
      (answer.code === 0 && data?.isFinal === true) || confirmations >= maxReportedConfirmations;
    await deps.repository.recordTransferAnswer(
      transfer.id,
      `${answer.code} ${answer.msg}`.slice(0, 200),
      isSettled ? deps.now() : null,
    );
  }

  async function reportTransfers(network: ChainNetwork): Promise<void> {
    const height = await deps.repository.chainHeight(network);
    // One at a time: the merchant locks each order anyway, and a block rarely holds many.
    for (const transfer of await deps.repository.unsettledTransfers(network, maxReportsPerBlock)) {
      await reportTransfer(transfer, height);
    }
  }

  async function tick(): Promise<void> {
    for (const network of chainNetworks) {
      const height = await deps.repository.mineBlock(network, deps.now(), deps.blockIntervalMs);
      if (height !== null) await reportTransfers(network);
    }
  }

  return {
    async sendTransfer(request: TransferRequest): Promise<SandboxTransferRow> {
      if (!isValidAddress(request.network, request.toAddress)) {
        throw new AppError('INVALID_INPUT', `toAddress: not a valid ${request.network} address`);
      }
      return deps.repository.insertTransfer({
        network: request.network,
        txHash: randomTransactionHash(request.network),
        fromAddress: randomAddress(request.network),
        toAddress: normalizeAddress(request.network, request.toAddress),
        currencyCode: sandboxChainCurrency.currencyCode,
        amount: request.amountMinor,
        scale: sandboxChainCurrency.scale,
        createdAt: deps.now(),
      });
    },

    /** Makes `blocks` blocks on the network now, reporting after each; answers the new height. */
    async mineBlocks(network: ChainNetwork, blocks: number): Promise<number> {
      let height = await deps.repository.chainHeight(network);
      for (let made = 0; made < blocks; made += 1) {
        height = (await deps.repository.mineBlock(network, deps.now(), 0)) ?? height;
        await reportTransfers(network);
      }
      return height;
    },

    chainHeight: (network: ChainNetwork) => deps.repository.chainHeight(network),
    /** The newest transfers to an address, or none when it is not one of the network's. */
    async transfersTo(network: ChainNetwork, address: string, limit: number) {
      if (!isValidAddress(network, address)) return [];
      return deps.repository.transfersTo(network, normalizeAddress(network, address), limit);
    },

    /** Starts the block timer (unless the interval is 0); the answer stops it and waits for a running block. */
    start(): () => Promise<void> {
      if (deps.blockIntervalMs === 0) return async () => {};
      const blocks = startPeriodicJob({
        run: tick,
        everyMs: deps.blockIntervalMs,
        onError: deps.onError,
      });
      return () => blocks.stop();
    },
  };
}

export type SandboxChain = ReturnType<typeof createSandboxChain>;
