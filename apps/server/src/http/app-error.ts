import { type ErrorName, errorCatalogue } from '@sb/contract';

/**
 * The one error type for refusals: a catalogue entry plus, where it helps, a detail naming what
 * was wrong (the field, the limit). The handler turns it into `{code, msg}`.
 */
export class AppError extends Error {
  readonly code: number;
  readonly key: string;

  constructor(
    readonly errorName: ErrorName,
    readonly detail?: string,
  ) {
    super(detail ? `${errorCatalogue[errorName].en}: ${detail}` : errorCatalogue[errorName].en);
    this.code = errorCatalogue[errorName].code;
    this.key = errorCatalogue[errorName].key;
  }
}
