import { setProjectAnnotations } from '@storybook/react-vite';
import { beforeAll, beforeEach, inject } from 'vitest';
import * as previewAnnotations from '../../.storybook/preview';

// The stories render with the same decorators, loaders (msw) and fixed clock as in Storybook.
const annotations = setProjectAnnotations([previewAnnotations]);
beforeAll(annotations.beforeAll);

// Each test fails (rather than the whole file being skipped) when the baselines are from another Chromium.
beforeEach(() => {
  const { chromiumProblem } = inject('visualRun');
  if (chromiumProblem) throw new Error(chromiumProblem);
});

// Screenshots must not catch a blinking caret or an animation half-way.
const stillness = document.createElement('style');
stillness.textContent = `
  *, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
  html, body { min-height: 100vh; }
`;
document.head.append(stillness);
