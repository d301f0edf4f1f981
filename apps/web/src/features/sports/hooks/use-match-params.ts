import { useParams } from 'react-router';

const idOf = (text: string | undefined) => {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

/** The sport and match of a page's address (`…/:sportId/:matchId`); 0 for one that is no id. */
export function useMatchParams(): { sportId: number; matchId: number } {
  const params = useParams();
  return { sportId: idOf(params.sportId), matchId: idOf(params.matchId) };
}
