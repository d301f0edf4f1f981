import { parseLanguage } from '@sb/domain';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../i18n/console-i18n';
import { formatMemberTime } from './member-time';

/** Translation plus the console's current language, for errors and dates. */
export function useConsoleText() {
  const { t, i18n } = useTranslation();
  return { t, language: parseLanguage(i18n.language) };
}

/** The locale the console formats dates and numbers in, from the operator's language. */
export function useConsoleLocale(): string {
  const { language } = useConsoleText();
  return { en: 'en-GB', zh: 'zh-CN', zht: 'zh-TW' }[language];
}

/** A date and time in the operator's language. */
export function useFormatTime() {
  const locale = useConsoleLocale();
  return (epochMs: number) => new Date(epochMs).toLocaleString(locale);
}

/** A member's time in the site's display zone (UTC−4), in the operator's language. */
export function useFormatMemberTime() {
  const locale = useConsoleLocale();
  return (epochMs: number) => formatMemberTime(epochMs, locale);
}

/** A failed call, in words; nothing when there is no error. */
export function ErrorNote({ error, testId }: { error: unknown; testId: string }) {
  const { t, language } = useConsoleText();
  if (!error) return null;
  return (
    <p className="console-error" role="alert" data-testid={testId}>
      {describeError(error, language, t)}
    </p>
  );
}

/** A short success message. */
export function Notice({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return (
    <p className="console-notice" role="status" data-testid={testId}>
      {text}
    </p>
  );
}

interface ReasonActionProps {
  label: string;
  testId: string;
  /** Danger styling for actions that take something away (reject, block, void). */
  isDanger?: boolean;
  isBusy?: boolean;
  /**
   * For a step that moves money: what the dialog asks before it is taken, given the reason. The
   * dialog is `${testId}-check-dialog`, its buttons `${testId}-check-confirm` and `-cancel`.
   */
  question?: (reason: string) => string;
  onConfirm(reason: string): void;
}

/**
 * A button for an action that needs a reason: the first click asks for it, and the action runs
 * only with a non-empty one, which the server stores in the audit log (and may show the member).
 */
export function ReasonAction({
  label,
  testId,
  isDanger,
  isBusy,
  question,
  onConfirm,
}: ReasonActionProps) {
  const { t } = useConsoleText();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const buttonClass = isDanger ? 'console-button console-button--danger' : 'console-button';
  if (!isOpen) {
    return (
      <button
        type="button"
        className={buttonClass}
        data-testid={testId}
        onClick={() => setIsOpen(true)}
      >
        {label}
      </button>
    );
  }
  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setIsMissing(true);
      return;
    }
    setIsMissing(false);
    if (question) {
      setAsked(trimmed);
      return;
    }
    onConfirm(trimmed);
    setIsOpen(false);
    setReason('');
  };
  const take = (trimmed: string) => {
    setAsked(null);
    onConfirm(trimmed);
    setIsOpen(false);
    setReason('');
  };
  return (
    <span className="console-reason">
      <TextInput
        aria-label={t('common.reason')}
        placeholder={t('common.reason')}
        maxLength={200}
        value={reason}
        testId={`${testId}-reason`}
        onValue={setReason}
      />
      <button
        type="button"
        className={buttonClass}
        disabled={isBusy}
        data-testid={`${testId}-confirm`}
        onClick={confirm}
      >
        {label}
      </button>
      <button
        type="button"
        className="console-button console-button--quiet"
        data-testid={`${testId}-cancel`}
        onClick={() => setIsOpen(false)}
      >
        {t('common.cancel')}
      </button>
      {isMissing ? <span className="console-error">{t('common.reasonRequired')}</span> : null}
      {question && asked !== null ? (
        <ConfirmDialog
          title={label}
          text={question(asked)}
          confirmLabel={label}
          testId={`${testId}-check`}
          isBusy={isBusy ?? false}
          onConfirm={() => take(asked)}
          onCancel={() => setAsked(null)}
        />
      ) : null}
    </span>
  );
}

/**
 * A button for a step that moves money without a reason (approve, confirm a payment): it is
 * taken only once the operator confirms the dialog's question. The dialog is `${testId}-dialog`,
 * its buttons `${testId}-confirm` and `${testId}-cancel`.
 */
export function ConfirmAction({
  label,
  question,
  testId,
  isBusy,
  onConfirm,
}: {
  label: string;
  question: string;
  testId: string;
  isBusy?: boolean;
  onConfirm(): void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="console-button"
        disabled={isBusy}
        data-testid={testId}
        onClick={() => setIsAsking(true)}
      >
        {label}
      </button>
      {isAsking ? (
        <ConfirmDialog
          title={label}
          text={question}
          confirmLabel={label}
          testId={testId}
          isBusy={isBusy ?? false}
          isDanger={false}
          onConfirm={() => {
            setIsAsking(false);
            onConfirm();
          }}
          onCancel={() => setIsAsking(false)}
        />
      ) : null}
    </>
  );
}

/** Previous / next over numbered pages of `size`. */
export function Pager({
  page,
  size,
  total,
  testId,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  testId: string;
  onPage(page: number): void;
}) {
  const { t } = useConsoleText();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className="console-pager" data-testid={testId}>
      <button
        type="button"
        className="console-button console-button--quiet"
        disabled={page <= 1}
        data-testid={`${testId}-previous`}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span>{t('common.page', { page, pages })}</span>
      <button
        type="button"
        className="console-button console-button--quiet"
        disabled={page >= pages}
        data-testid={`${testId}-next`}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </div>
  );
}

/**
 * A console text box: the text it holds, what to do with a new text, and the test id the suites
 * drive it by; any other input attribute (type, maxLength, autoComplete…) is passed on.
 */
export function TextInput({
  value,
  onValue,
  testId,
  className,
  ...attributes
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onValue: (text: string) => void;
  testId: string;
}) {
  return (
    <input
      {...attributes}
      className={className ? `console-input ${className}` : 'console-input'}
      value={value}
      data-testid={testId}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

/**
 * The buttons that end a console form: the submit button (held while the form is being sent;
 * red for an action that moves money or results) and Cancel. Test ids are `{testId}-submit`
 * style names given whole, as the suites already drive them.
 */
export function FormActions({
  submitLabel,
  submitTestId,
  cancelTestId,
  isBusy,
  isDanger = false,
  onCancel,
}: {
  submitLabel: string;
  submitTestId: string;
  cancelTestId: string;
  isBusy: boolean;
  isDanger?: boolean;
  onCancel: () => void;
}) {
  const { t } = useConsoleText();
  return (
    <div className="console-row">
      <button
        type="submit"
        className={isDanger ? 'console-button console-button--danger' : 'console-button'}
        disabled={isBusy}
        data-testid={submitTestId}
      >
        {submitLabel}
      </button>
      <button
        type="button"
        className="console-button console-button--quiet"
        data-testid={cancelTestId}
        onClick={onCancel}
      >
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** One choice of a SelectInput: its value and the words the operator reads. */
export interface SelectChoice<Value extends string | number> {
  value: Value;
  label: string;
}

/**
 * A console drop-down: the chosen value, the choices, and what to do with a new choice, which
 * arrives as the choice's own value (a number stays a number, a union of words stays typed);
 * any other select attribute (disabled, aria-label…) is passed on.
 */
export function SelectInput<Value extends string | number>({
  value,
  choices,
  onValue,
  testId,
  ...attributes
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> & {
  value: Value;
  choices: readonly SelectChoice<Value>[];
  onValue: (value: Value) => void;
  testId: string;
}) {
  return (
    <select
      {...attributes}
      className="console-input"
      value={value}
      data-testid={testId}
      onChange={(event) => {
        const chosen = choices.find((choice) => String(choice.value) === event.target.value);
        if (chosen) onValue(chosen.value);
      }}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled input for the console's forms. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the label wraps its control, which associates them
    <label className="console-field">
      <span className="console-field__label">{label}</span>
      {children}
    </label>
  );
}

/** A filter by a yes/no field: every row (''), only those where it holds, only the others. */
export type FlagFilterValue = '' | 'true' | 'false';

/** The call's field of a flag filter: undefined for every row. */
export function flagOf(value: FlagFilterValue): boolean | undefined {
  return value === '' ? undefined : value === 'true';
}

/**
 * A desk's filter by a yes/no field: a labelled drop-down of every row (`common.all`), only
 * those where it holds and only the others, named by the desk. A new choice arrives through
 * `onValue` (the desk goes back to its first page there).
 */
export function FlagFilter({
  label,
  value,
  onlyTrue,
  onlyFalse,
  testId,
  onValue,
}: {
  label: string;
  value: FlagFilterValue;
  onlyTrue: string;
  onlyFalse: string;
  testId: string;
  onValue: (value: FlagFilterValue) => void;
}) {
  const { t } = useConsoleText();
  return (
    <Field label={label}>
      <SelectInput<FlagFilterValue>
        value={value}
        testId={testId}
        choices={[
          { value: '', label: t('common.all') },
          { value: 'true', label: onlyTrue },
          { value: 'false', label: onlyFalse },
        ]}
        onValue={onValue}
      />
    </Field>
  );
}

/**
 * Asks once more before a step that cannot be taken back. The dialog is `${testId}-dialog`, its
 * buttons `${testId}-confirm` and `${testId}-cancel`.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  testId,
  isBusy,
  isDanger = true,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  testId: string;
  isBusy: boolean;
  /** Danger styling for a step that takes something away; a plain button otherwise. */
  isDanger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useConsoleText();
  return (
    <div
      className="console-dialog"
      role="alertdialog"
      aria-modal="true"
      data-testid={`${testId}-dialog`}
    >
      <div className="console-dialog__panel">
        <h3>{title}</h3>
        <p>{text}</p>
        <div className="console-row">
          <button
            type="button"
            className={isDanger ? 'console-button console-button--danger' : 'console-button'}
            disabled={isBusy}
            data-testid={`${testId}-confirm`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button
            type="button"
            className="console-button console-button--quiet"
            data-testid={`${testId}-cancel`}
            onClick={onCancel}
          >
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
