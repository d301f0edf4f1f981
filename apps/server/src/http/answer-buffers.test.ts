import { describe, expect, it } from 'vitest';
import { AnswerBuffers } from './answer-buffers';

const kib = 1024;

describe('AnswerBuffers', () => {
  it('lends a buffer of the length asked, and lends the same memory again once given back', () => {
    const buffers = new AnswerBuffers(64 * kib, 10 * 1024 * kib);
    const first = buffers.take(100 * kib);
    expect(first.length).toBe(100 * kib);
    buffers.giveBack(first);
    const second = buffers.take(90 * kib);
    expect(second.length).toBe(90 * kib);
    expect(second.buffer).toBe(first.buffer);
  });

  it('never lends one buffer twice at once', () => {
    const buffers = new AnswerBuffers(64 * kib, 10 * 1024 * kib);
    const first = buffers.take(100 * kib);
    const second = buffers.take(100 * kib);
    expect(second.buffer).not.toBe(first.buffer);
    first.fill(1);
    second.fill(2);
    expect(first.every((byte) => byte === 1)).toBe(true);
  });

  it('lends the smallest free buffer that fits, and a new one when none does', () => {
    const buffers = new AnswerBuffers(64 * kib, 10 * 1024 * kib);
    const small = buffers.take(100 * kib);
    const large = buffers.take(1024 * kib);
    buffers.giveBack(large);
    buffers.giveBack(small);
    expect(buffers.take(80 * kib).buffer).toBe(small.buffer);
    expect(buffers.take(80 * kib).buffer).toBe(large.buffer);
    const fresh = buffers.take(80 * kib);
    expect([small.buffer, large.buffer]).not.toContain(fresh.buffer);
  });

  it('allocates small answers as usual and keeps none of them', () => {
    const buffers = new AnswerBuffers(64 * kib, 10 * 1024 * kib);
    const small = buffers.take(100);
    expect(small.length).toBe(100);
    buffers.giveBack(small);
    expect(buffers.kept()).toEqual({ buffers: 0, bytes: 0 });
  });

  it('ignores a buffer it did not lend and one given back twice', () => {
    const buffers = new AnswerBuffers(64 * kib, 10 * 1024 * kib);
    buffers.giveBack(Buffer.alloc(100 * kib));
    expect(buffers.kept().buffers).toBe(0);
    const lent = buffers.take(100 * kib);
    buffers.giveBack(lent);
    buffers.giveBack(lent);
    expect(buffers.kept().buffers).toBe(1);
    const again = buffers.take(100 * kib);
    expect(buffers.take(100 * kib).buffer).not.toBe(again.buffer);
  });

  it('keeps no more free memory than its limit', () => {
    const buffers = new AnswerBuffers(64 * kib, 1024 * kib);
    const lent = Array.from({ length: 4 }, () => buffers.take(400 * kib));
    for (const buffer of lent) buffers.giveBack(buffer);
    const { buffers: count, bytes } = buffers.kept();
    expect(bytes).toBeLessThanOrEqual(1024 * kib);
    expect(count).toBe(2);
  });
});
