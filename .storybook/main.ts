import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  // The docs pages first (.storybook/docs: introduction, design tokens, one page per screen area), then the
  // kit's and the screens' stories.
  stories: ['./docs/*.mdx', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The msw worker lives here, not in a folder Vite copies into the production build.
  staticDirs: ['./static'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Designers open Storybook to review screens: no onboarding checklist in the sidebar or the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
};

export default config;
