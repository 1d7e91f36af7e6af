import * as styles from './Icon.css';

// Drawn as SVG rather than typed as characters: a glyph such as × or ▾ comes from whatever fallback font
// the machine has (and a <button> does not even inherit the page font), so it looked different from one
// machine to the next and broke the visual baselines. Paths are on a 16×16 grid, stroked in currentColor.
const PATHS = {
  activity: 'M1.5 8h3l2-4.5 3 9 2-4.5h3',
  arrowRight: 'M3.5 8h9M9 4.5L12.5 8 9 11.5',
  building: 'M3 13.5V2.5h7v11M10 6h3v7.5M1.5 13.5h13M5.5 5h2M5.5 8h2M5.5 11h2',
  calendar: 'M3 4h10v9H3zM3 7h10M5.5 2.5v3M10.5 2.5v3',
  certificate: 'M3 2.5h10v8H3zM5.5 5h5M5.5 7.5h3M10 10.5v3.5l1.25-1 1.25 1v-3.5',
  check: 'M3.5 8.5l3 3 6-7',
  chevronDown: 'M4 6l4 4 4-4',
  chevronLeft: 'M10 3.5L5.5 8l4.5 4.5',
  chevronRight: 'M6 3.5L10.5 8 6 12.5',
  // Hands only: the round badge it sits in (DaysUntilExpiry) draws the face.
  clockHands: 'M8 4.5V8l2.5 1.5',
  close: 'M4 4l8 8M12 4l-8 8',
  dashboard: 'M2.5 2.5h4.5v5H2.5zM9 2.5h4.5v3H9zM9 7.5h4.5v6H9zM2.5 9.5h4.5v4H2.5z',
  exclamation: 'M8 4v5M8 11.75v.5',
  key: 'M5.5 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6M7.6 8.4L13.5 2.5M11 5l2 2M12.5 3.5l1.5 1.5',
  menu: 'M2.5 4.5h11M2.5 8h11M2.5 11.5h11',
  minus: 'M3.5 8h9',
  plus: 'M8 3.5v9M3.5 8h9',
  search: 'M7 2.75a4.25 4.25 0 1 0 0 8.5a4.25 4.25 0 1 0 0-8.5M10.25 10.25L13.5 13.5',
  settings:
    'M8 5.75a2.25 2.25 0 1 0 0 4.5a2.25 2.25 0 1 0 0-4.5M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  sidebar: 'M2.5 3h11v10h-11zM6 3v10',
  sortAscending: 'M8 12.5V3.5M4.5 7L8 3.5 11.5 7',
  sortDescending: 'M8 3.5v9M4.5 9L8 12.5 11.5 9',
  sortNone: 'M5.5 6L8 3.5 10.5 6M5.5 10L8 12.5 10.5 10',
  user: 'M8 2.75a2.75 2.75 0 1 0 0 5.5a2.75 2.75 0 1 0 0-5.5M2.5 14c0-3 2.5-4.75 5.5-4.75s5.5 1.75 5.5 4.75',
  users:
    'M6 3a2.25 2.25 0 1 0 0 4.5a2.25 2.25 0 1 0 0-4.5M1.5 13.5c0-2.5 2-4 4.5-4s4.5 1.5 4.5 4M10.5 3.2a2.25 2.25 0 0 1 0 4.1M12 9.8c1.5.5 2.5 1.8 2.5 3.7',
  webhook:
    'M6.5 9.5l-2 3.5M4.5 13a2 2 0 1 1 0-.01M6 4.5a2 2 0 1 1 2.5 2l2 3.5M10.5 10a2 2 0 1 1 1.5 3.3M11.5 12.5H6.5',
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
