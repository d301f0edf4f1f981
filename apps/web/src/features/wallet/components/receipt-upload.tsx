import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import { uploadReceipt } from '../api/receipt-upload';
import { receiptProblem, uploadRingPercent } from '../model/receipt-image';
import { useWalletMember } from './wallet-context';

/** SPEC §4: upload success is signalled one second after the success message. */
const successDelayMs = 1000;

/** A circular progress ring, drawn with SVG so it needs no images. */
function ProgressRing({ percent }: { percent: number }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg
      className="wallet-ring"
      role="img"
      aria-label={`${percent}%`}
      width="64"
      height="64"
      viewBox="0 0 64 64"
      data-testid="upload-progress"
      data-percent={percent}
    >
      <circle cx="32" cy="32" r={radius} className="wallet-ring__track" />
      <circle
        cx="32"
        cy="32"
        r={radius}
        className="wallet-ring__bar"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - percent / 100)}
      />
      <text x="32" y="37" textAnchor="middle" className="wallet-ring__text">
        {percent}%
      </text>
    </svg>
  );
}

/**
 * SPEC §2 receipt upload: one image by drag and drop or the file picker, checked before it is
 * sent, a ring showing the real upload progress, success after one second, and on failure the
 * message with the image cleared.
 */
export function ReceiptUpload({ orderNo, onUploaded }: { orderNo: string; onUploaded(): void }) {
  const { t } = useTranslation();
  const { owner } = useWalletMember();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [isDragging, setDragging] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (files: File[]) => {
    const problem = receiptProblem(files);
    if (problem) {
      showToast('error', t(`walletUi.upload.${problem}`));
      return;
    }
    setFile(files[0] ?? null);
  };

  const clear = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const submit = async () => {
    if (!file) return;
    setPercent(0);
    const upload = uploadReceipt({
      file,
      orderNo,
      credentials: { uid: owner.uid, token: owner.token },
      onProgress: (sent) => setPercent(uploadRingPercent(sent, false)),
    });
    const result = await upload.done;
    if (result.code === 0) {
      setPercent(100);
      showToast('success', t('walletUi.upload.success'));
      window.setTimeout(onUploaded, successDelayMs);
      return;
    }
    setPercent(null);
    clear();
    showToast('error', result.msg || t('walletUi.upload.failed'));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="wallet-upload" data-testid="receipt-upload">
      <h3 className="wallet-subtitle">{t('walletUi.upload.title')}</h3>
      <p className="wallet-note" data-testid="receipt-upload-order">
        {t('walletUi.upload.order', { orderNo })}
      </p>
      <label
        className={isDragging ? 'wallet-drop is-dragging' : 'wallet-drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="receipt-drop"
      >
        {preview ? (
          <img
            className="wallet-drop__preview"
            src={preview}
            alt=""
            data-testid="receipt-preview"
          />
        ) : (
          <span>{t('walletUi.upload.drop')}</span>
        )}
        <input
          ref={inputRef}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          className="wallet-drop__input"
          onChange={(event) => choose(Array.from(event.target.files ?? []))}
          data-testid="receipt-file"
        />
      </label>
      <p className="wallet-note">{t('walletUi.upload.rules')}</p>
      {percent !== null ? <ProgressRing percent={percent} /> : null}
      <div className="wallet-actions">
        {file && percent === null ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={clear}
            data-testid="receipt-remove"
          >
            {t('walletUi.upload.remove')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          disabled={!file || percent !== null}
          onClick={() => void submit()}
          data-testid="receipt-submit"
        >
          {t('walletUi.upload.submit')}
        </button>
      </div>
    </div>
  );
}
