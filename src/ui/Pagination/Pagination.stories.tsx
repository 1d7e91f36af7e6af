import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Pagination, paginationSummary } from './Pagination';

const onPageChange = fn();

/** Keeps the page in state like a screen keeps it in the URL. */
function PagedExample({ total, startPage = 1 }: { total: number; startPage?: number }) {
  const [page, setPage] = useState(startPage);
  return (
    <Pagination
      page={page}
      pageSize={10}
      total={total}
      noun="users"
      onPageChange={(next) => {
        onPageChange(next);
        setPage(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Pagination',
  component: PagedExample,
  tags: ['visual', 'dark'],
  args: { total: 42 },
  beforeEach: () => {
    onPageChange.mockClear();
  },
} satisfies Meta<typeof PagedExample>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First page: Previous is disabled; Next by keyboard moves on and the new range is shown. */
export const FirstPage: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      'Showing 1 to 10 of 42 users',
    );
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Next' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByText('Showing 11 to 20 of 42 users')).toBeVisible();
  },
};

export const LastPage: Story = {
  args: { startPage: 5 },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Showing 41 to 42 of 42 users')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(onPageChange).toHaveBeenCalledWith(4);
  },
};

/** Everything fits on one page: nothing is shown (docs/requirements.md#screens). */
export const HiddenOnOnePage: Story = {
  tags: ['!visual'],
  args: { total: 10 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(paginationSummary(1, 10, 0, 'users')).toBe('Showing 0 to 0 of 0 users');
  },
};
