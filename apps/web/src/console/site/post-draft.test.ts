import type { SitePost } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  draftOfPost,
  epochMsOfLocalInput,
  localInputOf,
  newPostDraft,
  type PostDraft,
  postInputOf,
} from './post-draft';

const nowMs = new Date(2031, 2, 1, 9, 30, 45, 500).getTime();

const saved: SitePost = {
  id: 7,
  kind: 'activity',
  language: 'en',
  title: 'Cup bonus',
  body: 'Text',
  imageUrl: '/static/cup.png',
  linkUrl: null,
  matchId: 99,
  rules: 'One per member',
  sortWeight: 3,
  startsAt: nowMs,
  endsAt: nowMs + 86_400_000,
  isPublished: true,
  state: 'live',
  version: 4,
  createdBy: 1,
  createdAt: nowMs,
  updatedBy: 1,
  updatedAt: nowMs,
  deletedAt: null,
};

function expectProblem(draft: PostDraft, problem: string, reason = 'why') {
  expect(postInputOf(draft, reason)).toEqual({ problem });
}

describe('times in the operator’s time zone', () => {
  it('write and read datetime-local values to the minute, in local time', () => {
    expect(localInputOf(nowMs)).toBe('2031-03-01T09:30');
    expect(epochMsOfLocalInput('2031-03-01T09:30')).toBe(new Date(2031, 2, 1, 9, 30).getTime());
    for (const text of ['', '2031-03-01', '01/03/2031 09:30', '2031-13-01T09:30x'])
      expect(epochMsOfLocalInput(text), text).toBeNull();
  });
});

describe('a new post', () => {
  it('starts as an unpublished notice for every language from this minute', () => {
    const draft = newPostDraft(nowMs);
    expect(draft).toMatchObject({ kind: 'notice', language: 'all', isPublished: false });
    const answer = postInputOf({ ...draft, title: ' Maintenance tonight ' }, ' planned ');
    expect(answer).toEqual({
      input: {
        kind: 'notice',
        language: 'all',
        title: 'Maintenance tonight',
        sortWeight: 0,
        startsAt: new Date(2031, 2, 1, 9, 30).getTime(),
        isPublished: false,
        reason: 'planned',
      },
    });
  });

  it('sends only the fields its kind shows', () => {
    const draft: PostDraft = {
      ...newPostDraft(nowMs),
      kind: 'notice',
      title: 'Hello',
      body: 'left from news',
      imageUrl: '/left.png',
      linkUrl: '#/index',
      matchId: '5',
      rules: 'left',
    };
    const answer = postInputOf(draft, 'why');
    if (!('input' in answer)) throw new Error('refused');
    expect(Object.keys(answer.input).sort()).toEqual(
      ['isPublished', 'kind', 'language', 'reason', 'sortWeight', 'startsAt', 'title'].sort(),
    );
    const banner = postInputOf({ ...draft, kind: 'banner', linkUrl: '' }, 'why');
    expect(banner).toMatchObject({ input: { imageUrl: '/left.png', matchId: 5 } });
    expect(banner).not.toHaveProperty('input.body');
  });

  it('names what is missing or malformed', () => {
    const draft = { ...newPostDraft(nowMs), title: 'x' };
    expectProblem({ ...draft, title: '  ' }, 'title');
    expectProblem({ ...draft, kind: 'news' }, 'body');
    expectProblem({ ...draft, kind: 'banner' }, 'imageUrl');
    expectProblem({ ...draft, kind: 'banner', imageUrl: '/b.png', matchId: 'x' }, 'matchId');
    expectProblem(
      { ...draft, kind: 'banner', imageUrl: '/b.png', matchId: '3', linkUrl: '#/index' },
      'linkAndMatch',
    );
    expectProblem({ ...draft, sortWeight: '10001' }, 'sortWeight');
    expectProblem({ ...draft, sortWeight: '1.5' }, 'sortWeight');
    expectProblem({ ...draft, startsAt: '' }, 'startsAt');
    expectProblem({ ...draft, endsAt: draft.startsAt }, 'endsAt');
    expectProblem({ ...draft, endsAt: 'soon' }, 'endsAt');
    expectProblem(draft, 'reason', ' ');
  });
});

describe('editing a saved post', () => {
  it('sends its id and version, and keeps times left as shown to the millisecond', () => {
    const answer = postInputOf(draftOfPost(saved), 'typo');
    expect(answer).toEqual({
      input: {
        id: 7,
        version: 4,
        kind: 'activity',
        language: 'en',
        title: 'Cup bonus',
        body: 'Text',
        imageUrl: '/static/cup.png',
        matchId: 99,
        rules: 'One per member',
        sortWeight: 3,
        startsAt: nowMs,
        endsAt: nowMs + 86_400_000,
        isPublished: true,
        reason: 'typo',
      },
    });
    const moved = postInputOf({ ...draftOfPost(saved), startsAt: '2031-03-02T08:00' }, 'later');
    expect(moved).toMatchObject({ input: { startsAt: new Date(2031, 2, 2, 8, 0).getTime() } });
  });
});
