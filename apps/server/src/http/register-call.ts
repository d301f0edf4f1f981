import {
  type CallDefinition,
  clientInfoSchema,
  commonFieldNames,
  commonFieldsSchema,
  isOperatorAuth,
  type OperatorAuth,
  operatorHasAnyRole,
} from '@sb/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AnswerBuffers } from './answer-buffers';
import { AppError } from './app-error';
import { requestLanguage } from './envelope-errors';
import type {
  AuthenticatedOperator,
  AuthenticatedUser,
  Authenticator,
  CallContext,
} from './request-context';
import { sealedEnvelope } from './sealed-envelope';
import { coerceWireFields, readWireFields, validateWireFields } from './wire-fields';

/**
 * A call's data already serialised: the UTF-8 bytes of its JSON. Match lists are joined from
 * cached bytes per match; turning them back into objects for JSON.stringify, and the text into
 * bytes again, would cost more than the rest of the call. `T` is the shape the bytes hold, so
 * handlers stay checked against their contract.
 */
export class JsonBytes<T = unknown> {
  declare readonly shape?: T;
  constructor(readonly bytes: Uint8Array) {}
}

export type CallHandler<C extends CallDefinition> = (
  input: z.output<C['input']>,
  context: CallContext,
) => Promise<z.input<C['output']> | JsonBytes<z.input<C['output']>>>;

const jsonContentType = 'application/json; charset=utf-8';
const successHead = Buffer.from('{"code":0,"msg":"success","data":');
const successTail = Buffer.from('}');

/**
 * Answers made of JSON bytes (match lists, megabytes each) are written into buffers lent for the
 * time of their response. Shared by every app in the process: a buffer is lent to one response
 * at a time, so apps cannot see each other's answers.
 */
const answerBuffers = new AnswerBuffers(64 * 1024, 32 * 1024 * 1024);

/** Sends an answer written into a lent buffer, and gives the buffer back once it is sent. */
function sendLent(reply: FastifyReply, answer: Buffer): FastifyReply {
  // 'close' comes after the last byte was handed to the system, or after the connection is
  // gone; either way nothing reads the buffer after it.
  reply.raw.once('close', () => answerBuffers.giveBack(answer));
  return reply.type(jsonContentType).send(answer);
}

function envelopeOf(bytes: Uint8Array): Buffer {
  const answer = answerBuffers.take(successHead.length + bytes.length + successTail.length);
  let offset = successHead.copy(answer, 0);
  answer.set(bytes, offset);
  offset += bytes.length;
  successTail.copy(answer, offset);
  return answer;
}

/**
 * A call's own fields plus the common ones; anything else is refused by name. The call's checks
 * across its fields (a window's end after its start, say: a `superRefine` of the input) are
 * carried over, since extending a shape keeps the fields' checks but not the object's.
 */
const inputSchemaCache = new WeakMap<z.ZodObject, z.ZodObject>();
function fullInputSchema(input: z.ZodObject): z.ZodObject {
  let schema = inputSchemaCache.get(input);
  if (!schema) {
    schema = commonFieldsSchema.extend(input.shape).strict();
    const acrossFields = input._zod.def.checks ?? [];
    if (acrossFields.length > 0)
      schema = schema.check(...(acrossFields as z.core.$ZodCheck<Record<string, unknown>>[]));
    inputSchemaCache.set(input, schema);
  }
  return schema;
}

/** Longest bearer token read; operator tokens are 43 characters, anything far longer is junk. */
const bearerTokenLengthMax = 128;

/** The token of an `Authorization: Bearer <token>` header, or undefined without a usable one. */
function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  return token && token.length <= bearerTokenLengthMax ? token : undefined;
}

/**
 * The operator making a back-office call. Only a bearer token naming a live operator session
 * passes. A caller presenting a member's token instead, in the `token` field or as the bearer,
 * is told so apart from one whose operator session is missing or over, so neither console nor
 * member client mistakes one for the other.
 */
async function authenticateOperatorCall(
  app: FastifyInstance,
  request: FastifyRequest,
  memberToken: string | undefined,
  authenticate: Authenticator,
  auth: OperatorAuth,
): Promise<AuthenticatedOperator> {
  const authenticateOperator = app.operatorAuthenticator;
  if (!authenticateOperator)
    throw new Error(`${request.url}: back-office call without the operators module installed`);
  const bearer = bearerTokenOf(request);
  const operator = bearer ? await authenticateOperator(bearer) : null;
  if (!operator) {
    const presented = memberToken ?? bearer;
    if (presented && (await authenticate(presented, undefined)))
      throw new AppError('OPERATOR_MEMBER_TOKEN_REFUSED');
    throw new AppError('OPERATOR_SESSION_INVALID');
  }
  if (!operatorHasAnyRole(operator.roles, auth.operator))
    throw new AppError('OPERATOR_NOT_PERMITTED');
  return operator;
}

/** The member behind a member, session or public call's token, checked against the call's level. */
async function authenticateMemberCall(
  authenticate: Authenticator,
  auth: CallDefinition['auth'],
  token: string | undefined,
  uid: string | undefined,
): Promise<AuthenticatedUser | null> {
  const user = token ? await authenticate(token, uid) : null;
  if (auth !== 'public' && !user) throw new AppError('TOKEN_INVALID');
  if (auth === 'member' && user && user.memberId === 0) throw new AppError('LOGIN_REQUIRED');
  return user;
}

/**
 * Who is making a request at an auth level, as registerCall decides it: for routes that answer
 * something other than the envelope (files) or read their fields themselves (uploads), so their
 * refusals are the same codes as every call's.
 */
export async function authenticateRequest(
  app: FastifyInstance,
  authenticate: Authenticator,
  auth: CallDefinition['auth'],
  request: FastifyRequest,
  fields: { token?: string | undefined; uid?: string | undefined },
): Promise<{ user: AuthenticatedUser | null; operator: AuthenticatedOperator | null }> {
  const token = fields.token || undefined;
  if (isOperatorAuth(auth))
    return {
      user: null,
      operator: await authenticateOperatorCall(app, request, token, authenticate, auth),
    };
  const user = await authenticateMemberCall(authenticate, auth, token, fields.uid || undefined);
  return { user, operator: null };
}

export interface RegisterCallOptions {
  /**
   * The SEAL_PAYLOADS switch: whether calls marked `sealedResponse` seal their data (DESIGN §5).
   * On unless turned off, so a forgotten option never sends a sealed call's data in the clear.
   */
  sealPayloads?: boolean;
}

/**
 * Registers one call: reads its fields from any of the three encodings, resolves the caller's
 * identity for the call's auth level, validates the fields against the contract, and wraps the
 * answer in DESIGN §5's envelope, sealing the data of calls that ask for it. Handlers see only
 * valid input and never build envelopes themselves. Back-office calls (`auth: { operator }`)
 * take their identity from the `Authorization: Bearer` header alone; member calls from the
 * `token` field.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  authenticate: Authenticator,
  definition: C,
  handler: CallHandler<C>,
  options: RegisterCallOptions = {},
): void {
  const schema = fullInputSchema(definition.input);
  const operatorAuth = isOperatorAuth(definition.auth) ? definition.auth : null;
  // Sealing keys on the member token, which a back-office call never carries.
  if (operatorAuth && definition.sealedResponse)
    throw new Error(`${definition.path}: a back-office call cannot have a sealed response`);
  app.route({
    method: definition.methods ?? ['POST'],
    url: definition.path,
    handler: async (request, reply) => {
      const fields = coerceWireFields(schema, readWireFields(request));
      // Who is calling comes before what the call is given: a caller the call refuses learns
      // nothing of its fields. Only the common fields (token, uid) are read for that.
      const common = validateWireFields(commonFieldsSchema, fields);
      const sentToken = common.token || undefined;
      const operator = operatorAuth
        ? await authenticateOperatorCall(app, request, sentToken, authenticate, operatorAuth)
        : null;
      // A back-office call's handler never sees a member token, so it cannot act on one.
      const token = operatorAuth ? undefined : sentToken;
      const user = operatorAuth
        ? null
        : await authenticateMemberCall(
            authenticate,
            definition.auth,
            token,
            common.uid || undefined,
          );

      const values = validateWireFields(schema, fields) as Record<string, unknown> &
        z.output<typeof commonFieldsSchema>;

      const client = clientInfoSchema.parse(values);
      // A call's own field may share a name with a common one (the partner login's `channel`
      // is also a client-info field); the handler still gets it.
      const input = Object.fromEntries(
        Object.entries(values).filter(
          ([key]) => Object.hasOwn(definition.input.shape, key) || !commonFieldNames.includes(key),
        ),
      ) as z.output<C['input']>;
      const context: CallContext = {
        client,
        language: requestLanguage(request),
        ip: request.ip,
        token,
        user,
        operator,
        idempotencyKey:
          (request.headers['idempotency-key'] as string | undefined) ?? values.idempotencyKey,
      };
      const isSealed = definition.sealedResponse === true && options.sealPayloads !== false;
      // The token is the key, so a sealed answer cannot be made for a caller without one.
      if (isSealed && !token) throw new AppError('TOKEN_INVALID');
      const result = (await handler(input, context)) ?? null;
      if (isSealed && token) {
        const plain =
          result instanceof JsonBytes ? result.bytes : Buffer.from(JSON.stringify(result));
        return sendLent(
          reply,
          sealedEnvelope(token, plain, (length) => answerBuffers.take(length)),
        );
      }
      if (result instanceof JsonBytes) return sendLent(reply, envelopeOf(result.bytes));
      return { code: 0, msg: 'success', data: result };
    },
  });
}
