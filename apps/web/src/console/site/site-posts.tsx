import {
  type CallInput,
  type SitePost,
  type SitePostKind,
  type SitePostLanguage,
  sitePostDelete,
  sitePostKinds,
  sitePostLanguages,
  sitePostList,
  sitePostUnpublish,
} from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import {
  ErrorNote,
  Field,
  Notice,
  Pager,
  ReasonAction,
  SelectInput,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { draftOfPost, newPostDraft, type PostDraft } from './post-draft';
import { PostEditor } from './post-editor';

const pageSize = 20;
const postsKey = ['sitePosts'] as const;

interface Filters {
  kind: SitePostKind | '';
  language: SitePostLanguage | '';
  published: 'any' | 'yes' | 'no';
  isDeleted: boolean;
  q: string;
}

const noFilters: Filters = { kind: '', language: '', published: 'any', isDeleted: false, q: '' };

function listInputOf(filters: Filters, page: number): CallInput<typeof sitePostList> {
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    ...(filters.published === 'any' ? {} : { isPublished: filters.published === 'yes' }),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    isDeleted: filters.isDeleted,
    page,
    size: pageSize,
  };
}

/** The filters above the table; each change goes back to the first page. */
function PostFilters({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
  const { t } = useConsoleText();
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <div className="console-row console-filters" data-testid="posts-filters">
      <Field label={t('site.content.kind')}>
        <SelectInput<Filters['kind']>
          value={filters.kind}
          testId="posts-filter-kind"
          choices={[
            { value: '', label: t('common.all') },
            ...sitePostKinds.map((kind) => ({
              value: kind,
              label: t(`site.content.kinds.${kind}`),
            })),
          ]}
          onValue={(kind) => set('kind', kind)}
        />
      </Field>
      <Field label={t('site.content.language')}>
        <SelectInput<Filters['language']>
          value={filters.language}
          testId="posts-filter-language"
          choices={[
            { value: '', label: t('common.all') },
            ...sitePostLanguages.map((language) => ({
              value: language,
              label: t(`site.content.languages.${language}`),
            })),
          ]}
          onValue={(language) => set('language', language)}
        />
      </Field>
      <Field label={t('site.content.published')}>
        <SelectInput<Filters['published']>
          value={filters.published}
          testId="posts-filter-published"
          choices={(['any', 'yes', 'no'] as const).map((value) => ({
            value,
            label: t(`site.content.publishedFilter.${value}`),
          }))}
          onValue={(published) => set('published', published)}
        />
      </Field>
      <Field label={t('site.content.search')}>
        <TextInput
          maxLength={64}
          value={filters.q}
          testId="posts-filter-q"
          onValue={(value) => set('q', value)}
        />
      </Field>
      <label className="console-row">
        <input
          type="checkbox"
          checked={filters.isDeleted}
          data-testid="posts-filter-deleted"
          onChange={(event) => set('isDeleted', event.target.checked)}
        />
        {t('site.content.showDeleted')}
      </label>
    </div>
  );
}

/** One post in the table, with the actions its state allows. */
function PostRow({
  post,
  isBusy,
  onEdit,
  onUnpublish,
  onDelete,
}: {
  post: SitePost;
  isBusy: boolean;
  onEdit(): void;
  onUnpublish(reason: string): void;
  onDelete(reason: string): void;
}) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const me = useSessionStore((state) => state.session?.operator.operatorId);
  const testId = `post-${post.id}`;
  const isDeleted = post.state === 'deleted';
  return (
    <tr data-testid={testId}>
      <td>{post.id}</td>
      <td>{t(`site.content.kinds.${post.kind}`)}</td>
      <td>{t(`site.content.languages.${post.language}`)}</td>
      <td data-testid={`${testId}-title`}>{post.title}</td>
      <td>
        {t('site.content.window', {
          from: formatTime(post.startsAt),
          to: post.endsAt === null ? t('site.content.openEnded') : formatTime(post.endsAt),
        })}
      </td>
      <td>{post.sortWeight}</td>
      <td>
        <span
          className={isDeleted ? 'console-tag console-tag--danger' : 'console-tag'}
          data-testid={`${testId}-state`}
        >
          {t(`site.content.states.${post.state}`)}
        </span>
      </td>
      <td>
        {post.updatedBy === me ? t('site.content.you') : `#${post.updatedBy}`}
        <br />
        <span className="console-hint">{formatTime(post.updatedAt)}</span>
      </td>
      <td>
        {isDeleted ? null : (
          <span className="console-row">
            <button
              type="button"
              className="console-button console-button--quiet"
              data-testid={`${testId}-edit`}
              onClick={onEdit}
            >
              {t('site.content.edit')}
            </button>
            {post.isPublished ? (
              <ReasonAction
                label={t('site.content.unpublish')}
                testId={`${testId}-unpublish`}
                isBusy={isBusy}
                onConfirm={onUnpublish}
              />
            ) : null}
            <ReasonAction
              label={t('site.content.delete')}
              testId={`${testId}-delete`}
              isDanger
              isBusy={isBusy}
              onConfirm={onDelete}
            />
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * The site's notices, news, banners and activities: a filtered table of posts, an editor for a
 * new or chosen one, and unpublish and delete with a reason.
 */
export function SitePosts() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(noFilters);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PostDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const posts = useQuery({
    queryKey: [...postsKey, filters, page],
    queryFn: () => callConsole(sitePostList, listInputOf(filters, page)),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: postsKey });
  const state = (post: SitePost) => t(`site.content.states.${post.state}`);
  const act = useMutation({
    mutationFn: (action: { kind: 'unpublish' | 'delete'; id: number; reason: string }) =>
      callConsole(action.kind === 'unpublish' ? sitePostUnpublish : sitePostDelete, {
        id: action.id,
        reason: action.reason,
      }),
    onMutate: () => setNotice(null),
    onSuccess: (post, action) =>
      setNotice(
        post.applied
          ? t(`site.content.${action.kind === 'unpublish' ? 'unpublished' : 'deleted'}`, {
              id: post.id,
            })
          : t('common.notChanged'),
      ),
    onSettled: refresh,
  });
  const startEditing = (draft: PostDraft) => {
    setNotice(null);
    setEditing(draft);
  };
  return (
    <section className="console-section">
      <h2>{t('site.content.title')}</h2>
      <p className="console-hint">{t('site.content.hint')}</p>
      {editing ? (
        <PostEditor
          key={editing.id ?? 'new'}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={(post) => {
            setEditing(null);
            setNotice(
              post.applied
                ? t('site.content.saved', {
                    id: post.id,
                    version: post.version,
                    state: state(post),
                  })
                : t('common.notChanged'),
            );
            void refresh();
          }}
        />
      ) : (
        <button
          type="button"
          className="console-button"
          data-testid="post-new"
          onClick={() => startEditing(newPostDraft(Date.now()))}
        >
          {t('site.content.new')}
        </button>
      )}
      <Notice text={notice} testId="posts-result" />
      <ErrorNote error={act.error} testId="posts-action-error" />
      <PostFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ErrorNote error={posts.error} testId="posts-error" />
      {posts.data ? (
        posts.data.records.length === 0 ? (
          <p data-testid="posts-none">{t('common.empty')}</p>
        ) : (
          <>
            <table className="console-table" data-testid="posts">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>{t('site.content.kind')}</th>
                  <th>{t('site.content.language')}</th>
                  <th>{t('site.content.editor.heading')}</th>
                  <th>{t('site.content.shown')}</th>
                  <th>{t('site.content.sortWeight')}</th>
                  <th>{t('common.status')}</th>
                  <th>{t('site.content.updated')}</th>
                  <th>{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {posts.data.records.map((post) => (
                  <PostRow
                    key={post.id}
                    post={post}
                    isBusy={act.isPending}
                    onEdit={() => startEditing(draftOfPost(post))}
                    onUnpublish={(reason) => act.mutate({ kind: 'unpublish', id: post.id, reason })}
                    onDelete={(reason) => act.mutate({ kind: 'delete', id: post.id, reason })}
                  />
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              size={pageSize}
              total={posts.data.total}
              testId="posts-pager"
              onPage={setPage}
            />
          </>
        )
      ) : null}
    </section>
  );
}
