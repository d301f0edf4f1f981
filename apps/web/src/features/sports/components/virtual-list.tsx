import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { visibleRange } from '../model/windowing';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Each item's fixed height in px; rows of one kind share a height, so no measuring is needed. */
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
 * absolutely at offsets summed from their fixed heights, inside a spacer as tall as all items.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, heightOf, keyOf, renderItem, onRangeChange, height, testId } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const offsets = useMemo(() => {
    const starts = new Array<number>(items.length + 1);
    starts[0] = 0;
    items.forEach((item, index) => {
      starts[index + 1] = (starts[index] ?? 0) + heightOf(item);
    });
    return starts;
  }, [items, heightOf]);

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
            className="virtual-list__item"
            style={{ top: offsets[first + index], height: heightOf(item) }}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
    </div>
  );
}
