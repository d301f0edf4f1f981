import { z } from 'zod';

/** DESIGN §5: every call answers HTTP 200 with this envelope; code 0 is success. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}
