export { ThemeSwitch, useTheme, type ThemeSwitchProps } from './ThemeSwitch';
export {
  applyStoredTheme,
  applyTheme,
  chooseTheme,
  currentTheme,
  readStoredTheme,
  THEME_BOOT_SCRIPT,
  THEME_STORAGE_KEY,
} from './theme-preference';
