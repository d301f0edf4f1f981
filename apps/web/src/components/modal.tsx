import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal popup. It is drawn in the page rather than the browser's top layer so that toasts,
 * which explain why a form failed, stay visible above it. Escape closes it, and the first field
 * takes the focus when it opens.
 */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    // Focus the first field still to fill in, e.g. the password when the account is prefilled.
    const panel = panelRef.current;
    const inputs = Array.from(panel?.querySelectorAll('input') ?? []);
    const firstEmpty = inputs.find((input) => input.type !== 'checkbox' && input.value === '');
    (firstEmpty ?? inputs[0] ?? panel)?.focus();
  }, []);

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  return (
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="modal__close"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
