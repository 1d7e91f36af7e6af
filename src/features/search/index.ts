// The command palette ("Find anything"): the top bar's launcher (which also answers Ctrl+K / ⌘K), and the hook a
// detail page calls so the palette offers its item among the last opened. The palette itself loads on first use.
export { SearchLauncher, type SearchLauncherProps } from './SearchLauncher';
export { useRememberOpened, type RecentItem } from '../../lib/routing/recent-items';
export { isApplePlatform } from './palette-store';
