/**
 * The height left for a page's content under the headers around it (SPEC §2): mini mode has a
 * one-line header, and a registered member's header (memberId > 0) carries the balance line, so
 * each of the four layouts gets its own. The match list and the mini slip's sheet both take it.
 */
export function contentHeightOf(isMini: boolean, isMember: boolean): string {
  if (isMini) return isMember ? 'calc(100vh - 176px)' : 'calc(100vh - 150px)';
  return isMember ? 'calc(100vh - 276px)' : 'calc(100vh - 250px)';
}
