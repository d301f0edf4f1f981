import {
  type AuditEntry,
  errorCatalogue,
  sitePostDelete,
  sitePostList,
  sitePostSave,
  sitePostUnpublish,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../identity/helpers';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  countContentRows,
  createPost,
  type PostList,
  postFields,
  type SavedPost,
  savePost,
} from './helpers';

/**
 * The site desk's content calls: who may list and edit posts, what a save must hold (each
 * refusal naming its field and writing nothing), and the audit entry of every change.
 */

const clock = Date.parse('2031-03-01T12:00:00Z');
let testApp: TestApp;
let admin: string;
let support: string;
let finance: string;
let trader: string;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
  const tokenOf = (role: 'admin' | 'support' | 'finance' | 'trader') =>
    operatorToken(testApp, [role], clock);
  [admin, support, finance, trader] = await Promise.all([
    tokenOf('admin'),
    tokenOf('support'),
    tokenOf('finance'),
    tokenOf('trader'),
  ]);
});
afterAll(() => testApp.close());

const call = <T>(bearer: string, path: string, fields: Record<string, unknown> = {}) =>
  adminCall<T>(testApp, path, { bearer, fields });

async function auditOf(postId: number): Promise<AuditEntry[]> {
  const answer = await call<{ entries: AuditEntry[] }>(admin, '/admin/api/audit/list', {
    targetType: 'site_post',
    targetId: String(postId),
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

describe('who may edit', () => {
  it('lets support and admins list and save, and refuses finance, traders and members', async () => {
    const bySupport = await createPost(testApp, support, postFields(clock));
    const byAdmin = await createPost(testApp, admin, postFields(clock));
    expect(bySupport.createdBy).not.toBe(byAdmin.createdBy);
    for (const bearer of [support, admin]) {
      const list = await call<PostList>(bearer, sitePostList.path, { kind: 'notice' });
      expect(list, list.msg).toMatchObject({ code: 0 });
      expect(list.data.records.map((post) => post.id)).toEqual(
        expect.arrayContaining([bySupport.id, byAdmin.id]),
      );
    }

    const before = await countContentRows(testApp);
    for (const bearer of [finance, trader]) {
      expectRefused(
        await call(bearer, sitePostList.path),
        errorCatalogue.OPERATOR_NOT_PERMITTED.code,
      );
      for (const path of [sitePostUnpublish.path, sitePostDelete.path])
        expectRefused(
          await call(bearer, path, { id: bySupport.id, reason: 'x' }),
          errorCatalogue.OPERATOR_NOT_PERMITTED.code,
        );
      expectRefused(
        await savePost(testApp, bearer, postFields(clock)),
        errorCatalogue.OPERATOR_NOT_PERMITTED.code,
      );
    }
    const { session } = await registerMember(testApp);
    const asMember = await testApp.call(sitePostSave.path, {
      token: session.token,
      uid: session.uid,
      ...postFields(clock),
    });
    expectRefused(asMember, errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code);
    expectRefused(
      await testApp.call(sitePostList.path, {}),
      errorCatalogue.OPERATOR_SESSION_INVALID.code,
    );
    expect(await countContentRows(testApp)).toEqual(before);
  });
});

describe('what a save must hold', () => {
  const refusals: { name: string; fields: Record<string, unknown>; field: string }[] = [
    { name: 'an empty title', fields: { title: '  ' }, field: 'title' },
    { name: 'a title over 200 characters', fields: { title: 'x'.repeat(201) }, field: 'title' },
    { name: 'a control character', fields: { title: 'ring\u0007bell' }, field: 'title' },
    { name: 'an unknown kind', fields: { kind: 'popup' }, field: 'kind' },
    { name: 'an unknown language', fields: { language: 'fr' }, field: 'language' },
    { name: 'no reason', fields: { reason: '' }, field: 'reason' },
    { name: 'no start', fields: { startsAt: undefined }, field: 'startsAt' },
    { name: 'an end at the start', fields: { endsAt: clock - 3_600_000 }, field: 'endsAt' },
    { name: 'an end before the start', fields: { endsAt: clock - 7_200_000 }, field: 'endsAt' },
    { name: 'a notice with a body', fields: { body: 'more' }, field: 'body' },
    { name: 'a notice with an image', fields: { imageUrl: '/img/a.png' }, field: 'imageUrl' },
    { name: 'a notice with a link', fields: { linkUrl: '#/index' }, field: 'linkUrl' },
    { name: 'news without a body', fields: { kind: 'news' }, field: 'body' },
    { name: 'a banner without an image', fields: { kind: 'banner' }, field: 'imageUrl' },
    {
      name: 'a banner with a link and a match',
      fields: { kind: 'banner', imageUrl: '/b.png', linkUrl: '#/index', matchId: 7 },
      field: 'matchId',
    },
    {
      name: 'a javascript: link',
      fields: { kind: 'banner', imageUrl: '/b.png', linkUrl: 'javascript:alert(1)' },
      field: 'linkUrl',
    },
    {
      name: 'an upper-case JavaScript: link',
      fields: { kind: 'banner', imageUrl: '/b.png', linkUrl: 'JavaScript:alert(1)' },
      field: 'linkUrl',
    },
    {
      name: 'a data: image',
      fields: { kind: 'banner', imageUrl: 'data:image/png;base64,AAAA' },
      field: 'imageUrl',
    },
    {
      name: 'a plain http image',
      fields: { kind: 'banner', imageUrl: 'http://cdn.example/b.png' },
      field: 'imageUrl',
    },
    {
      name: 'a protocol-relative image',
      fields: { kind: 'banner', imageUrl: '//evil.example/b.png' },
      field: 'imageUrl',
    },
    {
      name: 'an address with credentials',
      fields: { kind: 'banner', imageUrl: '/b.png', linkUrl: 'https://user:pw@evil.example/' },
      field: 'linkUrl',
    },
    {
      name: 'an in-app route as an image',
      fields: { kind: 'banner', imageUrl: '#/index' },
      field: 'imageUrl',
    },
    {
      name: 'an address with a space',
      fields: { kind: 'banner', imageUrl: '/b.png', linkUrl: '/a b' },
      field: 'linkUrl',
    },
    {
      name: 'rules on news',
      fields: { kind: 'news', body: 'text', rules: 'terms' },
      field: 'rules',
    },
    { name: 'a version without an id', fields: { version: 1 }, field: 'version' },
    { name: 'an unknown field', fields: { html: '<b>x</b>' }, field: '"html"' },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}, naming ${refusal.field}, and writes nothing`, async () => {
      const before = await countContentRows(testApp);
      const answer = await savePost(testApp, support, postFields(clock, refusal.fields));
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain(refusal.field);
      expect(await countContentRows(testApp)).toEqual(before);
    });
  }

  it('accepts every kind with what it shows, https and site addresses', async () => {
    const banner = await createPost(
      testApp,
      support,
      postFields(clock, {
        kind: 'banner',
        language: 'en',
        imageUrl: 'https://cdn.example/banners/derby.png',
        linkUrl: '#/index?tab=inPlay',
        sortWeight: 50,
      }),
    );
    expect(banner).toMatchObject({ kind: 'banner', state: 'live', version: 1, matchId: null });
    const activity = await createPost(
      testApp,
      support,
      postFields(clock, {
        kind: 'activity',
        body: 'Deposit twice,\nget a bonus.',
        rules: 'One per member.',
        imageUrl: '/static/activity.png',
        matchId: 1234,
        endsAt: clock + 86_400_000,
      }),
    );
    expect(activity).toMatchObject({
      body: 'Deposit twice,\nget a bonus.',
      rules: 'One per member.',
      linkUrl: null,
      matchId: 1234,
      endsAt: clock + 86_400_000,
    });
    const draft = await createPost(testApp, support, postFields(clock, { isPublished: false }));
    expect(draft.state).toBe('draft');
    const later = await createPost(testApp, support, postFields(clock, { startsAt: clock + 1 }));
    expect(later.state).toBe('scheduled');
  });
});

describe('changes and their audit entries', () => {
  it('creates, updates, unpublishes and deletes with before and after, and a repeat changes nothing', async () => {
    const fields = postFields(clock, { kind: 'news', body: 'First text', language: 'zh' });
    const created = await createPost(testApp, support, { ...fields, reason: 'launch' });
    expect(created).toMatchObject({ version: 1, state: 'live', createdAt: clock });

    const updated = await savePost(testApp, admin, {
      ...fields,
      id: created.id,
      version: 1,
      body: 'Second text',
      sortWeight: 5,
      reason: 'typo',
    });
    expect(updated, updated.msg).toMatchObject({
      code: 0,
      data: { version: 2, body: 'Second text', sortWeight: 5, applied: true },
    });
    expect(updated.data.updatedBy).not.toBe(created.createdBy);

    const before = await countContentRows(testApp);
    const same = await savePost(testApp, admin, {
      ...fields,
      id: created.id,
      version: 2,
      body: 'Second text',
      sortWeight: 5,
      reason: 'again',
    });
    expect(same, same.msg).toMatchObject({ code: 0, data: { version: 2, applied: false } });
    const stale = await savePost(testApp, support, {
      ...fields,
      id: created.id,
      version: 1,
      body: 'Lost update',
    });
    expectRefused(stale, errorCatalogue.INVALID_INPUT.code);
    expect(stale.msg).toContain('version');
    expect(stale.msg).toContain('now version 2');
    const otherKind = await savePost(testApp, support, {
      ...fields,
      id: created.id,
      version: 2,
      kind: 'activity',
    });
    expectRefused(otherKind, errorCatalogue.INVALID_INPUT.code);
    expect(otherKind.msg).toContain('kind');
    const noVersion = await savePost(testApp, support, { ...fields, id: created.id });
    expect(noVersion.msg).toContain('version');
    expect(await countContentRows(testApp)).toEqual(before);

    const off = await call<SavedPost>(support, sitePostUnpublish.path, {
      id: created.id,
      reason: 'wrong week',
    });
    expect(off, off.msg).toMatchObject({
      code: 0,
      data: { isPublished: false, state: 'draft', version: 3, applied: true },
    });
    const offAgain = await call<SavedPost>(support, sitePostUnpublish.path, {
      id: created.id,
      reason: 'again',
    });
    expect(offAgain.data).toMatchObject({ version: 3, applied: false });

    const deleted = await call<SavedPost>(admin, sitePostDelete.path, {
      id: created.id,
      reason: 'obsolete',
    });
    expect(deleted, deleted.msg).toMatchObject({
      code: 0,
      data: { state: 'deleted', deletedAt: clock, version: 4, applied: true },
    });
    const deletedAgain = await call<SavedPost>(admin, sitePostDelete.path, {
      id: created.id,
      reason: 'again',
    });
    expect(deletedAgain.data).toMatchObject({ version: 4, applied: false });

    const entries = await auditOf(created.id);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['site_post.delete', 'obsolete'],
      ['site_post.unpublish', 'wrong week'],
      ['site_post.update', 'typo'],
      ['site_post.create', 'launch'],
    ]);
    const [deleteEntry, unpublishEntry, updateEntry, createEntry] = entries;
    expect(createEntry?.before).toBeNull();
    expect(createEntry?.after).toMatchObject({
      kind: 'news',
      language: 'zh',
      body: 'First text',
      version: 1,
      startsAt: new Date(clock - 3_600_000).toISOString(),
    });
    expect(updateEntry?.before).toMatchObject({ body: 'First text', sortWeight: 0, version: 1 });
    expect(updateEntry?.after).toMatchObject({ body: 'Second text', sortWeight: 5, version: 2 });
    expect(unpublishEntry?.before).toMatchObject({ isPublished: true });
    expect(unpublishEntry?.after).toMatchObject({ isPublished: false });
    expect(deleteEntry?.before).toMatchObject({ deletedAt: null });
    expect(deleteEntry?.after).toMatchObject({ deletedAt: new Date(clock).toISOString() });

    // A deleted post leaves the list, stays in the deleted view and can no longer be changed.
    const listed = await call<PostList>(support, sitePostList.path, { kind: 'news' });
    expect(listed.data.records.map((post) => post.id)).not.toContain(created.id);
    const deletedView = await call<PostList>(support, sitePostList.path, { isDeleted: true });
    expect(deletedView.data.records.map((post) => post.id)).toContain(created.id);
    const edit = await savePost(testApp, support, { ...fields, id: created.id, version: 4 });
    expectRefused(edit, errorCatalogue.CONTENT_NOT_FOUND.code);
    expectRefused(
      await call(support, sitePostUnpublish.path, { id: created.id, reason: 'x' }),
      errorCatalogue.CONTENT_NOT_FOUND.code,
    );
    expect(await auditOf(created.id)).toHaveLength(4);
  });

  it('answers a post that does not exist as missing for every change', async () => {
    const before = await countContentRows(testApp);
    const missing = 987_654_321;
    expectRefused(
      await savePost(testApp, support, postFields(clock, { id: missing, version: 1 })),
      errorCatalogue.CONTENT_NOT_FOUND.code,
    );
    for (const path of [sitePostUnpublish.path, sitePostDelete.path])
      expectRefused(
        await call(support, path, { id: missing, reason: 'x' }),
        errorCatalogue.CONTENT_NOT_FOUND.code,
      );
    expect(await countContentRows(testApp)).toEqual(before);
  });
});

describe('the list', () => {
  it('filters by kind, language, published and title, newest first, with paging', async () => {
    const tag = `Filter${Date.now().toString(36)}`;
    const made: SavedPost[] = [];
    for (const [kind, language, isPublished] of [
      ['notice', 'en', true],
      ['notice', 'zh', false],
      ['news', 'en', true],
    ] as const)
      made.push(
        await createPost(
          testApp,
          support,
          postFields(clock, {
            kind,
            language,
            isPublished,
            title: `${tag} ${kind} ${language}`,
            ...(kind === 'news' ? { body: 'text' } : {}),
          }),
        ),
      );
    const list = (fields: Record<string, unknown>) =>
      call<PostList>(support, sitePostList.path, { q: tag.toLowerCase(), ...fields });
    expect((await list({})).data.records.map((post) => post.id)).toEqual(
      made.map((post) => post.id).reverse(),
    );
    expect((await list({ kind: 'notice' })).data.total).toBe(2);
    expect((await list({ language: 'en' })).data.total).toBe(2);
    expect((await list({ isPublished: false })).data.records.map((post) => post.id)).toEqual([
      made[1]?.id,
    ]);
    const firstPage = await list({ size: 2 });
    expect(firstPage.data).toMatchObject({ total: 3 });
    expect(firstPage.data.records).toHaveLength(2);
    expect((await list({ size: 2, page: 2 })).data.records.map((post) => post.id)).toEqual([
      made[0]?.id,
    ]);
    // LIKE's wildcards are searched for literally.
    expect((await call<PostList>(support, sitePostList.path, { q: '%' })).data.total).toBe(0);
  });
});
