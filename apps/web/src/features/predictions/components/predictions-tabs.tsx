import type { ReactNode } from 'react';
import { useSessionStore } from '../../../lib/session/session-store';
import { LeaderboardView, PredictView } from './predict-views';
import { PreviewsView } from './preview-views';
import './predictions.css';

/** One of the predictions' tabs of the community page (app/community-tabs.ts). */
function PredictionsPanel({ children }: { children: ReactNode }) {
  return (
    <div className="predict-page" data-testid="predictions-page">
      {children}
    </div>
  );
}

/** Previews of upcoming matches: form, head-to-head, the table and the model's chances. */
export function PreviewsTab() {
  return (
    <PredictionsPanel>
      <PreviewsView />
    </PredictionsPanel>
  );
}

/** The member's score predictions, until each match's kick-off. */
export function PredictTab() {
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  return (
    <PredictionsPanel>
      <PredictView key={memberId} memberId={memberId} />
    </PredictionsPanel>
  );
}

/** The week's leaderboard of predictions. */
export function RankTab() {
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  return (
    <PredictionsPanel>
      <LeaderboardView key={memberId} memberId={memberId} />
    </PredictionsPanel>
  );
}
