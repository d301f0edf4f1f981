import {
  type CallInput,
  type SitePost,
  type SitePostKind,
  type SitePostLanguage,
  sitePostKindFields,
  type sitePostSave,
} from '@sb/contract';
import { epochMsOfLocalInput, localInputOf } from '../components/local-time';
import { parsePositiveId } from '../components/money';

/** A post as the editor form holds it: texts as typed, times as `datetime-local` values. */
export interface PostDraft {
  /** Set when editing a saved post. */
  id?: number;
  version?: number;
  kind: SitePostKind;
  language: SitePostLanguage;
  title: string;
  body: string;
  imageUrl: string;
  linkUrl: string;
  matchId: string;
  rules: string;
  sortWeight: string;
  /** The window in the operator's own time zone, to the minute. */
  startsAt: string;
  endsAt: string;
  isPublished: boolean;
  /**
   * The saved times in milliseconds: a time the operator left as shown keeps its exact value,
   * so opening and saving a post never moves its window by the seconds the form cannot show.
   */
  savedStartsAt?: number;
  savedEndsAt?: number | null;
}

export type PostInput = CallInput<typeof sitePostSave>;

/** What is wrong with a draft, as a text key of `site.content.problems`. */
export type DraftProblem =
  | 'title'
  | 'body'
  | 'imageUrl'
  | 'matchId'
  | 'sortWeight'
  | 'startsAt'
  | 'endsAt'
  | 'linkAndMatch'
  | 'reason';

// The console's one reading of `datetime-local` values.
export { epochMsOfLocalInput, localInputOf };

/** A new post: a notice for every language, shown from this minute, not yet published. */
export function newPostDraft(nowMs: number): PostDraft {
  return {
    kind: 'notice',
    language: 'all',
    title: '',
    body: '',
    imageUrl: '',
    linkUrl: '',
    matchId: '',
    rules: '',
    sortWeight: '0',
    startsAt: localInputOf(nowMs),
    endsAt: '',
    isPublished: false,
  };
}

export function draftOfPost(post: SitePost): PostDraft {
  return {
    id: post.id,
    version: post.version,
    kind: post.kind,
    language: post.language,
    title: post.title,
    body: post.body,
    imageUrl: post.imageUrl ?? '',
    linkUrl: post.linkUrl ?? '',
    matchId: post.matchId === null ? '' : String(post.matchId),
    rules: post.rules ?? '',
    sortWeight: String(post.sortWeight),
    startsAt: localInputOf(post.startsAt),
    endsAt: post.endsAt === null ? '' : localInputOf(post.endsAt),
    isPublished: post.isPublished,
    savedStartsAt: post.startsAt,
    savedEndsAt: post.endsAt,
  };
}

/** The typed time, or the saved one when the operator left it as shown. */
function timeOf(text: string, saved: number | null | undefined): number | null {
  if (saved !== undefined && saved !== null && text === localInputOf(saved)) return saved;
  return epochMsOfLocalInput(text);
}

/**
 * The save call's fields for a draft, with only the fields its kind shows (a kind changed in the
 * form does not carry the other kind's fields along), or the first problem found. The server
 * checks all of it again.
 */
export function postInputOf(
  draft: PostDraft,
  reason: string,
): { input: PostInput } | { problem: DraftProblem } {
  const fields = sitePostKindFields[draft.kind];
  const title = draft.title.trim();
  const body = draft.body.trim();
  const imageUrl = draft.imageUrl.trim();
  const linkUrl = draft.linkUrl.trim();
  const matchText = draft.matchId.trim();
  const matchId = matchText === '' ? undefined : parsePositiveId(matchText);
  const sortWeight = /^-?\d{1,5}$/.test(draft.sortWeight.trim())
    ? Number(draft.sortWeight.trim())
    : null;
  const startsAt = timeOf(draft.startsAt, draft.savedStartsAt);
  const endsAt = draft.endsAt === '' ? undefined : timeOf(draft.endsAt, draft.savedEndsAt);
  if (!title) return { problem: 'title' };
  if (fields.body && !body) return { problem: 'body' };
  if (fields.imageUrl === 'required' && !imageUrl) return { problem: 'imageUrl' };
  if (fields.link && matchId === null) return { problem: 'matchId' };
  if (fields.link && linkUrl && matchId) return { problem: 'linkAndMatch' };
  if (sortWeight === null || Math.abs(sortWeight) > 10_000) return { problem: 'sortWeight' };
  if (startsAt === null) return { problem: 'startsAt' };
  if (endsAt === null || (endsAt !== undefined && endsAt <= startsAt)) return { problem: 'endsAt' };
  if (!reason.trim()) return { problem: 'reason' };
  return {
    input: {
      ...(draft.id === undefined ? {} : { id: draft.id, version: draft.version }),
      kind: draft.kind,
      language: draft.language,
      title,
      ...(fields.body ? { body } : {}),
      ...(fields.imageUrl && imageUrl ? { imageUrl } : {}),
      ...(fields.link && linkUrl ? { linkUrl } : {}),
      ...(fields.link && matchId ? { matchId } : {}),
      ...(fields.rules && draft.rules.trim() ? { rules: draft.rules.trim() } : {}),
      sortWeight,
      startsAt,
      ...(endsAt === undefined ? {} : { endsAt }),
      isPublished: draft.isPublished,
      reason: reason.trim(),
    },
  };
}
