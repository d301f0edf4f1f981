/**
 * Gathers placements that arrive together so that they share one database statement: a batch
 * goes when `maxOrders` wait, or `waitMs` after the first of them arrived, or when a running
 * batch ends (see `maxBatchesRunning`). Every placement still answers as it would have alone:
 *
 * - `placeTogether` answers each input's own outcome (its order, or its own refusal), so a
 *   refused placement does not touch the others;
 * - two placements with one twin key (the writer's: the member) are never in one batch: the later
 *   one waits for the batch and is then placed alone, judged on what the first left;
 * - when the batch itself fails (a fault, not a refusal), nothing of it is written and each of
 *   its placements is made alone.
 *
 * A batch of one is placed alone.
 */
export function createPlacementBatcher<Input, Output>(options: {
  maxOrders: number;
  waitMs: number;
  /**
   * Batches under way at once. Placements arriving while they run wait for the first to end and
   * then go together at once: the busier the server, the bigger the batches, with no wait added
   * when it is quiet.
   */
  maxBatchesRunning: number;
  placeTogether: (inputs: readonly Input[]) => Promise<(Output | Error)[]>;
  placeAlone: (input: Input) => Promise<Output>;
  /** Placements of one twin key never share a batch; null puts no such bound on a placement. */
  twinKeyOf: (input: Input) => string | null;
  onBatchFailed: (error: unknown, size: number) => void;
}) {
  interface Waiting {
    input: Input;
    resolve: (output: Output) => void;
    reject: (error: unknown) => void;
  }
  const queue: Waiting[] = [];
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  function settleEach(waiting: readonly Waiting[], outputs: readonly (Output | Error)[]): void {
    waiting.forEach((entry, index) => {
      const output = outputs[index];
      if (output === undefined) entry.reject(new Error('a batched placement got no answer'));
      else if (output instanceof Error) entry.reject(output);
      else entry.resolve(output);
    });
  }

  async function placeAlone(entry: Waiting): Promise<void> {
    try {
      entry.resolve(await options.placeAlone(entry.input));
    } catch (error) {
      entry.reject(error);
    }
  }

  async function run(batch: Waiting[], twins: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      await placeAlone(batch[0] as Waiting);
    } else {
      let outputs: (Output | Error)[] | undefined;
      try {
        outputs = await options.placeTogether(batch.map((entry) => entry.input));
      } catch (error) {
        options.onBatchFailed(error, batch.length);
      }
      if (outputs) settleEach(batch, outputs);
      else await Promise.all(batch.map(placeAlone));
    }
    for (const twin of twins) await placeAlone(twin);
  }

  /** Sends the oldest waiting placements as one batch, if a batch may start now. */
  function sendNext(): void {
    if (running.size >= options.maxBatchesRunning || queue.length === 0) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    send(queue.splice(0, options.maxOrders));
  }

  /** The first placement of a batch waits a little for others, when a batch may start. */
  function arm(): void {
    if (running.size >= options.maxBatchesRunning) return;
    // Without a wait, a placement goes at once when a batch may start.
    if (options.waitMs === 0) sendNext();
    else if (timer === undefined)
      timer = setTimeout(() => {
        timer = undefined;
        while (running.size < options.maxBatchesRunning && queue.length > 0) sendNext();
      }, options.waitMs);
  }

  function send(taken: Waiting[]): void {
    if (taken.length === 0) return;
    const seen = new Set<string>();
    const batch: Waiting[] = [];
    const twins: Waiting[] = [];
    for (const entry of taken) {
      const key = options.twinKeyOf(entry.input);
      if (key !== null && seen.has(key)) twins.push(entry);
      else {
        if (key !== null) seen.add(key);
        batch.push(entry);
      }
    }
    const done = run(batch, twins);
    running.add(done);
    void done.finally(() => {
      running.delete(done);
      // What arrived meanwhile has waited as long as a batch took: it goes at once.
      sendNext();
      if (queue.length > 0) arm();
    });
  }

  return {
    /** Places the input with the others arriving about now; answers its own outcome. */
    place(input: Input): Promise<Output> {
      return new Promise<Output>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (queue.length >= options.maxOrders) sendNext();
        else arm();
      });
    },

    /** Sends what waits at once and waits for every batch under way (the app is closing). */
    async settle(): Promise<void> {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      while (queue.length > 0 || running.size > 0) {
        while (queue.length > 0) send(queue.splice(0, options.maxOrders));
        await Promise.all([...running]);
      }
    },
  };
}

export type PlacementBatcher<Input, Output> = ReturnType<
  typeof createPlacementBatcher<Input, Output>
>;
