/** SPEC §9: a pointer that moved less than this between press and release made a click. */
export const clickTolerancePx = 3;

export interface PointerPoint {
  x: number;
  y: number;
}

/** Whether a press and release make a click rather than a drag or a scroll. */
export function isClick(down: PointerPoint, up: PointerPoint): boolean {
  return Math.hypot(up.x - down.x, up.y - down.y) < clickTolerancePx;
}
