import { z } from 'zod';
import { defineCall } from './call';
import {
  boolField,
  boundedInt,
  epochMsField,
  intField,
  recordPageSchema,
  textField,
} from './common';

/**
 * Site content: notices (short marquee texts), news, banners and activities, kept as posts that
 * operators write in the back office and members read on the site (SPEC §1 news and activities,
 * SPEC §7 `app/api/notice/list|page/list` and `match/activity/list|detail`). Texts are plain
 * text, never HTML; times are epoch milliseconds. docs/site-content.md records the choices.
 */

/** What a post is: a marquee notice, a news article, a banner, or an activity (promotion). */
export const sitePostKinds = ['notice', 'news', 'banner', 'activity'] as const;
export type SitePostKind = (typeof sitePostKinds)[number];

/** The language a post is written in; `all` shows it to members of every language. */
export const sitePostLanguages = ['zh', 'zht', 'en', 'all'] as const;
export type SitePostLanguage = (typeof sitePostLanguages)[number];

/**
 * Where a post stands for members now, on the server's clock: `draft` (not published),
 * `scheduled` (published, its window not yet open), `live`, `ended` (its window closed), or
 * `deleted` (kept for the record, shown nowhere).
 */
export const sitePostStates = ['draft', 'scheduled', 'live', 'ended', 'deleted'] as const;
export type SitePostState = (typeof sitePostStates)[number];

/**
 * What each kind shows members besides its title: a text (`body`, then required), an image
 * (required for banners), a link (an address or a match) and rules. A field a kind does not show
 * is refused on save rather than stored unseen.
 */
export const sitePostKindFields: Record<
  SitePostKind,
  { body: boolean; imageUrl: 'required' | 'optional' | false; link: boolean; rules: boolean }
> = {
  notice: { body: false, imageUrl: false, link: false, rules: false },
  news: { body: true, imageUrl: false, link: false, rules: false },
  banner: { body: false, imageUrl: 'required', link: true, rules: false },
  activity: { body: true, imageUrl: 'optional', link: true, rules: true },
};

/** Longest texts a post may hold, in characters. */
export const sitePostLimits = {
  title: 200,
  body: 10_000,
  rules: 5_000,
  url: 500,
} as const;

/** Tab, line feed and carriage return: the control characters plain text keeps. */
const keptControlCodes = new Set([9, 10, 13]);

/** Whether `text` holds a control character (C0, DEL or C1) other than the kept ones. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isControl = code < 32 || (code >= 127 && code < 160);
    if (isControl && !keptControlCodes.has(code)) return true;
  }
  return false;
}
/** Characters no address may hold: spaces, backslashes, quotes and angle brackets. */
const unsafeInAddress = /[\s\\"'<>`]/;

/**
 * Whether `value` is an address a post may point to: an `https://` URL without credentials, or a
 * path on this site (`/…`, and with `allowHashRoute` an in-app route `#/…`). Everything else
 * (`javascript:`, `data:`, `http:`, protocol-relative `//host`) is refused.
 */
export function isSafeSiteAddress(value: string, allowHashRoute: boolean): boolean {
  if (value === '' || unsafeInAddress.test(value) || hasControlCharacter(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (allowHashRoute && value.startsWith('#/')) return true;
  if (!value.toLowerCase().startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Plain text of at most `max` characters: trimmed, no control characters but line breaks and tabs. */
export const plainTextField = (max: number) =>
  textField(max).refine((value) => !hasControlCharacter(value), {
    message: 'must not contain control characters',
  });

/** An optional address; an empty one means none (a form field cannot send null). */
const addressField = (allowHashRoute: boolean) =>
  z
    .string()
    .trim()
    .max(sitePostLimits.url)
    .refine((value) => value === '' || isSafeSiteAddress(value, allowHashRoute), {
      message: allowHashRoute
        ? 'must be an https:// address or a path on this site (/… or #/…)'
        : 'must be an https:// address or a path on this site (/…)',
    })
    .transform((value) => (value === '' ? undefined : value));

const idField = () => intField().pipe(z.number().min(1).max(Number.MAX_SAFE_INTEGER));
const reasonField = () => textField(200).min(1);

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

/** A post as the back office sees it: every field, where it stands, and who wrote it when. */
export const sitePostSchema = z.object({
  id: z.number().int(),
  kind: z.enum(sitePostKinds),
  language: z.enum(sitePostLanguages),
  /** A notice's whole text; every other kind's heading. */
  title: z.string(),
  /** News and activities: the text, plain with line breaks. Empty for notices and banners. */
  body: z.string(),
  imageUrl: z.string().nullable(),
  /** Where the post leads: an https:// address, a path on the site or an in-app route `#/…`. */
  linkUrl: z.string().nullable(),
  /** A match the post leads to. */
  matchId: z.number().int().nullable(),
  /** An activity's terms. */
  rules: z.string().nullable(),
  /** Higher first among posts shown together. */
  sortWeight: z.number().int(),
  startsAt: z.number().int(),
  /** Null: shown until unpublished. */
  endsAt: z.number().int().nullable(),
  isPublished: z.boolean(),
  state: z.enum(sitePostStates),
  /** +1 with every change; a save that names an older version is refused. */
  version: z.number().int(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
  updatedBy: z.number().int(),
  updatedAt: z.number().int(),
  deletedAt: z.number().int().nullable(),
});
export type SitePost = z.infer<typeof sitePostSchema>;

export const sitePostList = defineCall({
  path: '/admin/api/site/posts',
  methods: ['GET', 'POST'],
  auth: { operator: ['support'] },
  tag: 'site',
  summary:
    'Site posts (notices, news, banners, activities), newest first, by kind, language, published and title; deleted ones only when asked for.',
  input: z.object({
    kind: z.enum(sitePostKinds).optional(),
    language: z.enum(sitePostLanguages).optional(),
    isPublished: boolField().optional(),
    /** True lists only deleted posts; otherwise they are left out. */
    isDeleted: boolField().default(false),
    /** Part of the title, any case. */
    q: textField(64).optional(),
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 100).default(20),
  }),
  output: recordPageSchema(sitePostSchema),
});

export const sitePostSave = defineCall({
  path: '/admin/api/site/post/save',
  auth: { operator: ['support'] },
  tag: 'site',
  summary:
    'Create a post (no id) or replace one (id, with the version read), with a reason. Notices carry their text in the title; news a body; banners an image; activities a body, optionally an image and rules. Audited with before and after.',
  input: z.object({
    id: idField().optional(),
    /** With id: the version the editor read, so a colleague's change in between is not lost. */
    version: idField().optional(),
    kind: z.enum(sitePostKinds),
    language: z.enum(sitePostLanguages),
    title: plainTextField(sitePostLimits.title).min(1),
    body: plainTextField(sitePostLimits.body).default(''),
    imageUrl: addressField(false).optional(),
    linkUrl: addressField(true).optional(),
    matchId: idField().optional(),
    rules: plainTextField(sitePostLimits.rules).optional(),
    sortWeight: boundedInt(-10_000, 10_000).default(0),
    startsAt: epochMsField(),
    endsAt: epochMsField().optional(),
    isPublished: boolField().default(false),
    reason: reasonField(),
  }),
  output: sitePostSchema.extend({
    /** False when the post already stood exactly so. */
    applied: z.boolean(),
  }),
});

export const sitePostUnpublish = defineCall({
  path: '/admin/api/site/post/unpublish',
  auth: { operator: ['support'] },
  tag: 'site',
  summary: 'Take a post off the site at once, with a reason; saving it published brings it back.',
  input: z.object({ id: idField(), reason: reasonField() }),
  output: sitePostSchema.extend({ applied: z.boolean() }),
});

export const sitePostDelete = defineCall({
  path: '/admin/api/site/post/delete',
  auth: { operator: ['support'] },
  tag: 'site',
  summary:
    'Delete a post with a reason: it leaves the site and the list for good, and its row is kept for the record.',
  input: z.object({ id: idField(), reason: reasonField() }),
  output: sitePostSchema.extend({ applied: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Members (and visitors)
// ---------------------------------------------------------------------------------------------

/** A notice for the marquee. */
export const noticeItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  startsAt: z.number().int(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** A home-page banner. */
export const bannerItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  matchId: z.number().int().nullable(),
});
export type BannerItem = z.infer<typeof bannerItemSchema>;

/** A notice or a news article as the notice page lists it and the article page shows it. */
export const pagePostSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['notice', 'news']),
  title: z.string(),
  /** Empty for notices, whose text is the title. */
  body: z.string(),
  startsAt: z.number().int(),
});
export type PagePost = z.infer<typeof pagePostSchema>;

const contentPage = {
  page: boundedInt(1, 10_000).default(1),
  /** SPEC §9: lists page by 10 unless asked otherwise. */
  size: boundedInt(1, 50).default(10),
};

export const noticeList = defineCall({
  path: '/app/api/notice/list',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'content',
  summary:
    "The notices and banners members see now, in the request's language (lang), highest sort weight first.",
  input: z.object({}),
  output: z.object({ notices: z.array(noticeItemSchema), banners: z.array(bannerItemSchema) }),
});

export const noticePageList = defineCall({
  path: '/app/api/notice/page/list',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'content',
  summary: "Notices and news shown now in the request's language, newest first, a page at a time.",
  input: z.object(contentPage),
  output: recordPageSchema(pagePostSchema),
});

export const noticeDetail = defineCall({
  path: '/app/api/notice/detail',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'content',
  summary:
    'One notice or news article shown now, as the notice page lists it; any other id answers as one that does not exist.',
  input: z.object({ id: idField() }),
  output: pagePostSchema,
});

/** An activity as the list shows it; the detail adds its text and rules. */
export const activitySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  matchId: z.number().int().nullable(),
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable(),
});

export const activityList = defineCall({
  path: '/match/api/activity/list',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'content',
  summary:
    "Activities (promotions) running now in the request's language, highest sort weight first.",
  input: z.object(contentPage),
  output: recordPageSchema(activitySummarySchema),
});

export const activityDetail = defineCall({
  path: '/match/api/activity/detail',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag: 'content',
  summary:
    'One activity running now, with its text and rules; any other id answers as one that does not exist.',
  input: z.object({ id: idField() }),
  output: activitySummarySchema.extend({ body: z.string(), rules: z.string().nullable() }),
});

export const siteContentCalls = [
  sitePostList,
  sitePostSave,
  sitePostUnpublish,
  sitePostDelete,
  noticeList,
  noticePageList,
  noticeDetail,
  activityList,
  activityDetail,
] as const;
