/**
 * The room #/mini's closed slip bar takes under the list: its 40 px and the index page's 16 px
 * gap above it (bet-slip.css). The list gives it up (app/index-page.tsx), so the bar never
 * covers a price, and the slip's sheet is as tall as the list and the bar together.
 */
export const miniSlipBarSpacePx = 56;
