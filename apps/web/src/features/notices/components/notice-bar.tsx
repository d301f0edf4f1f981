import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../api/notice-list';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import '../notices.css';

/** How long each notice shows before the next one. */
export const noticeRotateMs = 6_000;

/**
 * The height the bar takes from the page, the grid's gap below it included (notices.css fixes
 * the bar's own 36 px), so the match list below can be that much shorter and the page still
 * fits the window.
 */
export const noticeBarSpacePx = 52;

/** Whether the bar shows anything now. */
export function useHasNotices(): boolean {
  return (useNotices().data?.notices.length ?? 0) > 0;
}

/**
 * The site's notices above the match list, one at a time: they rotate every few seconds, pause
 * while the pointer or focus is on the bar, and do not move at all for visitors who asked for
 * reduced motion (who step through them with the buttons). Nothing shows without notices.
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const notices = useNotices().data?.notices ?? [];
  const isReducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const count = notices.length;
  const shown = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (count < 2 || isPaused || isReducedMotion) return;
    const timer = window.setInterval(() => setIndex((current) => current + 1), noticeRotateMs);
    return () => window.clearInterval(timer);
  }, [count, isPaused, isReducedMotion]);

  if (count === 0) return null;
  const step = (by: number) => setIndex(shown + count + by);
  return (
    <section
      className="notice-bar"
      aria-label={t('notices.label')}
      data-testid="notice-bar"
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      <span className="notice-bar__badge">{t('notices.badge')}</span>
      <ul className="notice-bar__list">
        {notices.map((notice, position) => (
          <li
            key={notice.id}
            className="notice-bar__item"
            hidden={position !== shown}
            data-testid={`notice-${notice.id}`}
          >
            {notice.text}
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <span className="notice-bar__controls">
          <button
            type="button"
            className="notice-bar__step"
            aria-label={t('notices.previous')}
            onClick={() => step(-1)}
          >
            ‹
          </button>
          <span className="notice-bar__position">
            {t('notices.position', { current: shown + 1, count })}
          </span>
          <button
            type="button"
            className="notice-bar__step"
            aria-label={t('notices.next')}
            onClick={() => step(1)}
          >
            ›
          </button>
        </span>
      ) : null}
    </section>
  );
}
