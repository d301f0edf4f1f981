import { describe, expect, it } from 'vitest';
import { createClaimBatcher } from '../../src/modules/promotions/promotions.service';

interface Claim {
  campaign: number;
  member: number;
}

/** A batcher over fake claims that records what went together and what went alone. */
function recordingBatcher(
  options: {
    together?: (claims: readonly Claim[]) => Promise<(string | Error | undefined)[]>;
    maxClaims?: number;
  } = {},
) {
  const batches: Claim[][] = [];
  const alone: Claim[] = [];
  const ends: number[] = [];
  const failures: number[] = [];
  const batcher = createClaimBatcher<Claim, string>({
    maxClaims: options.maxClaims ?? 100,
    maxBatchesRunning: 1,
    groupOf: (claim) => claim.campaign,
    twinKeyOf: (claim) => claim.member,
    claimTogether: async (_group, claims) => {
      batches.push([...claims]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return options.together
        ? options.together(claims)
        : claims.map((claim) => `together:${claim.member}`);
    },
    claimAlone: async (claim) => {
      alone.push(claim);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (claim.member < 0) throw new Error(`refused ${claim.member}`);
      return `alone:${claim.member}`;
    },
    afterEach: async (group) => {
      ends.push(group);
    },
    onBatchFailed: (_error, size) => failures.push(size),
  });
  return { batcher, batches, alone, ends, failures };
}

describe('the claim batcher', () => {
  it('makes the first claim alone and those arriving meanwhile together, per campaign', async () => {
    const { batcher, batches, alone } = recordingBatcher();
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map((member) => batcher.claim({ campaign: 1, member })),
      ...[1, 2, 3].map((member) => batcher.claim({ campaign: 2, member })),
    ]);
    expect(answers).toEqual([
      'alone:1',
      'together:2',
      'together:3',
      'together:4',
      'alone:1',
      'together:2',
      'together:3',
    ]);
    expect(alone.map((claim) => claim.campaign)).toEqual([1, 2]);
    expect(batches.map((batch) => batch.map((claim) => claim.campaign))).toEqual([
      [1, 1, 1],
      [2, 2],
    ]);
  });

  it('never puts one member twice in a batch, nor in the batch under way', async () => {
    const { batcher, batches, alone } = recordingBatcher();
    const answers = await Promise.all(
      [1, 1, 2, 1, 3, 2].map((member) => batcher.claim({ campaign: 1, member })),
    );
    // The first 1 went alone; then 1, 2 and 3 together, and the second 1 and 2 alone after.
    expect(batches.map((batch) => batch.map((claim) => claim.member))).toEqual([[1, 2, 3]]);
    expect(answers).toEqual([
      'alone:1',
      'together:1',
      'together:2',
      'alone:1',
      'together:3',
      'alone:2',
    ]);
    expect(alone.map((claim) => claim.member)).toEqual([1, 1, 2]);
  });

  it('makes each claim of a failed batch alone, with its own answer or refusal', async () => {
    const { batcher, alone, failures } = recordingBatcher({
      together: async () => {
        throw new Error('a unique clash');
      },
    });
    const answers = await Promise.allSettled(
      [5, 6, -7, 8].map((member) => batcher.claim({ campaign: 1, member })),
    );
    expect(failures).toEqual([3]);
    expect(alone.map((claim) => claim.member).sort()).toEqual([-7, 5, 6, 8]);
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : 'refused')),
    ).toEqual(['alone:5', 'alone:6', 'refused', 'alone:8']);
  });

  it('answers the refusals of a batch, and claims again in the next batch what it left', async () => {
    let round = 0;
    const { batcher, batches } = recordingBatcher({
      together: async (claims) => {
        round += 1;
        if (round === 1)
          return claims.map((claim) =>
            claim.member === 2 ? new Error('gone') : claim.member === 3 ? undefined : 'won',
          );
        return claims.map(() => 'won later');
      },
    });
    const answers = await Promise.allSettled(
      [1, 2, 3, 4].map((member) => batcher.claim({ campaign: 1, member })),
    );
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : 'refused')),
    ).toEqual(['alone:1', 'refused', 'alone:3', 'won']);
    // Left by the batch, 3 went again, alone as the only one waiting.
    expect(batches).toHaveLength(1);
  });

  it('takes at most maxClaims in a batch, and runs afterEach once per batch or claim alone', async () => {
    const { batcher, batches, alone, ends } = recordingBatcher({ maxClaims: 3 });
    await Promise.all(
      Array.from({ length: 8 }, (_, index) => batcher.claim({ campaign: 9, member: index })),
    );
    expect(batches.map((batch) => batch.length)).toEqual([3, 3]);
    expect(alone).toHaveLength(2);
    expect(ends).toHaveLength(4);
  });
});
