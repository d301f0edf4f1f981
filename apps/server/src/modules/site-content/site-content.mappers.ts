import type { SitePost, SitePostState } from '@sb/contract';
import type { SitePostRow } from './site-content.schema';

/** Where a post stands for members at `now`. */
export function postStateOf(row: SitePostRow, now: Date): SitePostState {
  if (row.deletedAt) return 'deleted';
  if (!row.isPublished) return 'draft';
  if (row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'live';
}

export function sitePostOf(row: SitePostRow, now: Date): SitePost {
  return {
    id: row.id,
    kind: row.kind as SitePost['kind'],
    language: row.language as SitePost['language'],
    title: row.title,
    body: row.body,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    matchId: row.matchId,
    rules: row.rules,
    sortWeight: row.sortWeight,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt?.getTime() ?? null,
    isPublished: row.isPublished,
    state: postStateOf(row, now),
    version: row.version,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
  };
}

/** A post as the audit log keeps it: what it says and where it stands, times in ISO form. */
export function snapshotOf(row: SitePostRow) {
  return {
    kind: row.kind,
    language: row.language,
    title: row.title,
    body: row.body,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    matchId: row.matchId,
    rules: row.rules,
    sortWeight: row.sortWeight,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    isPublished: row.isPublished,
    version: row.version,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** An activity as members' lists show it. */
export function activitySummaryOf(row: SitePostRow) {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    matchId: row.matchId,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt?.getTime() ?? null,
  };
}

/** A notice or a news article as members' notice page and article page show it. */
export function pagePostOf(row: SitePostRow) {
  return {
    id: row.id,
    kind: row.kind as 'notice' | 'news',
    title: row.title,
    body: row.body,
    startsAt: row.startsAt.getTime(),
  };
}
