// The feed module's public types (docs/boundaries.md): other modules import them from here.
export type { FeedBusLog, SharedFeedProvider } from './feed-bus';
export type { FeedProvider } from './feed-provider';
export type {
  EventState,
  HoldMap,
  MarginMap,
  ReadModel,
  ReadModelChange,
  SportMargins,
} from './read-model';
export type { SimulatorProvider } from './simulator-provider';
