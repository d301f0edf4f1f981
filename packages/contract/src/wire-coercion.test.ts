import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boolField, boundedInt, textField } from './common';
import { depositAmountField } from './deposit';
import { idListField } from './match';
import { joinRoomPayloadSchema } from './socket';
import { coerceWireValue } from './wire-coercion';

const fields = z
  .object({
    name: textField(16).min(1),
    note: textField(16).optional(),
    count: boundedInt(0, 100),
    page: boundedInt(1, 10).default(1),
    ratio: z.number().optional(),
    isOn: boolField().optional(),
    kind: z.enum(['a', 'b']).optional(),
    code: z.literal(7).optional(),
    ids: idListField(5).optional(),
    pairs: z.array(z.object({ id: boundedInt(1, 9), label: textField(8) })).optional(),
  })
  .strict();

const read = (value: Record<string, unknown>) => fields.safeParse(coerceWireValue(fields, value));

describe('the wire coercion', () => {
  it('passes on a union value no option can measure, for the validation to refuse', () => {
    const slip = z.object({
      data: z.union([z.string().min(1).max(16), z.record(z.string(), z.unknown())]),
    });
    const unmeasurable = { data: { length: { valueOf: 0, toString: 0 } } };
    // The string option's length check throws on it; the coercion does not.
    expect(coerceWireValue(slip, unmeasurable)).toEqual(unmeasurable);
    expect(coerceWireValue(slip, { data: '{"a":1}' })).toEqual({ data: '{"a":1}' });
  });

  it('reads the same request from numbers, their text and form text alike', () => {
    const asNumbers = read({ name: 888, count: 7, ratio: 1.5, isOn: true, code: 7 });
    const asText = read({ name: '888', count: '7', ratio: '1.5', isOn: 'true', code: '7' });
    const asDigits = read({ name: '888', count: ' 7 ', ratio: '1.50', isOn: '1', code: 7 });
    const expected = { name: '888', count: 7, page: 1, ratio: 1.5, isOn: true, code: 7 };
    expect(asNumbers).toEqual({ success: true, data: expected });
    expect(asText).toEqual({ success: true, data: expected });
    expect(asDigits).toEqual({ success: true, data: expected });
    expect(read({ name: 'x', count: 0, isOn: 0 }).data?.isOn).toBe(false);
    expect(read({ name: 'x', count: 0, isOn: 'false' }).data?.isOn).toBe(false);
  });

  it('reads an empty string as absent: optional fields left out, defaults taken, nullables null', () => {
    const answer = read({
      name: 'x',
      count: 3,
      note: '',
      page: '',
      ratio: '',
      isOn: '',
      kind: '',
      code: '',
      ids: '',
      pairs: '',
    });
    expect(answer).toEqual({ success: true, data: { name: 'x', count: 3, page: 1 } });
    const nullable = z.object({ label: textField(8).nullable() });
    expect(nullable.parse(coerceWireValue(nullable, { label: '' }))).toEqual({ label: null });
  });

  it('reports an empty required field as missing, so the refusal names it', () => {
    const answer = read({ name: '', count: '' });
    expect(answer.success).toBe(false);
    const paths = answer.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['name', 'count']);
    expect(answer.error?.issues.every((issue) => issue.code === 'invalid_type')).toBe(true);
  });

  it('reads lists as JSON text, comma-joined text, one bare item or an array', () => {
    for (const ids of ['1,2,3', '[1,2,3]', ['1', '2', 3], ' 1, 2 ,3']) {
      expect(read({ name: 'x', count: 1, ids }).data?.ids).toEqual([1, 2, 3]);
    }
    expect(read({ name: 'x', count: 1, ids: 4 }).data?.ids).toEqual([4]);
    expect(read({ name: 'x', count: 1, ids: '4' }).data?.ids).toEqual([4]);
    const pairs = '[{"id":"2","label":5}]';
    expect(read({ name: 'x', count: 1, pairs }).data?.pairs).toEqual([{ id: 2, label: '5' }]);
  });

  it('takes enum and literal members in the other type', () => {
    const numbers = z.object({ level: z.union([z.literal(1), z.literal(2)]) });
    expect(numbers.parse(coerceWireValue(numbers, { level: '2' }))).toEqual({ level: 2 });
    const texts = z.object({ mode: z.enum(['1', '2']) });
    expect(texts.parse(coerceWireValue(texts, { mode: 2 }))).toEqual({ mode: '2' });
  });

  it('passes what does not fit on unchanged, for the schema to refuse with the field named', () => {
    for (const count of ['0x10', 'Infinity', '1e999', 'seven', '7 apples', true, [7]]) {
      const answer = read({ name: 'x', count });
      expect(answer.success, String(count)).toBe(false);
      expect(answer.error?.issues[0]?.path).toEqual(['count']);
    }
    expect(read({ name: 'x', count: 1, isOn: 'yes' }).success).toBe(false);
    expect(read({ name: 'x', count: '1.5' }).success).toBe(false);
  });

  it('still refuses unknown fields by name, prototype keys included', () => {
    const answer = read(JSON.parse('{"name":"x","count":1,"__proto__":{"admin":true},"extra":""}'));
    expect(answer.success).toBe(false);
    const issue = answer.error?.issues[0];
    expect(issue?.code).toBe('unrecognized_keys');
    expect(issue && 'keys' in issue ? issue.keys : []).toEqual(['__proto__', 'extra']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('leaves a value a union takes as it came: a deposit amount is still read from its text', () => {
    const amount = z.object({ amount: depositAmountField() });
    const leadingZero = amount.safeParse(coerceWireValue(amount, { amount: '0100' }));
    expect(leadingZero.success).toBe(false);
    expect(amount.parse(coerceWireValue(amount, { amount: '100' }))).toEqual({ amount: 100 });
    expect(amount.parse(coerceWireValue(amount, { amount: 100 }))).toEqual({ amount: 100 });
  });

  it("reads socket payloads by the same rules: SPEC's join-room as form-like text", () => {
    const payload = { initData: 'false', rooms: 'A-1-2,A-1-3' };
    expect(joinRoomPayloadSchema.parse(coerceWireValue(joinRoomPayloadSchema, payload))).toEqual({
      initData: false,
      rooms: ['A-1-2', 'A-1-3'],
    });
  });

  it('changes nothing in the value it was given', () => {
    const sent = { name: 5, count: '3', ids: '1,2' };
    coerceWireValue(fields, sent);
    expect(sent).toEqual({ name: 5, count: '3', ids: '1,2' });
  });
});
