import { fuzzPart } from './fuzz-harness';

fuzzPart(2, 2);
