import { z } from 'zod';
import { defineCall } from './call';

export const healthCheck = defineCall({
  path: '/healthz',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'system',
  summary: 'Liveness and database reachability.',
  input: z.object({}),
  output: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }),
});
