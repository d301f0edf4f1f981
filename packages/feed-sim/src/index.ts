export { CALENDAR } from './fixtures';
export {
  createSeededPast,
  type HeadToHead,
  type PastMatch,
  type PastSide,
  pastMatchCount,
  type SeededPast,
} from './history';
export type { Margins } from './markets/pricing';
export { DEFAULT_MARGINS, marketMargin, resolveMargins } from './markets/pricing';
export * from './messages';
export { createRng, type Rng } from './prng';
export {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
  type SportInfo,
} from './simulator';
