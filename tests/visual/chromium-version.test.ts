import { describe, expect, it } from 'vitest';
import { chromiumVersionProblem } from './chromium-version';

describe('the Chromium version recorded beside the visual baselines', () => {
  it('is no problem when it matches', () => {
    expect(chromiumVersionProblem('156.0.8078.79', '156.0.8078.79')).toBeNull();
  });

  it('fails a different version with what to run', () => {
    expect(chromiumVersionProblem('155.0.1.2', '156.0.8078.79')).toBe(
      'The visual baselines were made with Chromium 155.0.1.2 but this machine has Chromium 156.0.8078.79: run `npm run test:visual:update` to renew them, review the changed images and commit them.',
    );
  });

  it('fails a missing record with what to run', () => {
    expect(chromiumVersionProblem(null, '156.0.8078.79')).toMatch(/run `npm run test:visual:update`/);
  });
});
