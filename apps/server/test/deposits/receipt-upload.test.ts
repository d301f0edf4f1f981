import { connect } from 'node:net';
import {
  type CollectionOrder,
  collectionCreate,
  collectionOrder,
  collectionUploadPath,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CollectionService,
  createCollectionService,
} from '../../src/modules/deposits/collection.service';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { expectOk, expectRefused } from '../identity/helpers';
import {
  type Answer,
  countDepositRows,
  createDepositsTestApp,
  type DepositsTestApp,
  depositRecords,
  newMember,
} from './helpers';

let testApp: DepositsTestApp;
let operator: CollectionService;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
  operator = createCollectionService({
    db: testApp.database.db,
    ledger: createLedger(testApp.database.db),
    now: () => new Date(testApp.serverNow()),
  });
});
afterAll(() => testApp.close());

type Member = Awaited<ReturnType<typeof newMember>>;

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);
const maxBytes = 10 * 1024 * 1024;

interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser builds it. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----sandboxBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(fields: Record<string, string>, files: FilePart[]): Promise<Answer> {
  const body = multipart(fields, files);
  const response = await testApp.app.inject({
    method: 'POST',
    url: collectionUploadPath,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const image = (content: Buffer, filename = 'receipt.png', contentType = 'image/png'): FilePart => ({
  filename,
  contentType,
  content,
});

async function newOrder(member: Member, amount = 20_000) {
  return expectOk(
    await testApp.call<CollectionOrder>(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount,
    }),
  );
}

const uploadFields = (member: Member, orderNo: string) => ({
  ...member.auth,
  orderNo,
  type: '1',
  realm: 'alpha',
  process: 'web',
  lang: 'en',
});

describe('/app/api/collection/upload', () => {
  it('keeps a PNG receipt, after which the order no longer shows as pending', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    expectOk(await upload(uploadFields(member, orderNo), [image(png)]));
    expect(expectOk(await testApp.call(collectionOrder.path, member.auth))).toBeNull();
    const [record] = await depositRecords(testApp, member.auth);
    expect(record).toMatchObject({ orderNo, status: 1 });
    const receipts = await operator.receipts(orderNo);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ mediaType: 'image/png', sizeBytes: png.length });
    expect(Buffer.compare(receipts[0]?.content ?? Buffer.alloc(0), png)).toBe(0);
    const review = await operator.listAwaitingReview({ page: 1, size: 50 });
    expect(review.map((entry) => entry.orderNo)).toContain(orderNo);
    // With its receipt in, the order waits for an operator and the member may start another.
    expectOk(
      await testApp.call(collectionCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 201,
        amount: 10_000,
      }),
    );
  });

  it('judges the type by content, not by name: a JPEG named .txt passes, text named .png does not', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    expectOk(await upload(uploadFields(member, orderNo), [image(jpeg, 'photo.txt', 'text/plain')]));
    const before = await countDepositRows(testApp);
    for (const content of [
      Buffer.from('not an image at all'),
      gif,
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]) {
      const answer = await upload(uploadFields(member, orderNo), [
        image(content, 'receipt.png', 'image/png'),
      ]);
      expectRefused(answer, 5105);
      expect(answer.msg).toBe('Only jpg, jpeg or png images are accepted');
    }
    expect(await countDepositRows(testApp)).toEqual(before);
  });

  it('refuses a file over 10 MB and takes one of exactly 10 MB', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    const before = await countDepositRows(testApp);
    const tooLarge = Buffer.concat([png, Buffer.alloc(maxBytes + 1 - png.length)]);
    expectRefused(await upload(uploadFields(member, orderNo), [image(tooLarge)]), 5106);
    expect(await countDepositRows(testApp)).toEqual(before);
    const largest = Buffer.concat([png, Buffer.alloc(maxBytes - png.length)]);
    expectOk(await upload(uploadFields(member, orderNo), [image(largest)]));
  });

  it('refuses two files, no file and an empty file, keeping nothing', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    const before = await countDepositRows(testApp);
    expectRefused(
      await upload(uploadFields(member, orderNo), [image(png), image(jpeg, 'b.jpg')]),
      5107,
    );
    expectRefused(await upload(uploadFields(member, orderNo), []), 5107);
    expectRefused(await upload(uploadFields(member, orderNo), [image(Buffer.alloc(0))]), 5109);
    expect(await countDepositRows(testApp)).toEqual(before);
    expect(
      expectOk(await testApp.call<CollectionOrder>(collectionOrder.path, member.auth))?.orderNo,
    ).toBe(orderNo);
  });

  it("answers another member's order exactly like a missing one", async () => {
    const owner = await newMember(testApp);
    const other = await newMember(testApp);
    const { orderNo } = await newOrder(owner);
    const foreign = await upload(uploadFields(other, orderNo), [image(png)]);
    const missing = await upload(uploadFields(other, 'D20990101000000000'), [image(png)]);
    expectRefused(foreign, 5102);
    expect(foreign).toEqual(missing);
    expect(await operator.receipts(orderNo)).toEqual([]);
  });

  it('takes receipts for cancelled orders, not for finished ones, and at most five per order', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    expectOk(await testApp.call('/app/api/collection/cancel', { ...member.auth, orderNo }));
    for (let count = 0; count < 5; count += 1) {
      expectOk(await upload(uploadFields(member, orderNo), [image(png)]));
    }
    expectRefused(await upload(uploadFields(member, orderNo), [image(png)]), 5108);
    const paid = await newOrder(member);
    await operator.confirmCollection({ orderNo: paid.orderNo, operator: 'op' });
    expectRefused(await upload(uploadFields(member, paid.orderNo), [image(png)]), 5104);
  });

  it('refuses bad requests by name: not multipart, unknown fields, a wrong type, another file field', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    const json = await testApp.call(collectionUploadPath, { ...member.auth, orderNo });
    expectRefused(json, 1000);
    const unknown = await upload({ ...uploadFields(member, orderNo), colour: 'red' }, [image(png)]);
    expectRefused(unknown, 1000);
    expect(unknown.msg).toContain('unknown field "colour"');
    const type = await upload({ ...uploadFields(member, orderNo), type: '2' }, [image(png)]);
    expectRefused(type, 1000);
    expect(type.msg).toContain('type');
    const field = await upload(uploadFields(member, orderNo), [
      { ...image(png), field: 'picture' },
    ]);
    expectRefused(field, 1000);
    expect(field.msg).toContain('"file"');
    const noOrder = await upload({ ...member.auth }, [image(png)]);
    expectRefused(noOrder, 1000);
    expect(noOrder.msg).toContain('orderNo');
  });

  it('answers 403 without a token and 402 to a visitor', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    expectRefused(await upload({ orderNo }, [image(png)]), 403);
    expectRefused(
      await upload({ orderNo, token: 'forged', uid: member.auth.uid ?? '' }, [image(png)]),
      403,
    );
    const visitor = expectOk(
      await testApp.call<{ uid: string; token: string }>('/app/api/visitor/create'),
    );
    expectRefused(
      await upload({ orderNo, uid: visitor.uid, token: visitor.token }, [image(png)]),
      402,
    );
  });
});

describe('an upload from a caller without a live token', () => {
  let port: number | undefined;
  /**
   * Sends the head of an upload of 11 MB over a real connection: the fields without a token
   * and the first 64 KiB of the file, then nothing more until the server answers.
   */
  async function answerBeforeTheFile(fields: Record<string, string>) {
    port ??= Number(new URL(await testApp.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const boundary = 'unreadBoundary';
    const head = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
    ]);
    const declaredLength = 11 * 1024 * 1024;
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.write(
      `POST ${collectionUploadPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredLength}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length, 1)]));
    // The rest of the 11 MB is never sent: an answer can only come from a server that did not
    // wait for it, and the server closes the connection rather than wait to read it.
    await closed;
    const answer = Buffer.concat(received).toString('latin1');
    const [headers = '', body = ''] = answer.split('\r\n\r\n');
    return { headers, answer: JSON.parse(body) as Answer };
  }

  it('is answered before the file is read, and the connection closed', async () => {
    const member = await newMember(testApp);
    const { orderNo } = await newOrder(member);
    const anonymous = await answerBeforeTheFile({ orderNo, type: '1' });
    expect(anonymous.headers).toMatch(/^HTTP\/1\.1 200/);
    expect(anonymous.headers.toLowerCase()).toContain('connection: close');
    expectRefused(anonymous.answer, 403);
    const forged = await answerBeforeTheFile({ orderNo, token: 'forged', uid: member.auth.uid });
    expectRefused(forged.answer, 403);
    const visitor = expectOk(
      await testApp.call<{ uid: string; token: string }>('/app/api/visitor/create'),
    );
    const asVisitor = await answerBeforeTheFile({ orderNo, ...visitor });
    expectRefused(asVisitor.answer, 402);
    expect((await testApp.call(collectionOrder.path, member.auth)).data).toMatchObject({
      orderNo,
    });
  });
});
