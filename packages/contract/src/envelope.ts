import { z } from 'zod';

/** DESIGN §5: every call answers HTTP 200 with this envelope; code 0 is success. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

/** Whether an answer has the envelope's shape (`code` and `msg`), whatever its `data`. */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string';
}
