import { describe, expect, it } from 'vitest';
import { canonicalJson } from './share-proof';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"y":"x","z":null}]},"b":1}',
    );
  });

  it('writes strings as JSON.stringify does', () => {
    expect(canonicalJson({ comment: '主队 "line"\n' })).toBe('{"comment":"主队 \\"line\\"\\n"}');
  });
});
