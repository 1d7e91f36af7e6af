import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The msw worker lives here, not in a folder Vite copies into the production build.
  staticDirs: ['./static'],
  core: { disableTelemetry: true },
};

export default config;
