/** A failed comparison of the visual suite: the story's name and its two images. */
export interface FailedComparison {
  name: string;
  reference: string;
  actual: string;
}
export function failedComparisons(attachments?: string, baselines?: string): FailedComparison[];
export function writeReport(failures: FailedComparison[], dir?: string): string;
export function clearComparisons(): void;
export function reportLastRun(): void;
