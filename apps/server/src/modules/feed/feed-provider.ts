import type { FeedMessage, FeedSnapshot, SportInfo } from '@sb/feed-sim';

/**
 * A source of odds, scores and results speaking Sportradar UOF's vocabulary. The built-in
 * simulator is one; a real feed's adapter would be another; the Redis feed bus, which relays one
 * leader's feed to every server process, is a third.
 */
export interface FeedProvider {
  readonly name: string;
  /** Every current event with its status and markets, to build the read model from. */
  snapshot(): FeedSnapshot;
  sports(): SportInfo[];
  /**
   * Starts delivering messages, oldest first, in batches. A provider that has to rebuild its
   * picture later (a relay catching up after a gap, a new leader with a new world) hands the new
   * picture to `onSnapshot`; every message after it follows it.
   */
  start(
    onMessages: (messages: FeedMessage[]) => void,
    onSnapshot?: (snapshot: FeedSnapshot) => void,
  ): void;
  /** Stops delivering; a provider holding connections or a lease releases them before resolving. */
  stop(): void | Promise<void>;
}
