import { formatDisplayAmount } from '@sb/domain';
import type { CountUp } from 'countup.js';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** SPEC §9 counter defaults, which are CountUp.js's own: 2 s, comma grouping. */
export const counterDefaults = { durationS: 2, separator: ',' } as const;

/** Amounts past this many minor units are shown without counting (floats lose cents there). */
const countableMinorMax = 1e15;

/**
 * CountUp.js is loaded once an amount is on screen, not with the first page: the first value
 * shows as it is anyway, and only a change counts.
 */
let countUpClass: typeof CountUp | null = null;
let isLoading = false;
function loadCountUp(): void {
  if (isLoading) return;
  isLoading = true;
  void import('countup.js').then((module) => {
    countUpClass = module.CountUp;
  });
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

interface Shown {
  amountMinor: number;
  scale: number;
  counter: CountUp | null;
}

/**
 * An amount (minor units) as SPEC §9 displays it, counting from the amount shown before to the
 * new one when it changes (CountUp.js, 2 s). The first value shows as it is, and so does every
 * value for a member who asked for reduced motion, after a change of currency, or before the
 * counter has loaded. Every frame is
 * the display format (2 decimals, truncated); the last is exactly the amount.
 */
export function CountUpAmount({
  amountMinor,
  scale,
  testId,
  className,
}: {
  amountMinor: number;
  scale: number;
  testId?: string;
  className?: string;
}) {
  const element = useRef<HTMLSpanElement>(null);
  const shown = useRef<Shown | null>(null);

  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const before = shown.current;
    const Counter = countUpClass;
    const isCountable =
      Counter !== null &&
      before !== null &&
      before.scale === scale &&
      Number.isSafeInteger(amountMinor) &&
      Math.abs(amountMinor) <= countableMinorMax &&
      Math.abs(before.amountMinor) <= countableMinorMax &&
      !prefersReducedMotion();
    if (before?.amountMinor === amountMinor && before.scale === scale) return;
    if (!isCountable) {
      before?.counter?.onDestroy();
      target.textContent = formatDisplayAmount(amountMinor, scale);
      shown.current = { amountMinor, scale, counter: null };
      return;
    }
    const unit = 10 ** scale;
    const counter =
      before.counter ??
      new Counter(target, before.amountMinor / unit, {
        startVal: before.amountMinor / unit,
        decimalPlaces: scale,
        duration: counterDefaults.durationS,
        separator: counterDefaults.separator,
        formattingFn: (value) => formatDisplayAmount(Math.round(value * unit), scale),
      });
    // From wherever a count under way has got to.
    counter.update(amountMinor / unit);
    shown.current = { amountMinor, scale, counter };
  }, [amountMinor, scale]);

  useEffect(() => {
    loadCountUp();
    return () => shown.current?.counter?.onDestroy();
  }, []);

  return <span ref={element} className={className} data-testid={testId} />;
}
