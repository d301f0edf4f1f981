import { describe, expect, it } from 'vitest';
import { activityLinkOf, activityPeriodOf, excerptOf, paragraphsOf, postIdOf } from './post-text';

describe('postIdOf', () => {
  it('reads a plain whole number from 1 up', () => {
    expect(postIdOf('12')).toBe(12);
    expect(postIdOf('1')).toBe(1);
  });

  it('reads nothing else', () => {
    for (const value of [
      null,
      '',
      '0',
      '-3',
      '1.5',
      '012',
      ' 7',
      '1e3',
      'abc',
      '99999999999999999',
    ])
      expect(postIdOf(value), String(value)).toBeNull();
  });
});

describe('excerptOf', () => {
  it('keeps a short one-line text whole', () => {
    expect(excerptOf('  Cup draw on Friday  ')).toBe('Cup draw on Friday');
  });

  it('joins the lines, leaving out empty ones', () => {
    expect(excerptOf('\n\nFirst line.\n\n  Second line.')).toBe('First line. Second line.');
    expect(excerptOf('八强抽签已完成。\n对阵如下\nA组')).toBe('八强抽签已完成。对阵如下A组');
  });

  it('cuts at whole characters', () => {
    expect(excerptOf('足球比赛今晚开始', 4)).toBe('足球比赛…');
    expect(excerptOf('😀😀😀', 2)).toBe('😀😀…');
    expect(excerptOf('', 4)).toBe('');
  });
});

describe('paragraphsOf', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(paragraphsOf('One\nstill one\r\n\r\nTwo\n  \n\n\nThree\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(paragraphsOf('  \n ')).toEqual([]);
  });

  it('keeps markup as the text it is', () => {
    expect(paragraphsOf('<b>bold</b>')).toEqual(['<b>bold</b>']);
  });
});

describe('activityPeriodOf', () => {
  it('writes the window in the display zone, four hours behind UTC', () => {
    expect(activityPeriodOf(Date.UTC(2026, 5, 1, 2, 30), Date.UTC(2026, 5, 30, 16))).toEqual({
      from: '2026-05-31 22:30',
      until: '2026-06-30 12:00',
    });
    expect(activityPeriodOf(Date.UTC(2026, 5, 1, 12), null).until).toBeNull();
  });
});

describe('activityLinkOf', () => {
  it('keeps in-app routes in the app and opens addresses as links', () => {
    expect(activityLinkOf('#/index?tab=today')).toEqual({ kind: 'route', to: '/index?tab=today' });
    expect(activityLinkOf('/promo')).toEqual({ kind: 'address', href: '/promo' });
    expect(activityLinkOf('https://example.com/a')).toEqual({
      kind: 'address',
      href: 'https://example.com/a',
    });
  });

  it('leads nowhere else', () => {
    for (const value of [null, '', 'javascript:alert(1)', '//evil.example', 'http://x.example'])
      expect(activityLinkOf(value), String(value)).toBeNull();
  });
});
