import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { visibleRange } from '../model/windowing';

interface VirtualListProps<T> {
  items: readonly T[];
  /**
   * Each item's expected height in px, its least: an item is given this much room until it is
   * drawn, and grows when its content needs more (a wrapped title on a phone, a long name).
   */
  heightOf(item: T): number;
  keyOf(item: T): string;
  renderItem(item: T): ReactNode;
  /** Told the items drawn (on screen plus the overscan) whenever that set changes. */
  onRangeChange?(items: readonly T[]): void;
  /** The scroll box's height: a CSS length, since it depends on the layout around the list. */
  height: string;
  testId?: string;
}

/** Items drawn beyond each edge of the viewport, in px, so a quick scroll shows no gap. */
const overscanPx = 400;

/**
 * A windowed list: only the items within the viewport (plus an overscan) are in the DOM, placed
 * absolutely inside a spacer as tall as all items. An item's offset sums the heights before it:
 * the height it was drawn at where it has been drawn (read by a ResizeObserver, so content the
 * CSS lays out taller than expected never runs into the next item), its expected one elsewhere.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, heightOf, keyOf, renderItem, onRangeChange, height, testId } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [drawnHeights, setDrawnHeights] = useState<ReadonlyMap<string, number>>(new Map());
  const offsets = useMemo(() => {
    const starts = new Array<number>(items.length + 1);
    starts[0] = 0;
    items.forEach((item, index) => {
      const itemHeight = drawnHeights.get(keyOf(item)) ?? heightOf(item);
      starts[index + 1] = (starts[index] ?? 0) + itemHeight;
    });
    return starts;
  }, [items, heightOf, keyOf, drawnHeights]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setViewport({ top: box.scrollTop, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);

  const itemObserver = useRef<ResizeObserver | null>(null);
  useEffect(() => () => itemObserver.current?.disconnect(), []);
  /** Follows a drawn item's height for as long as it is drawn. */
  const followHeight = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    itemObserver.current ??= new ResizeObserver((entries) => {
      setDrawnHeights((current) => {
        let next: Map<string, number> | null = null;
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.key;
          const drawn = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? 0);
          if (key === undefined || drawn === 0 || current.get(key) === drawn) continue;
          next ??= new Map(current);
          next.set(key, drawn);
        }
        return next ?? current;
      });
    });
    const observer = itemObserver.current;
    observer.observe(element);
    return () => observer.unobserve(element);
  }, []);

  const [first, last] = visibleRange(
    offsets,
    viewport.top - overscanPx,
    viewport.top + viewport.height + overscanPx,
  );
  const drawn = useMemo(() => items.slice(first, last), [items, first, last]);
  useEffect(() => onRangeChange?.(drawn), [drawn, onRangeChange]);

  return (
    <div ref={boxRef} className="virtual-list" style={{ height }} data-testid={testId}>
      <div className="virtual-list__spacer" style={{ height: offsets[items.length] }}>
        {drawn.map((item, index) => (
          <div
            key={keyOf(item)}
            ref={followHeight}
            data-key={keyOf(item)}
            className="virtual-list__item"
            style={{ top: offsets[first + index], minHeight: heightOf(item) }}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
    </div>
  );
}
