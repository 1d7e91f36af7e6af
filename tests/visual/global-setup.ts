import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumVersion } from '../../scripts/chromium.mjs';
import {
  chromiumVersionProblem,
  readRecordedVersion,
  recordVersion,
  RECORDED_VERSION_FILE,
} from './chromium-version';

declare module 'vitest' {
  export interface ProvidedContext {
    visualRun: { isUpdate: boolean; chromiumProblem: string | null };
  }
}

/** Runs once in node before the visual tests: checks (or, with --update, records) the Chromium version. */
export default function setup(project: TestProject) {
  const actual = chromiumVersion();
  const isUpdate = project.config.snapshotOptions.updateSnapshot === 'all';
  if (isUpdate) {
    mkdirSync(dirname(RECORDED_VERSION_FILE), { recursive: true });
    recordVersion(actual);
  }
  project.provide('visualRun', {
    isUpdate,
    chromiumProblem: chromiumVersionProblem(readRecordedVersion(), actual),
  });
}
