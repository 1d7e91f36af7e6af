import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { vars } from '../theme.css';
import { ThemeSwitch } from './ThemeSwitch';
import { THEME_STORAGE_KEY } from './theme-preference';

const meta = {
  title: 'UI/ThemeSwitch',
  component: ThemeSwitch,
  tags: ['autodocs', 'visual'],
  decorators: [
    (Story, { parameters }) =>
      parameters.onPage ? (
        <Story />
      ) : (
        <div style={{ background: vars.color.topBar, padding: 12 }}>
          <Story />
        </div>
      ),
  ],
  // Each story starts with no remembered choice and leaves none behind.
  beforeEach: () => {
    const root = document.documentElement;
    const previous = {
      stored: localStorage.getItem(THEME_STORAGE_KEY),
      theme: root.getAttribute('data-theme'),
    };
    localStorage.removeItem(THEME_STORAGE_KEY);
    return () => {
      if (previous.stored === null) localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, previous.stored);
      if (previous.theme === null) root.removeAttribute('data-theme');
      else root.setAttribute('data-theme', previous.theme);
    };
  },
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked();
  },
};

/** Shown in the dark theme it is on. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  },
};

export const OnAPage: Story = { args: { variant: 'plain' }, parameters: { onPage: true } };

/** Keyboard: Space switches the whole page to dark and remembers it; Space again back to light. */
export const ToggleByKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    const root = document.documentElement;
    const toggle = canvas.getByRole('switch', { name: 'Dark theme' });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    // The page's colours follow: the body background is the dark theme's.
    await waitFor(() => expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(13, 18, 27)'));
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(root).toHaveAttribute('data-theme', 'light');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(244, 246, 250)');
  },
};
