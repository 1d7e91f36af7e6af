// The screens' stories (src/app, src/features) against their baselines.
import { describeVisualStories, type StoryModule } from './story-visuals';

describeVisualStories(
  import.meta.glob<StoryModule>(['../../src/app/**/*.stories.tsx', '../../src/features/**/*.stories.tsx'], {
    eager: true,
  }),
);
