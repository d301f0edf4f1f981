export {
  isOutcomeDecided,
  type MatchSituation,
  type OutcomeRef,
  specifierNumber,
} from './decided-outcomes';
