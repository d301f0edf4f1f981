import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  testId?: string;
  /** A rule shown under the field until there is an error to show instead. */
  hint?: string;
  error?: string;
}

export function TextField({
  label,
  value,
  onValueChange,
  testId,
  hint,
  error,
  ...inputProps
}: TextFieldProps) {
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const note = error || hint;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        className="field__input"
        value={value}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {note ? (
        <p id={noteId} className={error ? 'field__error' : 'field__hint'}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
