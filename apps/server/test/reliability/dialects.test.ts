import { randomBytes } from 'node:crypto';
import {
  adjustmentCreate,
  allCalls,
  type CallDefinition,
  commonFieldNames,
  envelopeCampaignCreate,
  houseDicePlay,
  houseLimboPlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  housePlinkoPlay,
  houseSeed,
  houseSeedRotate,
  memberLogout,
  memberPasswordEdit,
  operatorLogin,
  operatorLogout,
  orderAmountLimit,
  orderCreate,
} from '@sb/contract';
import { openPayload, sealPayload } from '@sb/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, freshIp, loginFields } from '../operators/helpers';
import { createOrdersTestApp, type Pick } from '../orders/helpers';
import type { TestApp } from '../test-app';
import { type Caller, type CallerWorld, callerFor } from './callers';
import { fieldsArbitraryOf, inputSchemaOf } from './fuzz-inputs';
import { recordFigures } from './reliability-run';
import { requestOf, type WireEncoding } from './wire-encodings';

/**
 * The wire is liberal in what it takes and exact in what it means (DESIGN §5): for every call of
 * the contract, a valid input drawn from its schema is sent as SPEC's client sends it (JSON with
 * the client info as numbers), as JSON with every value as text, form-encoded, in the query,
 * multipart, and with an empty string in every optional field; each must get the answer the
 * canonical form (JSON in the schema's own types) gets.
 *
 * Calls change the state they answer from (a second registration of a name is refused, a
 * deposit makes a new order), so each dialect is sent right after the canonical form, and the
 * canonical form is sent twice before that: what differs between those two (tokens, order
 * numbers, times) differs by nature and is left out of the comparison, everything else (the
 * code, the message, the rest of the data) must be equal. Answers sealed with the token are
 * opened first. Calls that end the session they are made with get a fresh caller each time.
 */

const seed = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32LE());

/** SPEC §1 and §9 site facts as the canonical form sends them: the schema's types (text). */
const clientInfo = {
  deviceID: 'dialect-device',
  pid: '888',
  versionCode: '110',
  versionName: 'v1.0.110',
  os: 'web',
  osVersionName: 'test',
  osVersionCode: '0',
  mac: '00:11:22:33:44:55',
  deviceModel: 'test',
  channel: 'a1',
  realm: 'alpha',
  siteNo: '7',
  process: 'sport',
  source: '2',
  lang: 'en',
};

/** The same facts as SPEC's JSON client sends them: pid 888, siteNo 7, source 2 as numbers. */
const clientInfoAsNumbers = {
  ...clientInfo,
  pid: 888,
  versionCode: 110,
  osVersionCode: 0,
  siteNo: 7,
  source: 2,
};

/** Calls that end the session or operator sign-in they are made with. */
const endsItsSession = new Set<CallDefinition>([memberLogout, memberPasswordEdit, operatorLogout]);
/**
 * Calls whose answer is drawn by chance (a product line's roll of a die, a shuffled deck): two
 * sends may agree or not, so their values are not compared, only the code, the message and
 * that the data has the call's output shape. A product line adds its calls here: a red-envelope
 * campaign's seed, and so its commitment, is drawn afresh for each.
 */
const drawnByChance = new Set<CallDefinition>([
  envelopeCampaignCreate,
  // A round of the house's games draws from a fresh server seed and nonce.
  houseDicePlay,
  houseLimboPlay,
  housePlinkoPlay,
  houseMinesStart,
  houseMinesReveal,
  houseMinesCashOut,
  houseSeed,
  houseSeedRotate,
]);
/**
 * Calls whose answer depends on what the sends before it added up to: one pair of eyes may move
 * only so much for one member in 24 hours, so the third send of an adjustment may wait for
 * approval where the first two were applied. Before each send the earlier ones are put a day
 * back, so each is judged alone, as the first was.
 */
const addsUpAcrossSends = new Map<CallDefinition, () => Promise<unknown>>([
  [
    adjustmentCreate,
    () =>
      testApp.database.db.execute(
        sql`update balance_adjustments set created_at = created_at - interval '2 days', decided_at = decided_at - interval '2 days'`,
      ),
  ],
]);
/** Calls whose `data` is a bet sealed with the token. */
const sealedBetCalls = new Set<CallDefinition>([orderCreate, orderAmountLimit]);

type Fields = Record<string, unknown>;

/** A bet sealed when the request is made, with the caller's token. */
class BetToSeal {
  constructor(readonly bet: unknown) {}
}

/** Every plain value as its text, inside lists, objects and bets to seal too. */
function asText(value: unknown): unknown {
  if (value instanceof BetToSeal) return new BetToSeal(asText(value.bet));
  if (Array.isArray(value)) return value.map(asText);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asText(item)]));
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

interface Dialect {
  name: string;
  encoding: WireEncoding;
  /** The canonical fields this dialect is compared with, and the fields it sends. */
  fieldsOf(call: CallDefinition, input: Fields): { canonical: Fields; sent: Fields };
}

function optionalFieldsOf(call: CallDefinition): string[] {
  const schema = inputSchemaOf(call.input);
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties ?? {}).filter((name) => !required.has(name));
}

const withoutFields = (fields: Fields, names: readonly string[]): Fields =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));

const dialects: Dialect[] = [
  {
    name: "SPEC's JSON client (client info as numbers)",
    encoding: 'json',
    fieldsOf: (_call, input) => ({
      canonical: { ...clientInfo, ...input },
      sent: { ...clientInfoAsNumbers, ...input },
    }),
  },
  {
    name: 'JSON with every value as text',
    encoding: 'json',
    fieldsOf: (_call, input) => ({
      canonical: { ...clientInfo, ...input },
      sent: asText({ ...clientInfoAsNumbers, ...input }) as Fields,
    }),
  },
  ...(['form', 'query', 'multipart'] as const).map(
    (encoding): Dialect => ({
      name: encoding,
      encoding,
      fieldsOf: (_call, input) => ({
        canonical: { ...clientInfo, ...input },
        sent: { ...clientInfoAsNumbers, ...input },
      }),
    }),
  ),
  {
    name: 'an empty string in every optional field',
    encoding: 'json',
    fieldsOf(call, input) {
      const optional = [
        ...optionalFieldsOf(call),
        ...commonFieldNames.filter((name) => name !== 'token' && name !== 'uid'),
      ];
      const canonical = withoutFields({ ...clientInfo, ...input }, optional);
      return {
        canonical,
        sent: { ...canonical, ...Object.fromEntries(optional.map((name) => [name, ''])) },
      };
    },
  },
];

let testApp: TestApp;
let world: CallerWorld;
const figures = { calls: 0, succeeded: 0, comparisons: 0 };
const refusedEverywhere: string[] = [];

/**
 * Operator sign-in counts failures per name and refuses a code used once: each dialect signs in
 * an operator of its own, with the code its authenticator shows.
 */
const signsInAfresh = new Set<CallDefinition>([operatorLogin]);

/** A valid input of `call` drawn from its schema, with the caller's own values where it has them. */
async function inputFor(call: CallDefinition, caller: Caller): Promise<Fields> {
  if (call === operatorLogin)
    return loginFields(await createOperator(testApp.database, ['admin']), world.now());
  if (sealedBetCalls.has(call)) {
    const pick = world.picks[allCalls.indexOf(call) % world.picks.length] as Pick;
    const selections = [{ optId: pick.optId, odds: pick.odds }];
    const bet =
      call === orderCreate
        ? { betType: 0, stake: 1_000, scale: 2, acceptOdds: 2, selections }
        : { betType: 0, selections };
    return { data: new BetToSeal(bet) };
  }
  const arbitrary = fieldsArbitraryOf(inputSchemaOf(call.input), caller.known).filter((fields) => {
    // A draw the schema cannot even measure (an object with an unusable `length`) is no valid
    // input; the server refuses it (wire-fields.ts), and it is not this suite's to compare.
    try {
      return call.input.safeParse(fields).success;
    } catch {
      return false;
    }
  });
  const [input] = fc.sample(arbitrary, { numRuns: 1, seed: seed + allCalls.indexOf(call) });
  if (!input) throw new Error(`${call.path}: no valid input drawn`);
  return input;
}

interface Answer {
  code: number;
  msg: string;
  data: unknown;
}

async function send(
  call: CallDefinition,
  caller: Caller,
  fields: Fields,
  encoding: WireEncoding,
): Promise<Answer> {
  await addsUpAcrossSends.get(call)?.();
  const token = caller.member.auth.token;
  const withIdentity: Fields = caller.bearer ? { ...fields } : { ...caller.member.auth, ...fields };
  if (withIdentity.data instanceof BetToSeal)
    withIdentity.data = await sealPayload(token, withIdentity.data.bet);
  const response = await testApp.app.inject(
    requestOf(call.path, withIdentity, encoding, {
      allowsGet: call.methods?.includes('GET') ?? false,
      headers: caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {},
      remoteAddress: freshIp(),
    }),
  );
  expect(response.statusCode, `${call.path} ${encoding}`).toBe(200);
  const answer = response.json() as Answer;
  if (call.sealedResponse && answer.code === 0 && typeof answer.data === 'string')
    answer.data = await openPayload(token, answer.data);
  return answer;
}

/** Paths of the values that differ between two answers: where a list's length differs, the list. */
function differingPaths(a: unknown, b: unknown, path: string, into: Set<string>): void {
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => {
      differingPaths(item, b[index], `${path}.${index}`, into);
    });
    return;
  }
  const isObject = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(a) && isObject(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
      differingPaths(left[key], right[key], `${path}.${key}`, into);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) into.add(path);
}

/** The data with what differs by nature masked. */
function masked(value: unknown, varying: ReadonlySet<string>, path = ''): unknown {
  if (varying.has(path)) return '(varies)';
  if (Array.isArray(value))
    return value.map((item, index) => masked(item, varying, `${path}.${index}`));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, masked(item, varying, `${path}.${key}`)]),
    );
  return value;
}

async function compareDialect(
  call: CallDefinition,
  dialect: Dialect,
  input: Fields,
  callerOf: () => Promise<Caller>,
): Promise<Answer> {
  const { canonical, sent } = dialect.fieldsOf(call, input);
  const first = await send(call, await callerOf(), canonical, 'json');
  const second = await send(call, await callerOf(), canonical, 'json');
  const answer = await send(call, await callerOf(), sent, dialect.encoding);
  const varying = new Set<string>();
  differingPaths(first.data, second.data, '', varying);
  const where = `${call.path}, ${dialect.name}: ${JSON.stringify(sent).slice(0, 400)} (FUZZ_SEED=${seed})`;
  expect({ code: answer.code, msg: answer.msg }, where).toEqual({
    code: second.code,
    msg: second.msg,
  });
  if (drawnByChance.has(call)) {
    if (answer.code === 0) expect(call.output.safeParse(answer.data).success, where).toBe(true);
  } else expect(masked(answer.data, varying), where).toEqual(masked(second.data, varying));
  figures.comparisons += 1;
  return first;
}

beforeAll(async () => {
  const created = await createOrdersTestApp();
  testApp = created.testApp;
  const picks = created.book
    .preMatch()
    .slice(0, 6)
    .map((event) => created.book.pick(event));
  world = { testApp, picks, now: () => created.feed.now().getTime() };
}, 120_000);

afterAll(async () => {
  if (!testApp) return;
  await testApp.close();
  recordFigures('dialects', testApp.database.kind, {
    title: 'Every call in every dialect',
    method: `${figures.calls} calls of the contract, each with a valid input drawn from its schema (seed ${seed}), sent as canonical JSON and in ${dialects.length} dialects: ${dialects.map((dialect) => dialect.name).join('; ')}. Each dialect follows two canonical sends; what differs between those is masked, the rest of the answer must be equal.`,
    figures: {
      'calls compared': figures.calls,
      'comparisons made': figures.comparisons,
      'calls whose canonical form succeeded': figures.succeeded,
      'calls refused in every form (same refusal)': refusedEverywhere.length
        ? refusedEverywhere.join(', ')
        : 'none',
    },
    checks: ['every dialect gets the code, message and data the canonical form gets'],
  });
});

describe(`every call means the same in every dialect (FUZZ_SEED=${seed})`, () => {
  for (const call of allCalls) {
    it(call.path, async () => {
      const shared = await callerFor(world, call);
      const callerOf = endsItsSession.has(call) ? () => callerFor(world, call) : async () => shared;
      const sharedInput = await inputFor(call, shared);
      let succeeded = false;
      for (const dialect of dialects) {
        const input = signsInAfresh.has(call) ? await inputFor(call, shared) : sharedInput;
        const first = await compareDialect(call, dialect, input, callerOf);
        if (first.code === 0) succeeded = true;
      }
      figures.calls += 1;
      if (succeeded) figures.succeeded += 1;
      else refusedEverywhere.push(call.path);
      // A partners desk call drawn here may have turned the test partner off, and every caller
      // signs in through it: back to its defaults, so the calls after it in allCalls find it on.
      await testApp.database.db.execute(sql`delete from partner_settings`);
    }, 120_000);
  }
});
