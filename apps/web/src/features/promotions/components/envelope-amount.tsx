import { formatDisplayAmount } from '@sb/domain';
import { useEffect, useState } from 'react';
import { countUpDurationMs, countUpMinorAt } from '../model/count-up';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The amount of an envelope just grabbed, counted up from 0 over 2 s (SPEC §9) on animation
 * frames, each frame in the site's money format and the last exactly the amount. A member who
 * asked their system for less motion sees the amount at once. Screen readers are told the
 * amount once, not every frame.
 */
export function EnvelopeAmount({
  amountMinor,
  scale,
  currencyCode,
}: {
  amountMinor: number;
  scale: number;
  currencyCode: string;
}) {
  const [shownMinor, setShownMinor] = useState(() => (prefersReducedMotion() ? amountMinor : 0));

  useEffect(() => {
    if (prefersReducedMotion()) {
      setShownMinor(amountMinor);
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      startedAt ??= now;
      const elapsedMs = now - startedAt;
      setShownMinor(countUpMinorAt(elapsedMs, amountMinor));
      if (elapsedMs < countUpDurationMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [amountMinor]);

  const isDone = shownMinor === amountMinor;
  return (
    <p className="envelope-amount">
      <strong
        className="envelope-amount__value"
        data-testid="envelope-amount"
        data-amount={amountMinor}
        data-done={isDone}
        aria-hidden="true"
      >
        {formatDisplayAmount(shownMinor, scale)}
      </strong>
      <span className="envelope-amount__currency" aria-hidden="true">
        {currencyCode}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {isDone ? `${formatDisplayAmount(amountMinor, scale)} ${currencyCode}` : ''}
      </span>
    </p>
  );
}
