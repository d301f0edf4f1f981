import {
  type CallOutput,
  type SitePost,
  type sitePostList,
  sitePostSave,
  visitorCreate,
} from '@sb/contract';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import { sitePosts } from '../../src/modules/site-content/site-content.schema';
import { expectOk } from '../identity/helpers';
import { type Answer, adminCall } from '../operators/helpers';
import type { TestApp } from '../test-app';

export type SavedPost = SitePost & { applied: boolean };
export type PostList = CallOutput<typeof sitePostList>;

const hourMs = 3_600_000;

/** A post's fields as an editor sends them, live an hour before `atMs` with no end. */
export function postFields(atMs: number, fields: Record<string, unknown> = {}) {
  return {
    kind: 'notice',
    language: 'all',
    title: `Notice ${Math.random().toString(36).slice(2, 8)}`,
    startsAt: atMs - hourMs,
    isPublished: true,
    reason: 'test',
    ...fields,
  };
}

/** Saves a post as the operator of `bearer`; answers the envelope. */
export function savePost(testApp: TestApp, bearer: string, fields: Record<string, unknown>) {
  return adminCall<SavedPost>(testApp, sitePostSave.path, { bearer, fields });
}

/** Saves a post and fails the test unless it was saved. */
export async function createPost(
  testApp: TestApp,
  bearer: string,
  fields: Record<string, unknown>,
): Promise<SavedPost> {
  const answer = await savePost(testApp, bearer, fields);
  expect(answer, answer.msg).toMatchObject({ code: 0, data: { applied: true } });
  return answer.data;
}

/** Rows of the tables a content change writes, to prove a refused one wrote nothing. */
export async function countContentRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [posts] = await db.select({ rows: count() }).from(sitePosts);
  const [audit] = await db.select({ rows: count() }).from(operatorAuditLog);
  return { posts: posts?.rows ?? 0, audit: audit?.rows ?? 0 };
}

/** A visitor's token and uid, as the member site holds them before anyone signs in. */
export async function visitorAuth(testApp: TestApp) {
  const session = expectOk(await testApp.call<{ uid: string; token: string }>(visitorCreate.path));
  return { uid: session.uid, token: session.token };
}

/** The ids of `records` that are among `ids`, in the order the answer gave them. */
export function idsAmong(records: readonly { id: number }[], ids: readonly number[]): number[] {
  return records.map((record) => record.id).filter((id) => ids.includes(id));
}

/** An answer with every mention of `id` replaced, so two refusals can be compared whole. */
export function withoutId(answer: Answer, id: number): Answer {
  return { ...answer, msg: answer.msg.replaceAll(String(id), '<id>') };
}
