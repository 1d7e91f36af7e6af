import * as styles from './Icon.css';

// Drawn as SVG rather than typed as characters: a glyph such as × or ▾ comes from whatever fallback font
// the machine has (and a <button> does not even inherit the page font), so it looked different from one
// machine to the next and broke the visual baselines. Paths are on a 16×16 grid, stroked in currentColor.
const PATHS = {
  arrowRight: 'M3.5 8h9M9 4.5L12.5 8 9 11.5',
  calendar: 'M3 4h10v9H3zM3 7h10M5.5 2.5v3M10.5 2.5v3',
  check: 'M3.5 8.5l3 3 6-7',
  chevronDown: 'M4 6l4 4 4-4',
  chevronLeft: 'M10 3.5L5.5 8l4.5 4.5',
  chevronRight: 'M6 3.5L10.5 8 6 12.5',
  // Hands only: the round badge it sits in (DaysUntilExpiry) draws the face.
  clockHands: 'M8 4.5V8l2.5 1.5',
  close: 'M4 4l8 8M12 4l-8 8',
  exclamation: 'M8 4v5M8 11.75v.5',
  menu: 'M2.5 4.5h11M2.5 8h11M2.5 11.5h11',
  minus: 'M3.5 8h9',
  plus: 'M8 3.5v9M3.5 8h9',
  search: 'M7 2.75a4.25 4.25 0 1 0 0 8.5a4.25 4.25 0 1 0 0-8.5M10.25 10.25L13.5 13.5',
  sortAscending: 'M8 12.5V3.5M4.5 7L8 3.5 11.5 7',
  sortDescending: 'M8 3.5v9M4.5 9L8 12.5 11.5 9',
  sortNone: 'M5.5 6L8 3.5 10.5 6M5.5 10L8 12.5 10.5 10',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps {
  name: IconName;
  /** Pixel size of the square; defaults to the surrounding text's size (1em). */
  size?: number;
}

/** A decorative icon: hidden from screen readers, so whatever it stands for must also be said in text or a label. */
export function Icon({ name, size }: IconProps) {
  const dimension = size ?? '1em';
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={styles.icon}
      data-icon={name}
      width={dimension}
      height={dimension}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Every icon name, for the catalogue story. */
export const ICON_NAMES = Object.keys(PATHS) as IconName[];
