import {
  type Language,
  sitePostKindFields,
  type sitePostList,
  type sitePostSave,
} from '@sb/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import { activitySummaryOf, pagePostOf, sitePostOf, snapshotOf } from './site-content.mappers';
import type { SiteContentRepository } from './site-content.repository';
import type { NewSitePost, SitePostRow } from './site-content.schema';

type SaveInput = z.output<(typeof sitePostSave)['input']>;
type ListInput = z.output<(typeof sitePostList)['input']>;

/** The fields a save sets: everything an editor can change. */
type PostContent = Pick<
  NewSitePost,
  | 'kind'
  | 'language'
  | 'title'
  | 'body'
  | 'imageUrl'
  | 'linkUrl'
  | 'matchId'
  | 'rules'
  | 'sortWeight'
  | 'startsAt'
  | 'endsAt'
  | 'isPublished'
>;

/** Most notices and banners shown at once; more would not fit a marquee or a carousel anyway. */
export const noticesShownMax = 20;
export const bannersShownMax = 10;

const invalid = (field: string, problem: string) =>
  new AppError('INVALID_INPUT', `${field}: ${problem}`);

/** The kind's rules over a save's fields, each refusal naming its field. */
function checkFields(input: SaveInput): void {
  const fields = sitePostKindFields[input.kind];
  const kind = `a ${input.kind}`;
  if (fields.body && input.body === '') throw invalid('body', `${kind} needs a text`);
  if (!fields.body && input.body !== '')
    throw invalid('body', `${kind} has no text beside its title`);
  if (fields.imageUrl === 'required' && input.imageUrl === undefined)
    throw invalid('imageUrl', `${kind} needs an image`);
  if (fields.imageUrl === false && input.imageUrl !== undefined)
    throw invalid('imageUrl', `${kind} shows no image`);
  if (!fields.link && input.linkUrl !== undefined) throw invalid('linkUrl', `${kind} has no link`);
  if (!fields.link && input.matchId !== undefined) throw invalid('matchId', `${kind} has no link`);
  if (input.linkUrl !== undefined && input.matchId !== undefined)
    throw invalid('matchId', 'give a linkUrl or a matchId, not both');
  if (!fields.rules && input.rules !== undefined) throw invalid('rules', `${kind} has no rules`);
  if (input.endsAt !== undefined && input.endsAt <= input.startsAt)
    throw invalid('endsAt', 'must be after startsAt');
  if (input.id === undefined && input.version !== undefined)
    throw invalid('version', 'goes with id only');
  if (input.id !== undefined && input.version === undefined)
    throw invalid('version', 'required with id: the version of the post as it was read');
}

function contentOf(input: SaveInput): PostContent {
  return {
    kind: input.kind,
    language: input.language,
    title: input.title,
    body: input.body,
    imageUrl: input.imageUrl ?? null,
    linkUrl: input.linkUrl ?? null,
    matchId: input.matchId ?? null,
    rules: input.rules || null,
    sortWeight: input.sortWeight,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === undefined ? null : new Date(input.endsAt),
    isPublished: input.isPublished,
  };
}

function isSameContent(row: SitePostRow, content: PostContent): boolean {
  return (Object.keys(content) as (keyof PostContent)[]).every((key) => {
    const stored = row[key];
    const next = content[key];
    if (stored instanceof Date || next instanceof Date)
      return (stored as Date | null)?.getTime() === (next as Date | null | undefined)?.getTime();
    return stored === next;
  });
}

/** The audit callback of a change to the post with this id. */
export type PostAudit = (id: number) => AuditWithin;

const notFound = (id: number) => new AppError('CONTENT_NOT_FOUND', `id: no post ${id}`);

/**
 * Site content: the back office writes posts, each change with its audit entry in one
 * transaction; members read what is published, in its window and in their language.
 */
export function createSiteContentService(deps: {
  repository: SiteContentRepository;
  now: () => Date;
}) {
  const { repository, now } = deps;

  /**
   * Changes one post under its row lock with `change`, which answers the new values or null
   * when the post already stands so; deleted posts cannot be changed.
   */
  async function changePost(
    id: number,
    operatorId: number,
    audit: PostAudit,
    change: (row: SitePostRow) => Partial<NewSitePost> | null,
    options: { deletedAnswer?: 'unchanged' } = {},
  ) {
    const answer = await repository.transaction(async (tx) => {
      const before = await repository.findForUpdate(tx, id);
      if (!before) throw notFound(id);
      if (before.deletedAt) {
        if (options.deletedAnswer === 'unchanged') return { row: before, applied: false };
        throw notFound(id);
      }
      const values = change(before);
      if (!values) return { row: before, applied: false };
      const after = await repository.update(tx, id, {
        ...values,
        version: before.version + 1,
        updatedBy: operatorId,
        updatedAt: now(),
      });
      await audit(id)(tx, { before: snapshotOf(before), after: snapshotOf(after) });
      return { row: after, applied: true };
    });
    return { ...sitePostOf(answer.row, now()), applied: answer.applied };
  }

  return {
    async list(input: ListInput) {
      const { rows, total } = await repository.list({
        kind: input.kind,
        language: input.language,
        isPublished: input.isPublished,
        isDeleted: input.isDeleted,
        q: input.q || undefined,
        limit: input.size,
        offset: (input.page - 1) * input.size,
      });
      const at = now();
      return { records: rows.map((row) => sitePostOf(row, at)), total };
    },

    /** Creates a post, or replaces one whose version is the one the editor read. */
    async save(input: SaveInput, operatorId: number, audit: PostAudit) {
      checkFields(input);
      const content = contentOf(input);
      if (input.id === undefined) {
        const row = await repository.transaction(async (tx) => {
          const at = now();
          const created = await repository.insert(tx, {
            ...content,
            createdBy: operatorId,
            createdAt: at,
            updatedBy: operatorId,
            updatedAt: at,
          });
          await audit(created.id)(tx, { before: null, after: snapshotOf(created) });
          return created;
        });
        return { ...sitePostOf(row, now()), applied: true };
      }
      return changePost(input.id, operatorId, audit, (row) => {
        if (row.kind !== content.kind)
          throw invalid('kind', `a post keeps its kind (this one is a ${row.kind})`);
        if (row.version !== input.version)
          throw invalid(
            'version',
            `the post changed since it was read (now version ${row.version}); read it again`,
          );
        return isSameContent(row, content) ? null : content;
      });
    },

    unpublish(id: number, operatorId: number, audit: PostAudit) {
      return changePost(id, operatorId, audit, (row) =>
        row.isPublished ? { isPublished: false } : null,
      );
    },

    /** Deleting a deleted post changes nothing; any other change to one answers as missing. */
    delete(id: number, operatorId: number, audit: PostAudit) {
      return changePost(id, operatorId, audit, () => ({ isPublished: false, deletedAt: now() }), {
        deletedAnswer: 'unchanged',
      });
    },

    /** The notices and banners a member of `language` sees now. */
    async current(language: Language) {
      const at = now();
      const [notices, banners] = await Promise.all([
        repository.listShown({
          kinds: ['notice'],
          language,
          now: at,
          order: 'weight',
          limit: noticesShownMax,
          offset: 0,
        }),
        repository.listShown({
          kinds: ['banner'],
          language,
          now: at,
          order: 'weight',
          limit: bannersShownMax,
          offset: 0,
        }),
      ]);
      return {
        notices: notices.rows.map((row) => ({
          id: row.id,
          text: row.title,
          startsAt: row.startsAt.getTime(),
        })),
        banners: banners.rows.map((row) => ({
          id: row.id,
          title: row.title,
          imageUrl: row.imageUrl ?? '',
          linkUrl: row.linkUrl,
          matchId: row.matchId,
        })),
      };
    },

    /** Notices and news shown now, newest first. */
    async page(language: Language, paging: { page: number; size: number }) {
      const { rows, total } = await repository.listShown({
        kinds: ['notice', 'news'],
        language,
        now: now(),
        order: 'newest',
        limit: paging.size,
        offset: (paging.page - 1) * paging.size,
      });
      return { records: rows.map(pagePostOf), total };
    },

    /** One notice or news article shown now; anything else answers as an id that does not exist. */
    async article(language: Language, id: number) {
      const row = await repository.findShown(id, {
        kinds: ['notice', 'news'],
        language,
        now: now(),
      });
      if (!row) throw notFound(id);
      return pagePostOf(row);
    },

    async activities(language: Language, paging: { page: number; size: number }) {
      const { rows, total } = await repository.listShown({
        kinds: ['activity'],
        language,
        now: now(),
        order: 'weight',
        limit: paging.size,
        offset: (paging.page - 1) * paging.size,
      });
      return { records: rows.map(activitySummaryOf), total };
    },

    /**
     * A post's kind and title, whatever its state, for a module that points at a post (an
     * activity campaign's rules live on their post); undefined for an unknown or deleted id.
     */
    async postHeading(id: number): Promise<{ kind: string; title: string } | undefined> {
      const row = await repository.findById(id);
      if (!row || row.deletedAt) return undefined;
      return { kind: row.kind, title: row.title };
    },

    /** One activity shown now; anything else answers as an id that does not exist. */
    async activity(language: Language, id: number) {
      const row = await repository.findShown(id, { kinds: ['activity'], language, now: now() });
      if (!row) throw notFound(id);
      return { ...activitySummaryOf(row), body: row.body, rules: row.rules };
    },
  };
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;
