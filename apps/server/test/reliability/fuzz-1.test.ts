import { fuzzPart } from './fuzz-harness';

fuzzPart(1, 2);
