import type { FeedMessage, FeedSnapshot, SportInfo } from '@sb/feed-sim';

/**
 * A source of odds, scores and results speaking Sportradar UOF's vocabulary. The built-in
 * simulator is one; a real feed's adapter would be another.
 */
export interface FeedProvider {
  readonly name: string;
  /** Every current event with its status and markets, to build the read model from. */
  snapshot(): FeedSnapshot;
  sports(): SportInfo[];
  /** Starts delivering messages, oldest first, in batches. */
  start(onMessages: (messages: FeedMessage[]) => void): void;
  stop(): void;
}
