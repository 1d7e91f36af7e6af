import type { Meta, StoryObj } from '@storybook/react-vite';
import { BesideDashboard, DASHBOARD_REACHED, visible } from '../../../.storybook/story-helpers';
import { NOT_FOUND_TEXTS } from '../../contract';
import { NotFoundPage } from './NotFoundPage';

/** The page at an address the console does not have, with a stand-in for the dashboard its button leads to. */
function NotFoundRoute() {
  return <BesideDashboard path="*" page={<NotFoundPage />} />;
}

const meta = {
  title: 'App/Not Found',
  component: NotFoundRoute,
  parameters: { route: '/certificates/no-such-page' },
} satisfies Meta<typeof NotFoundRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['visual', 'dark'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: NOT_FOUND_TEXTS.title }));
    await visible(() => canvas.getByText(NOT_FOUND_TEXTS.message));
  },
};

export const OnAPhone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  play: Default.play,
};

export const GoToDashboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: NOT_FOUND_TEXTS.goToDashboard }));
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};
