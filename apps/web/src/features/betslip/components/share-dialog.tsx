import { type Share, type SharePrivacy, shareCommentMax, sharePrivacies } from '@sb/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { shareOrder, shareUrlOf } from '../api/order-share';

const privacyTextKeys: Record<SharePrivacy, string> = {
  all: 'shareDialog.privacyAll',
  no_amounts: 'shareDialog.privacyNoAmounts',
  anonymous: 'shareDialog.privacyAnonymous',
};

/** The comment's length as the contract counts it: trimmed, in UTF-16 code units. */
const lengthOf = (text: string) => text.trim().length;

/**
 * Shares one of the member's orders: a privacy level, an optional plain-text comment up to the
 * contract's limit, then the share's code and the link of its page with a copy button.
 */
export function ShareDialog({ orderNo, onClose }: { orderNo: string; onClose(): void }) {
  const { t } = useTranslation();
  const privacyId = useId();
  const commentId = useId();
  const [privacy, setPrivacy] = useState<SharePrivacy>('all');
  const [comment, setComment] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [share, setShare] = useState<(Share & { isNew: boolean }) | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const used = lengthOf(comment);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSending || used > shareCommentMax) return;
    setIsSending(true);
    try {
      setShare(await shareOrder(orderNo, privacy, comment.trim()));
    } catch {
      // The API client has said why.
    } finally {
      setIsSending(false);
    }
  }

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
    } catch {
      setIsCopied(false);
    }
  }

  if (share) {
    const url = shareUrlOf(share);
    return (
      <Modal title={t('shareDialog.title')} onClose={onClose} testId="share-dialog">
        <div className="form share-result" data-testid="share-result">
          <p className="muted">
            {t(share.isNew ? 'shareDialog.shared' : 'shareDialog.alreadyShared')}
          </p>
          <div className="field">
            <span className="field__label">{t('shareDialog.code')}</span>
            <strong className="share-result__code" data-testid="share-code">
              {share.code}
            </strong>
          </div>
          <div className="field">
            <span className="field__label">{t('shareDialog.link')}</span>
            <a className="share-result__link" href={url} data-testid="share-link">
              {url}
            </a>
          </div>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => copyLink(url)}
            data-testid="share-copy-link"
          >
            {t(isCopied ? 'shareDialog.copied' : 'shareDialog.copyLink')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t('shareDialog.title')} onClose={onClose} testId="share-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={privacyId}>
            {t('shareDialog.privacy')}
          </label>
          <select
            id={privacyId}
            className="field__input"
            value={privacy}
            onChange={(event) => setPrivacy(event.target.value as SharePrivacy)}
            data-testid="share-privacy"
          >
            {sharePrivacies.map((level) => (
              <option key={level} value={level}>
                {t(privacyTextKeys[level])}
              </option>
            ))}
          </select>
        </div>
        <div className={used > shareCommentMax ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={commentId}>
            {t('shareDialog.comment')}
          </label>
          <textarea
            id={commentId}
            className="field__input share-comment"
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder={t('shareDialog.commentHint')}
            data-testid="share-comment"
          />
          <span className="field__hint share-comment__count" data-testid="share-comment-count">
            {t('shareDialog.count', { used, max: shareCommentMax })}
          </span>
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSending || used > shareCommentMax}
          data-testid="share-order"
        >
          {t('shareDialog.share')}
        </button>
      </form>
    </Modal>
  );
}
