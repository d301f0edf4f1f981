import { randomBytes } from 'node:crypto';
import {
  allCalls,
  type CallDefinition,
  collectionCreate,
  collectionUploadPath,
  errorCatalogue,
  healthCheck,
  orderAmountLimit,
  orderBetSchema,
  orderCreate,
} from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Book, createOrdersTestApp, fundedMember, type Pick } from '../orders/helpers';
import type { TestApp } from '../test-app';
import { type Caller, callerFor } from './callers';
import {
  type FuzzBody,
  fieldsArbitraryOf,
  fuzzBodies,
  inputSchemaOf,
  unmeasurableBodies,
} from './fuzz-inputs';
import { recordFigures, sized } from './reliability-run';
import { jsonText, requestOf, wireEncodings } from './wire-encodings';

/**
 * Every call of the contract fuzzed from its own input schema (fuzz-inputs.ts), with the caller
 * it needs so the cases reach validation and the handlers: a funded member with a bet and a
 * collection order of its own, or an admin for back-office calls. Each answer must be the
 * envelope with a known code, never INTERNAL or a timeout, and a refused case must write no row
 * of any table. The receipt upload (multipart, outside the registry) and the sealed bet of
 * order-create are fuzzed too. The calls are shared among the fuzz-*.test.ts files, which run
 * side by side. FUZZ_SEED repeats a run.
 */

const seed = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32LE());
/** FUZZ_CASES overrides the size, to dig into one call (with vitest's `-t <path>`). */
const casesPerCall = Number(process.env.FUZZ_CASES ?? sized(25, 2_000));
const uploadCases = sized(40, 2_000);

/**
 * Tables a refused call may still write by design, or that only the feed writes: sessions (the
 * last-seen time), captchas and the withdrawal password's failure counts (a wrong answer is
 * counted, which is the point), operator sessions, and the catalogue the feed records.
 */
const tablesOutsideTheWatch = new Set([
  'sessions',
  'operator_sessions',
  'captchas',
  'withdraw_password_guards',
  'sports',
  'leagues',
  'sport_events',
  'feed_positions',
  'market_settlements',
  'bet_cancellations',
  'fixture_changes',
  'sandbox_chain_heads',
  'sandbox_chain_transfers',
]);

let testApp: TestApp;
let book: Book;
let picks: Pick[];
let appNow: () => number;
const figures = { cases: 0, refused: 0, accepted: 0, calls: 0 };
/** Calls none of whose cases got past validation: their handlers were not reached. */
const neverAccepted: string[] = [];
const codes = new Set<number>(Object.values(errorCatalogue).map((entry) => entry.code));
const failureCodes = new Set<number>([errorCatalogue.INTERNAL.code, errorCatalogue.TIMEOUT.code]);

/**
 * Puts a row trigger on every table but those written by design, logging the table of each row
 * inserted, updated or deleted (and each truncate) into `fuzz_writes`. A refused case must log
 * nothing: stricter than comparing contents (an update to the same value shows too), and one
 * indexed read a case instead of hashing the whole database.
 */
async function watchWrites(): Promise<void> {
  const { db } = testApp.database;
  const answer = (await db.execute(sql`
    select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'
     order by table_name`)) as unknown as { rows: { table_name: string }[] };
  const tables = answer.rows
    .map((row) => row.table_name)
    .filter((name) => !tablesOutsideTheWatch.has(name));
  await db.execute(
    sql`create table fuzz_writes (id bigserial primary key, table_name text not null)`,
  );
  await db.execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_writes (table_name) values (tg_table_name);
        return null;
      end $$`),
  );
  for (const name of tables) {
    await db.execute(
      sql.raw(`create trigger fuzz_log_row after insert or update or delete on "${name}"
        for each row execute function fuzz_log_write()`),
    );
    await db.execute(
      sql.raw(`create trigger fuzz_log_truncate after truncate on "${name}"
        for each statement execute function fuzz_log_write()`),
    );
  }
}

let lastWriteSeen = 0;

/** The tables written since the last look, in order, one entry a row. */
async function writesSinceLastLook(): Promise<string[]> {
  const answer = (await testApp.database.db.execute(
    sql`select id, table_name from fuzz_writes where id > ${lastWriteSeen} order by id`,
  )) as unknown as { rows: { id: string | number; table_name: string }[] };
  const last = answer.rows.at(-1);
  if (last) lastWriteSeen = Number(last.id);
  return answer.rows.map((row) => row.table_name);
}

/** A bet to be sealed with the caller's token when the case is sent. */
class SealedBet {
  constructor(readonly bet: unknown) {}
}

async function send(call: CallDefinition, body: FuzzBody, caller: Caller) {
  const headers: Record<string, string> = caller.bearer
    ? { authorization: `Bearer ${caller.bearer}` }
    : {};
  if (body.kind === 'raw') {
    return testApp.app.inject({
      method: 'POST',
      url: call.path,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  const fields: Record<string, unknown> = { ...body.fields };
  if (!caller.bearer) Object.assign(fields, caller.member.auth);
  if (fields.data instanceof SealedBet)
    fields.data = await sealPayload(caller.member.auth.token, fields.data.bet);
  return testApp.app.inject(
    requestOf(call.path, fields, body.encoding, {
      allowsGet: call.methods?.includes('GET') ?? false,
      headers,
    }),
  );
}

function describeCase(body: FuzzBody): string {
  const text = body.kind === 'raw' ? body.payload : jsonText(body.fields);
  return `${body.kind === 'raw' ? `raw ${body.contentType}` : body.encoding} ${(text ?? '').slice(0, 300)} (FUZZ_SEED=${seed})`;
}

/**
 * Sends one case and checks the answer and, for a refusal, that it wrote nothing. With
 * `mustName`, a refusal for bad input names that field.
 */
async function check(
  call: CallDefinition,
  body: FuzzBody,
  caller: Caller,
  mustName?: string,
): Promise<void> {
  const response = await send(call, body, caller);
  const where = `${call.path} ${describeCase(body)}`;
  expect(response.statusCode, where).toBe(200);
  const answer = response.json() as { code: unknown; msg: unknown };
  expect(typeof answer.code, where).toBe('number');
  expect(codes.has(answer.code as number) || answer.code === 0, `${where}: code`).toBe(true);
  expect(failureCodes.has(answer.code as number), `${where}: ${String(answer.msg)}`).toBe(false);
  figures.cases += 1;
  const written = await writesSinceLastLook();
  if (answer.code === 0) {
    figures.accepted += 1;
  } else {
    figures.refused += 1;
    expect(typeof answer.msg === 'string' && answer.msg.length > 0, where).toBe(true);
    expect(written, `${where} was refused but wrote`).toEqual([]);
    // The probed value may read as a good one in some encodings (a form writes an array-like
    // as text), and the refusal is then for another field: it names that one.
    if (mustName && answer.code === errorCatalogue.INVALID_INPUT.code) {
      const named = [mustName, ...Object.keys(call.input.shape)];
      expect(
        named.some((field) => String(answer.msg).includes(field)),
        `${where}: names the field`,
      ).toBe(true);
    }
  }
}

/** Whether `fields` pass the call's own schema; one it cannot even measure does not. */
function passes(call: CallDefinition, fields: Record<string, unknown>): boolean {
  try {
    return call.input.safeParse(fields).success;
  } catch {
    return false;
  }
}

/**
 * Each value whose `length` no length limit can use sent in a field, every field in turn
 * (fuzz-inputs.ts), the others drawn: never INTERNAL, and where the others pass the schema on
 * their own, a refusal for bad input names a field. A field the caller's identity fills is left to the draws.
 */
async function checkUnmeasurable(
  call: CallDefinition,
  caller: Caller,
  fields: fc.Arbitrary<Record<string, unknown>>,
): Promise<void> {
  // Drawn a few times for fields that pass the schema; a filtered arbitrary would draw for ever
  // for a call whose fields the draws never fill well (a sealed bet).
  const drawn = fc.sample(fields, { numRuns: 20, seed: seed + allCalls.indexOf(call) });
  const valid = drawn.find((candidate) => passes(call, candidate));
  const base = valid ?? drawn[0] ?? {};
  const identity = caller.bearer ? {} : caller.member.auth;
  for (const body of unmeasurableBodies(inputSchemaOf(call.input), wireEncodings, base)) {
    if (body.kind !== 'fields' || !body.probed || Object.hasOwn(identity, body.probed)) continue;
    await check(call, body, caller, valid ? body.probed : undefined);
  }
}

/** order-create's `data`: a bet sealed with the token, from the schema or on real options. */
function orderFields(): fc.Arbitrary<Record<string, unknown>> {
  const option = fc.constantFrom(...picks).map((pick) => ({ optId: pick.optId, odds: pick.odds }));
  const plausibleBet = fc.record({
    betType: fc.constant(0),
    stake: fc.integer({ min: 1_000, max: 20_000 }),
    scale: fc.constant(2),
    acceptOdds: fc.constantFrom(0, 1, 2),
    selections: option.map((selection) => [selection]),
  });
  const realBet = fc.record({
    betType: fc.constantFrom(0, 1, 2),
    stake: fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.constantFrom(0, 2 ** 53)),
    scale: fc.constantFrom(2, 2, 2, 0),
    acceptOdds: fc.constantFrom(0, 1, 2, 2, 3),
    selections: fc.array(option, { minLength: 0, maxLength: 10 }),
  });
  const schemaBet = fuzzBodies(inputSchemaOf(orderBetSchema), ['json']).map((body) =>
    body.kind === 'fields' ? body.fields : body.payload,
  );
  return fc.record({
    data: fc.oneof(plausibleBet, realBet, schemaBet).map((bet) => new SealedBet(bet) as unknown),
  });
}

/** Calls whose `data` is a bet sealed with the token. */
const sealedBetCalls = new Set<CallDefinition>([orderCreate, orderAmountLimit]);

interface FilePart {
  filename: string;
  contentType: string;
  content: Buffer;
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

function multipart(fields: [string, string][], files: FilePart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * Registers part `part` of `parts` of the fuzzing: every `parts`-th call of the contract, each
 * part in its own test file with its own server and database, so the parts run side by side;
 * the last part fuzzes the receipt upload too.
 */
export function fuzzPart(part: number, parts: number): void {
  const calls = allCalls.filter((_, index) => index % parts === part - 1);
  const title = parts > 1 ? `Fuzzing every call (part ${part} of ${parts})` : 'Fuzzing every call';
  const hasUpload = part === parts;

  beforeAll(async () => {
    const created = await createOrdersTestApp();
    testApp = created.testApp;
    book = created.book;
    appNow = () => created.feed.now().getTime();
    picks = book
      .preMatch()
      .slice(0, 6)
      .map((event) => book.pick(event));
    await watchWrites();
    // The parts may run one after the other in one worker, which keeps this module loaded: each
    // starts its own count, and its own database's write log from its beginning.
    lastWriteSeen = 0;
    Object.assign(figures, { cases: 0, refused: 0, accepted: 0, calls: 0 });
    neverAccepted.length = 0;
  }, 120_000);

  afterAll(async () => {
    if (!testApp) return;
    await testApp.close();
    recordFigures(`fuzz-${part}`, testApp.database.kind, {
      title,
      method: `${figures.calls} calls of the contract${hasUpload ? ' and the receipt upload' : ''} (the calls are shared among ${parts} parts that run side by side, each on a server and database of its own) sent ${casesPerCall} cases drawn from its input schema, and each value whose length no length limit can use in a field, every field in turn${hasUpload ? ` (the receipt upload ${uploadCases})` : ''}: values the schema accepts, one field hostile or one past its bound, unknown and prototype-polluting fields, bodies that are not objects or not JSON, in JSON, form, query and multipart encodings; the bet of order-create sealed with the token. Every table carries a trigger that logs each row written, so a refusal that wrote anything shows. Seed ${seed}.`,
      figures: {
        'calls fuzzed': figures.calls,
        'cases per call': casesPerCall,
        'cases sent': figures.cases,
        'refused, checked to have written no row': figures.refused,
        accepted: figures.accepted,
        'calls no case got through': neverAccepted.length ? neverAccepted.join(', ') : 'none',
      },
      checks: [
        'every answer is the envelope with a catalogue code; none INTERNAL, none a timeout',
        'every refusal names its problem and wrote no row of any table',
        'a value whose length no length limit can use is refused naming its field',
        'the server answers its health check after each call',
      ],
    });
  });

  describe('the write watch', () => {
    it('sees a row added, changed to the same value and removed, and a write rolled back not', async () => {
      const { db } = testApp.database;
      await writesSinceLastLook();
      await db.execute(sql`insert into site_settings (key, value) values ('watch-probe', '1')`);
      expect(await writesSinceLastLook()).toEqual(['site_settings']);
      await db.execute(sql`update site_settings set value = '1' where key = 'watch-probe'`);
      await db.execute(sql`update site_settings set value = '1' where key = 'no-such-key'`);
      expect(await writesSinceLastLook()).toEqual(['site_settings']);
      await db.execute(sql`delete from site_settings where key = 'watch-probe'`);
      expect(await writesSinceLastLook()).toEqual(['site_settings']);
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into site_settings (key, value) values ('watch-probe', '1')`);
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await writesSinceLastLook()).toEqual([]);
      // Tables written by design are not watched.
      await db.execute(sql`update sessions set ip = ip`);
      expect(await writesSinceLastLook()).toEqual([]);
    });
  });

  describe(`fuzzing every call from its contract schema (FUZZ_SEED=${seed})`, () => {
    for (const call of calls) {
      it(call.path, async () => {
        const caller = await callerFor({ testApp, picks, now: appNow }, call);
        const schema = inputSchemaOf(call.input);
        const fields = sealedBetCalls.has(call)
          ? orderFields()
          : fieldsArbitraryOf(schema, caller.known);
        const bodies = fc.sample(fuzzBodies(schema, wireEncodings, fields), {
          numRuns: casesPerCall,
          seed: seed + allCalls.indexOf(call),
        });
        figures.calls += 1;
        const acceptedBefore = figures.accepted;
        await writesSinceLastLook();
        for (const body of bodies) await check(call, body, caller);
        await checkUnmeasurable(call, caller, fields);
        if (figures.accepted === acceptedBefore) neverAccepted.push(call.path);
        const health = await testApp.app.inject({ method: 'GET', url: healthCheck.path });
        expect(health.statusCode).toBe(200);
        // The partners desk's cases may have turned the test partner off, and every caller signs
        // in through it: back to its defaults, so the calls after it in allCalls (a new product
        // line's are added at the end) find it on.
        await testApp.database.db.execute(sql`delete from partner_settings`);
      }, 600_000);
    }
  });

  if (!hasUpload) return;
  describe(`fuzzing the receipt upload (FUZZ_SEED=${seed})`, () => {
    it(collectionUploadPath, async () => {
      const member = await fundedMember(testApp, 0);
      const created = await testApp.call<{ orderNo: string }>(collectionCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 201,
        amount: 20_000,
      });
      expect(created.code, created.msg).toBe(0);
      const content = fc.oneof(
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        fc
          .tuple(
            fc.constantFrom(png, jpeg, Buffer.from('GIF89a'), Buffer.from('<svg')),
            fc.uint8Array({ maxLength: 200 }),
          )
          .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
        fc.constant(Buffer.alloc(0)),
      );
      const file = fc.record({
        filename: fc.constantFrom(
          'receipt.png',
          'r.jpg',
          '../../etc/passwd',
          'a.exe',
          'x.svg',
          '',
          `${'n'.repeat(300)}.png`,
          'r"e.png',
        ),
        contentType: fc.constantFrom(
          'image/png',
          'image/jpeg',
          'image/svg+xml',
          'text/html',
          'application/octet-stream',
          '',
        ),
        content,
      });
      const field = fc.oneof(
        fc.constantFrom<[string, string]>(
          ['orderNo', created.data.orderNo],
          ['orderNo', 'D0000000000000000'],
          ['type', '1'],
          ['type', '2'],
          ['uid', member.auth.uid],
          ['token', member.auth.token],
          ['token', 'x'.repeat(2_000)],
        ),
        fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 60 })),
      );
      const cases = fc.sample(
        fc.record({
          fields: fc.array(field, { maxLength: 6 }),
          files: fc.array(file, { maxLength: 3 }),
          withIdentity: fc.boolean(),
          boundary: fc.constantFrom('b0undary', 'x'.repeat(70), '--', 'a b'),
        }),
        { numRuns: uploadCases, seed },
      );
      figures.calls += 1;
      await writesSinceLastLook();
      for (const entry of cases) {
        const fields: [string, string][] = entry.withIdentity
          ? [
              ['token', member.auth.token],
              ['uid', member.auth.uid],
              ['orderNo', created.data.orderNo],
              ...entry.fields,
            ]
          : entry.fields;
        const response = await testApp.app.inject({
          method: 'POST',
          url: collectionUploadPath,
          headers: { 'content-type': `multipart/form-data; boundary=${entry.boundary}` },
          payload: multipart(fields, entry.files, entry.boundary),
        });
        const where = `${collectionUploadPath} ${JSON.stringify({ ...entry, files: entry.files.map((f) => ({ ...f, content: f.content.length })) }).slice(0, 400)} (FUZZ_SEED=${seed})`;
        expect(response.statusCode, where).toBe(200);
        const answer = response.json() as { code: number; msg: string };
        expect(failureCodes.has(answer.code), `${where}: ${answer.msg}`).toBe(false);
        figures.cases += 1;
        const written = await writesSinceLastLook();
        if (answer.code === 0) figures.accepted += 1;
        else {
          figures.refused += 1;
          expect(written, `${where} was refused but wrote`).toEqual([]);
        }
      }
    }, 600_000);
  });
}
