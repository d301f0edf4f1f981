import { Link, useLocation } from 'react-router';

/**
 * The way back to the matches on a page of #/mini, whose one-line header has none (the full
 * site's header and menus lead there already, so it shows nothing there): a thumb's target
 * above the page's title.
 */
export function BackToBoard({ text, testId }: { text: string; testId: string }) {
  const isMini = useLocation().pathname.startsWith('/mini');
  if (!isMini) return null;
  return (
    <Link className="back-to-board" to="/mini/index" data-testid={testId}>
      <span aria-hidden="true">‹</span> {text}
    </Link>
  );
}
