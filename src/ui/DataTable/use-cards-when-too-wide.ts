import { useLayoutEffect, useRef, type RefObject } from 'react';
import { CARDS_AT_MOST, type ColumnsKind } from '../styles/breakpoints';
import { TOO_WIDE } from './DataTable.css';

/**
 * Shows a table as cards wherever it would scroll sideways in its box, not only below the fixed card widths.
 *
 * The fixed widths (`tableContainer.cards`, `cardsFew`) are styles, so the first paint and the screenshots never
 * depend on a measurement (docs/adr/0012). But how wide a table is depends on what it holds: the bench's
 * 20-character serials and long addresses made the certificates table 924 px wide in boxes of 800 to 900 px. Just
 * above the fixed width such a table is measured: wider than its box, it becomes cards (`TOO_WIDE` on the box, styled
 * in DataTable.css.ts), and it becomes a table again once the box is as wide as it measured.
 *
 * Measured before paint when the rows or columns change (`content`), and in the next frame when the box's width or
 * the table's size changes (a window resized, a font arrived): a change made inside the ResizeObserver's own
 * callback would resize what it observes and end its loop with an error. The attribute is written on the element,
 * not through state, so a switch draws no row again.
 */
export function useCardsWhenTooWide(
  box: RefObject<HTMLElement | null>,
  columns: ColumnsKind,
  content: unknown,
) {
  // The box width the rows needed as a table when last measured: below it they stay cards without measuring again.
  const needed = useRef(0);

  useLayoutEffect(() => {
    if (box.current) needed.current = fit(box.current, columns, { remeasure: true }, needed.current);
  }, [box, columns, content]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        needed.current = fit(element, columns, { remeasure: false }, needed.current);
      });
    });
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [box, columns]);
}

/**
 * Shows the box's rows as cards or as a table, and returns the width they need as a table (`needed` if not measured).
 * `remeasure` lays them out as a table even when they are cards now (their content changed); otherwise cards become a
 * table again only once the box reaches the width they last needed.
 */
function fit(box: HTMLElement, columns: ColumnsKind, { remeasure }: { remeasure: boolean }, needed: number) {
  const scroller = box.firstElementChild;
  const width = box.clientWidth;
  // The styles already show cards here, whatever the rows hold.
  if (!scroller || width <= CARDS_AT_MOST[columns]) {
    box.removeAttribute(TOO_WIDE);
    return needed;
  }
  const isCards = box.hasAttribute(TOO_WIDE);
  if (isCards && !remeasure && width < needed) return needed;
  box.removeAttribute(TOO_WIDE);
  const overflow = scroller.scrollWidth - scroller.clientWidth;
  if (overflow <= 0) return needed;
  box.setAttribute(TOO_WIDE, '');
  return width + overflow;
}
