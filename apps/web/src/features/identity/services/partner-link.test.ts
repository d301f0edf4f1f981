import { describe, expect, it, vi } from 'vitest';
import { addressAfterLogin } from './address';
import { addressParameters, linkLanguage, readPartnerLink } from './partner-link';
import { notifyEmbeddingPage } from './partner-messages';

const authTokenQuery =
  'authToken=eyJjIjoxfQ.sig&principal=player-42&channel=acme&lang=en&siteNo=9&currencyCode=USD';

describe('readPartnerLink', () => {
  it('reads an authToken link from the query before the hash', () => {
    expect(readPartnerLink(`?${authTokenQuery}`, '#/index')).toEqual({
      kind: 'authToken',
      authToken: 'eyJjIjoxfQ.sig',
      principal: 'player-42',
      channel: 'acme',
      currencyCode: 'USD',
      siteNo: '9',
      language: 'en',
    });
  });

  it('reads the same link from the query after the hash', () => {
    expect(readPartnerLink('', `#/index?${authTokenQuery}`)).toEqual(
      readPartnerLink(`?${authTokenQuery}`, ''),
    );
    expect(readPartnerLink('', `#/mini?${authTokenQuery}`)?.kind).toBe('authToken');
  });

  it('takes parameters from both sides, the route query winning a parameter given twice', () => {
    const link = readPartnerLink(
      '?authToken=a.b&lang=zh',
      '#/index?principal=p1&channel=c1&lang=zht',
    );
    expect(link).toMatchObject({
      authToken: 'a.b',
      principal: 'p1',
      channel: 'c1',
      language: 'zht',
    });
  });

  it('leaves out empty optional fields, so the site sends its own site number', () => {
    const link = readPartnerLink('?authToken=a.b&principal=p&channel=c&siteNo=&currencyCode=', '');
    expect(link).toEqual({
      kind: 'authToken',
      authToken: 'a.b',
      principal: 'p',
      channel: 'c',
      language: null,
    });
  });

  it('still counts an incomplete authToken link, for the server to say what is missing', () => {
    expect(readPartnerLink('?authToken=a.b', '')).toEqual({
      kind: 'authToken',
      authToken: 'a.b',
      principal: '',
      channel: '',
      language: null,
    });
  });

  it('reads a passcode link, which wins over an authToken beside it', () => {
    expect(readPartnerLink('?passcode=Xy_9-z&lang=zh&siteNo=7', '#/index')).toEqual({
      kind: 'passcode',
      passcode: 'Xy_9-z',
      siteNo: '7',
      language: 'zh',
    });
    expect(readPartnerLink(`?${authTokenQuery}`, '#/index?passcode=abc')?.kind).toBe('passcode');
  });

  it("reads the authToken under the name the app configuration's utk gives it", () => {
    const link = readPartnerLink('?token=a.b&principal=p&channel=c', '#/index', 'token');
    expect(link).toMatchObject({ kind: 'authToken', authToken: 'a.b', principal: 'p' });
    expect(readPartnerLink('?authToken=a.b&principal=p&channel=c', '', 'token')).toBeNull();
  });

  it('answers null for an ordinary visit', () => {
    expect(readPartnerLink('', '#/index')).toBeNull();
    expect(readPartnerLink('?lang=en', '#/index?principal=p')).toBeNull();
    expect(readPartnerLink('', '')).toBeNull();
  });
});

describe('addressParameters', () => {
  it('decodes percent-escapes and keeps base64url signatures whole', () => {
    const parameters = addressParameters('?principal=a%20b', '#/index?authToken=x-y_z.s-t_u');
    expect(parameters.get('principal')).toBe('a b');
    expect(parameters.get('authToken')).toBe('x-y_z.s-t_u');
  });
});

describe('linkLanguage', () => {
  it("maps the link's lang to the site's languages", () => {
    expect(linkLanguage('en')).toBe('en');
    expect(linkLanguage('zht')).toBe('zht');
    expect(linkLanguage('en-US')).toBe('en');
    expect(linkLanguage('zh-TW')).toBe('zht');
    expect(linkLanguage('zh_CN')).toBe('zh');
  });

  it('ignores a lang the site does not have', () => {
    expect(linkLanguage('fr')).toBeNull();
    expect(linkLanguage('')).toBeNull();
    expect(linkLanguage(null)).toBeNull();
  });
});

describe('the address after a partner sign-in', () => {
  it('is the index route, with no link parameter left before or after the hash', () => {
    expect(addressAfterLogin('/', `#/index?${authTokenQuery}`)).toBe('/#/index');
    expect(addressAfterLogin('/', '#/sports?passcode=abc')).toBe('/#/index');
    // The query before the hash is not part of the rewritten address at all.
    expect(addressAfterLogin('/', '')).toBe('/#/index');
  });

  it('keeps compact mode for an embedded page', () => {
    expect(addressAfterLogin('/', `#/mini?${authTokenQuery}`)).toBe('/#/mini');
    expect(addressAfterLogin('/app/', '#/mini/index?passcode=abc')).toBe('/app/#/mini/index');
  });
});

describe('notifyEmbeddingPage', () => {
  it('posts to the parent of a framed page', () => {
    const postMessage = vi.fn();
    const framed = { parent: { postMessage } } as unknown as Window;
    const message = {
      type: 'sportsbook:login-error',
      via: 'authToken',
      code: 2007,
      msg: 'Partner authentication failed',
    } as const;
    notifyEmbeddingPage(message, framed);
    expect(postMessage).toHaveBeenCalledWith(message, '*');
  });

  it('posts nothing from a page opened on its own', () => {
    const postMessage = vi.fn();
    const alone = { postMessage } as unknown as Window & { parent: Window };
    alone.parent = alone;
    notifyEmbeddingPage(
      { type: 'sportsbook:login-success', via: 'passcode', memberId: 3, principal: 'p' },
      alone,
    );
    expect(postMessage).not.toHaveBeenCalled();
  });
});
