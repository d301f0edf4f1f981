import {
  allCalls,
  type CallDefinition,
  commonFieldsSchema,
  describeCallAuth,
  envelopeSchema,
  healthCheck,
} from '@sb/contract';
import { z } from 'zod';
import { buildVersion } from '../version';

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

function operation(call: CallDefinition) {
  const requestSchema = toJsonSchema(commonFieldsSchema.extend(call.input.shape).strict(), 'input');
  return {
    tags: [call.tag],
    summary: call.summary,
    description: `Auth: ${describeCallAuth(call.auth)}. Fields may be sent as JSON, form-encoded or query.`,
    requestBody: {
      content: {
        'application/json': { schema: requestSchema },
        'application/x-www-form-urlencoded': { schema: requestSchema },
      },
    },
    responses: {
      200: {
        description: 'DESIGN §5 envelope; code 0 is success, any other code a catalogue error.',
        content: {
          'application/json': { schema: toJsonSchema(envelopeSchema(call.output), 'output') },
        },
      },
    },
  };
}

/** The OpenAPI document of every call, built from the contract schemas alone. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of [healthCheck, ...allCalls]) {
    const entry: Record<string, unknown> = {};
    for (const method of call.methods ?? ['POST']) entry[method.toLowerCase()] = operation(call);
    paths[call.path] = entry;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Sportsbook API', version: buildVersion },
    paths,
  };
}
