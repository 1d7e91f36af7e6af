// The states of one screen area, listed from its story files: each story is a state the screen can be in
// (loaded, empty, loading, an error, a role without access, a phone), so this list is the area's checklist
// for a review and cannot fall behind the stories.
import type { Meta } from '@storybook/react-vite';
import { storyNameFromExport, toId } from 'storybook/internal/csf';

type StoryModule = { default: Meta } & Record<string, unknown>;
const modules = import.meta.glob<StoryModule>(['../../src/**/*.stories.tsx'], { eager: true });

interface Entry {
  title: string;
  states: { id: string; name: string; hasBaseline: boolean }[];
}

function entriesOf(area: string): Entry[] {
  return Object.values(modules)
    .filter((module) => module.default.title?.startsWith(`${area}/`))
    .map((module) => {
      const title = module.default.title ?? '';
      const metaTags = module.default.tags ?? [];
      const states = Object.entries(module)
        .filter(([key]) => key !== 'default' && key !== '__namedExportsOrder')
        .map(([key, story]) => {
          const { name, tags = [] } = (story ?? {}) as { name?: string; tags?: string[] };
          const hasBaseline =
            (metaTags.includes('visual') || tags.includes('visual')) && !tags.includes('!visual');
          return { id: toId(title, key), name: name ?? storyNameFromExport(key), hasBaseline };
        });
      return { title, states };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Every story under `area/`, grouped by component, each a link to the story; "screenshot" marks a baseline. */
export function StateList({ area }: { area: string }) {
  const entries = entriesOf(area);
  return (
    <>
      {entries.map(({ title, states }) => (
        <section key={title}>
          <h3>{title.slice(area.length + 1)}</h3>
          <ul>
            {states.map((state) => (
              <li key={state.id}>
                <a href={`?path=/story/${state.id}`} target="_top">
                  {state.name}
                </a>
                {state.hasBaseline ? ' (screenshot baseline)' : ''}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
