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

/** How every call reads its fields (packages/contract's wire-coercion.ts). */
const wireRules =
  'Fields may be sent as JSON, form-encoded, multipart or in the query, and mean the same in each: ' +
  'a number may come as its text and a text field may take a number; booleans take true/false or 1/0; ' +
  'a list may come as JSON, comma-joined or as the name repeated; an empty string is a field left out.';

function operation(call: CallDefinition) {
  const requestSchema = toJsonSchema(commonFieldsSchema.extend(call.input.shape).strict(), 'input');
  return {
    tags: [call.tag],
    summary: call.summary,
    description: `Auth: ${describeCallAuth(call.auth)}. ${wireRules}`,
    requestBody: {
      content: {
        'application/json': { schema: requestSchema },
        'application/x-www-form-urlencoded': { schema: requestSchema },
        'multipart/form-data': { schema: requestSchema },
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
