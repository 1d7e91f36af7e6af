import { storybookProject } from './vitest.storybook.config.ts';

// The stories tagged 'dark' once more in the dark theme (the `theme` global of .storybook/preview.tsx),
// play function and axe: the dark theme's colours must pass the same checks.
export default storybookProject({
  name: 'storybook-dark',
  initialGlobals: { theme: 'dark' },
  tags: { include: ['dark'] },
});
