// Share 4 of the stories' visual tests (tests/visual/visual-stories.tsx deals them out and says why).
import { defineVisualStoryTests } from './visual-stories';

await defineVisualStoryTests(4);
