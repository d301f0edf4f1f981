import { useTranslation } from 'react-i18next';
import { favouriteKind, useFavouriteToggle } from '../api/favourite';
import { useFavouriteStore } from '../model/favourite-store';

interface FavouriteToggleProps {
  kind: 'league' | 'match';
  subjectId: number;
  sportId: number;
  isOn: boolean;
}

/** A star that favours a league or a match (SPEC §4); visitors get the login window from 402. */
export function FavouriteToggle({ kind, subjectId, sportId, isOn }: FavouriteToggleProps) {
  const { t } = useTranslation();
  const toggle = useFavouriteToggle();
  const remember = useFavouriteStore((state) =>
    kind === 'league' ? state.setLeague : state.setMatch,
  );
  return (
    <button
      type="button"
      className={isOn ? 'favourite-toggle is-on' : 'favourite-toggle'}
      data-testid="favourite-toggle"
      data-kind={kind}
      data-subject-id={subjectId}
      aria-pressed={isOn}
      aria-label={t(isOn ? 'sportsFavourites.remove' : 'sportsFavourites.add')}
      disabled={toggle.isPending}
      onClick={(event) => {
        event.stopPropagation();
        const change = { subjectId, sportId, type: favouriteKind[kind], isOn: !isOn };
        toggle.mutate(change, { onSuccess: () => remember(subjectId, change.isOn) });
      }}
    >
      {isOn ? '★' : '☆'}
    </button>
  );
}
