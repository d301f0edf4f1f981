import { describe, expect, it } from 'vitest';
import { contentHeightOf } from './content-height';

describe('content height', () => {
  it('gives mini mode and members each their own height', () => {
    expect(contentHeightOf(false, false)).toBe('calc(100vh - 250px)');
    expect(contentHeightOf(false, true)).toBe('calc(100vh - 276px)');
    expect(contentHeightOf(true, false)).toBe('calc(100vh - 150px)');
    expect(contentHeightOf(true, true)).toBe('calc(100vh - 176px)');
  });
});
