import {
  activityDetail,
  activityList,
  type CallOutput,
  errorCatalogue,
  noticeDetail,
  noticeList,
  noticePageList,
  sitePostDelete,
  sitePostUnpublish,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractOutput, expectOk, registerMember } from '../identity/helpers';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { createPost, idsAmong, postFields, visitorAuth, withoutId } from './helpers';

/**
 * What members read of site content: only published posts inside their window, in the
 * request's language or for every language, ordered as documented; visitors and callers without
 * a token read the same; an activity members cannot see answers exactly as one that never was.
 */

const minuteMs = 60_000;
const hourMs = 3_600_000;
let clock = Date.parse('2031-06-01T08:00:00Z');
let testApp: TestApp;
let editor: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
  editor = await operatorToken(testApp, ['support'], clock);
});
afterAll(() => testApp.close());

type Notices = CallOutput<typeof noticeList>;
type Page = CallOutput<typeof noticePageList>;
type Activities = CallOutput<typeof activityList>;

const read = async <T>(path: string, fields: Record<string, unknown> = {}) =>
  expectOk(await testApp.call<T>(path, fields));

describe('notices and banners', () => {
  it('shows published posts in their window and language, highest weight first', async () => {
    const notice = (fields: Record<string, unknown>) =>
      createPost(testApp, editor, postFields(clock, fields));
    const english = await notice({ language: 'en', sortWeight: 1, title: 'Welcome' });
    const everyone = await notice({ language: 'all', sortWeight: 9, title: 'Maintenance' });
    const chinese = await notice({ language: 'zh', title: '欢迎' });
    const draft = await notice({ language: 'en', isPublished: false });
    const later = await notice({ language: 'en', startsAt: clock + minuteMs });
    const over = await notice({ language: 'en', startsAt: clock - hourMs, endsAt: clock });
    const removed = await notice({ language: 'en' });
    expectOk(
      await adminCall(testApp, sitePostDelete.path, {
        bearer: editor,
        fields: { id: removed.id, reason: 'gone' },
      }),
    );
    const banner = await createPost(
      testApp,
      editor,
      postFields(clock, {
        kind: 'banner',
        language: 'en',
        title: 'Derby day',
        imageUrl: '/static/derby.png',
        matchId: 42,
      }),
    );
    const ours = [english, everyone, chinese, draft, later, over, removed].map((post) => post.id);

    const inEnglish = await read<Notices>(noticeList.path, { lang: 'en' });
    expectContractOutput(noticeList, inEnglish);
    expect(idsAmong(inEnglish.notices, ours)).toEqual([everyone.id, english.id]);
    expect(inEnglish.notices.find((item) => item.id === english.id)).toEqual({
      id: english.id,
      text: 'Welcome',
      startsAt: clock - hourMs,
    });
    expect(inEnglish.banners.find((item) => item.id === banner.id)).toEqual({
      id: banner.id,
      title: 'Derby day',
      imageUrl: '/static/derby.png',
      linkUrl: null,
      matchId: 42,
    });
    const inChinese = await read<Notices>(noticeList.path, { lang: 'zh' });
    expect(idsAmong(inChinese.notices, ours)).toEqual([everyone.id, chinese.id]);
    expect(inChinese.banners.map((item) => item.id)).not.toContain(banner.id);

    // The scheduled notice opens with its window, and the ended one stays ended.
    clock += minuteMs;
    const opened = await read<Notices>(noticeList.path, { lang: 'en' });
    expect(idsAmong(opened.notices, ours)).toEqual([everyone.id, english.id, later.id]);

    // Unpublishing takes a notice off at once.
    expectOk(
      await adminCall(testApp, sitePostUnpublish.path, {
        bearer: editor,
        fields: { id: everyone.id, reason: 'done' },
      }),
    );
    const after = await read<Notices>(noticeList.path, { lang: 'en' });
    expect(idsAmong(after.notices, ours)).toEqual([english.id, later.id]);
  });

  it('answers visitors, members and callers without a token alike', async () => {
    const post = await createPost(testApp, editor, postFields(clock, { language: 'zht' }));
    const visitor = await visitorAuth(testApp);
    const { session } = await registerMember(testApp);
    const answers = [
      await read<Notices>(noticeList.path, { lang: 'zht' }),
      await read<Notices>(noticeList.path, { ...visitor, lang: 'zht' }),
      await read<Notices>(noticeList.path, { token: session.token, uid: session.uid, lang: 'zht' }),
    ];
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.notices.map((item) => item.id)).toContain(post.id);
    // GET with the query, as the contract allows.
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${noticeList.path}?lang=zht`,
    });
    expect(response.json()).toMatchObject({ code: 0, data: answers[0] });
  });
});

describe('the notice page', () => {
  it('lists notices and news shown now, newest first, a page at a time', async () => {
    const tag = { language: 'all' };
    const oldNews = await createPost(
      testApp,
      editor,
      postFields(clock, { ...tag, kind: 'news', body: 'Old', startsAt: clock - 3 * hourMs }),
    );
    const newNotice = await createPost(
      testApp,
      editor,
      postFields(clock, { ...tag, startsAt: clock - minuteMs }),
    );
    const midNews = await createPost(
      testApp,
      editor,
      postFields(clock, { ...tag, kind: 'news', body: 'Mid', startsAt: clock - 2 * hourMs }),
    );
    const banner = await createPost(
      testApp,
      editor,
      postFields(clock, { ...tag, kind: 'banner', imageUrl: '/b.png' }),
    );
    const ours = [oldNews.id, newNotice.id, midNews.id, banner.id];

    const whole = await read<Page>(noticePageList.path, { size: 50 });
    expectContractOutput(noticePageList, whole);
    expect(idsAmong(whole.records, ours)).toEqual([newNotice.id, midNews.id, oldNews.id]);
    expect(whole.records.find((record) => record.id === midNews.id)).toEqual({
      id: midNews.id,
      kind: 'news',
      title: midNews.title,
      body: 'Mid',
      startsAt: clock - 2 * hourMs,
    });
    const first = await read<Page>(noticePageList.path, { size: 2, page: 1 });
    const second = await read<Page>(noticePageList.path, { size: 2, page: 2 });
    expect(first.total).toBe(whole.total);
    expect(first.records).toEqual(whole.records.slice(0, 2));
    expect(second.records).toEqual(whole.records.slice(2, 4));
    expectRefused(
      await testApp.call(noticePageList.path, { size: 51 }),
      errorCatalogue.INVALID_INPUT.code,
    );
  });

  it('opens a notice or an article shown now; others answer as missing', async () => {
    const article = await createPost(
      testApp,
      editor,
      postFields(clock, { kind: 'news', language: 'en', title: 'Cup draw', body: 'Line one\nTwo' }),
    );
    const detail = await read(noticeDetail.path, { id: String(article.id), lang: 'en' });
    expect(expectContractOutput(noticeDetail, detail)).toEqual({
      id: article.id,
      kind: 'news',
      title: 'Cup draw',
      body: 'Line one\nTwo',
      startsAt: article.startsAt,
    });
    const notice = await createPost(testApp, editor, postFields(clock, { language: 'all' }));
    expect(await read(noticeDetail.path, { id: notice.id, lang: 'zh' })).toMatchObject({
      id: notice.id,
      kind: 'notice',
      body: '',
    });

    const missingId = 900_000_000 + article.id;
    const missing = withoutId(
      await testApp.call(noticeDetail.path, { id: missingId, lang: 'en' }),
      missingId,
    );
    expectRefused(missing, errorCatalogue.CONTENT_NOT_FOUND.code);
    const news = (fields: Record<string, unknown>) =>
      createPost(testApp, editor, postFields(clock, { kind: 'news', body: 'B', ...fields }));
    const hidden = [
      await news({ language: 'en', isPublished: false }),
      await news({ language: 'en', startsAt: clock + minuteMs }),
      await news({ language: 'en', startsAt: clock - hourMs, endsAt: clock }),
      await news({ language: 'zh' }),
      await createPost(
        testApp,
        editor,
        postFields(clock, { kind: 'activity', language: 'en', body: 'A' }),
      ),
    ];
    const removed = await news({ language: 'en' });
    expectOk(
      await adminCall(testApp, sitePostDelete.path, {
        bearer: editor,
        fields: { id: removed.id, reason: 'gone' },
      }),
    );
    for (const post of [...hidden, removed]) {
      const answer = await testApp.call(noticeDetail.path, { id: post.id, lang: 'en' });
      expect(withoutId(answer, post.id), `post ${post.id}`).toEqual(missing);
    }
    expectRefused(
      await testApp.call(noticeDetail.path, { id: 1, extra: 1 }),
      errorCatalogue.INVALID_INPUT.code,
    );
  });
});

describe('activities', () => {
  it('lists running activities by weight and opens each; others answer as missing', async () => {
    const activity = (fields: Record<string, unknown>) =>
      createPost(
        testApp,
        editor,
        postFields(clock, { kind: 'activity', body: 'Text', language: 'en', ...fields }),
      );
    const low = await activity({ sortWeight: 1, rules: 'Rules apply.' });
    const high = await activity({ sortWeight: 100, imageUrl: '/a.png', linkUrl: '#/index' });
    const draft = await activity({ isPublished: false });
    const later = await activity({ startsAt: clock + hourMs });
    const over = await activity({ startsAt: clock - 2 * hourMs, endsAt: clock - minuteMs });
    const chinese = await activity({ language: 'zh' });
    const removed = await activity({});
    expectOk(
      await adminCall(testApp, sitePostDelete.path, {
        bearer: editor,
        fields: { id: removed.id, reason: 'gone' },
      }),
    );
    const ours = [low, high, draft, later, over, chinese, removed].map((post) => post.id);

    const list = await read<Activities>(activityList.path, { lang: 'en', size: 50 });
    expectContractOutput(activityList, list);
    expect(idsAmong(list.records, ours)).toEqual([high.id, low.id]);

    const detail = await read(activityDetail.path, { id: low.id, lang: 'en' });
    expect(expectContractOutput(activityDetail, detail)).toEqual({
      id: low.id,
      title: low.title,
      imageUrl: null,
      linkUrl: null,
      matchId: null,
      startsAt: low.startsAt,
      endsAt: null,
      body: 'Text',
      rules: 'Rules apply.',
    });

    const missingId = 900_000_000 + low.id;
    const missing = withoutId(
      await testApp.call(activityDetail.path, { id: missingId, lang: 'en' }),
      missingId,
    );
    expectRefused(missing, errorCatalogue.CONTENT_NOT_FOUND.code);
    const notActivity = await createPost(testApp, editor, postFields(clock, { language: 'en' }));
    for (const hidden of [draft, later, over, chinese, removed, notActivity]) {
      const answer = await testApp.call(activityDetail.path, { id: hidden.id, lang: 'en' });
      expect(withoutId(answer, hidden.id), `post ${hidden.id}`).toEqual(missing);
    }
    // The one in Chinese opens in Chinese.
    expect(await read(activityDetail.path, { id: chinese.id, lang: 'zh' })).toMatchObject({
      id: chinese.id,
    });
  });
});
