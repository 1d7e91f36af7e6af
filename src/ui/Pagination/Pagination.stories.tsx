import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen } from 'storybook/test';
import { Pagination, paginationSummary } from './Pagination';
import { visible } from '../../../.storybook/story-helpers';

const onPageChange = fn();
const onPageSizeChange = fn();

/** Keeps the page (and its size) in state like a screen keeps them in the URL. */
function PagedExample({
  total,
  startPage = 1,
  withSizes = false,
}: {
  total: number;
  startPage?: number;
  withSizes?: boolean;
}) {
  const [page, setPage] = useState(startPage);
  const [pageSize, setPageSize] = useState(10);
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      noun="users"
      onPageChange={(next) => {
        onPageChange(next);
        setPage(next);
      }}
      {...(withSizes
        ? {
            pageSizeOptions: [10, 25, 50, 100],
            onPageSizeChange: (size: number) => {
              onPageSizeChange(size);
              setPageSize(size);
              setPage(1);
            },
          }
        : {})}
    />
  );
}

const meta = {
  title: 'UI/Pagination',
  component: PagedExample,
  // The Docs page's props table of the kit component itself, beside the example that shows it.
  subcomponents: { Pagination },
  tags: ['autodocs', 'visual', 'dark'],
  args: { total: 42 },
  beforeEach: () => {
    onPageChange.mockClear();
    onPageSizeChange.mockClear();
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
    await visible(() => canvas.getByText('Showing 11 to 20 of 42 users'));
  },
};

export const LastPage: Story = {
  args: { startPage: 5 },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByText('Showing 41 to 42 of 42 users'));
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

/** The page size beside the pager; once everything fits, the choice stays so it can go back. */
export const PageSize: Story = {
  args: { withSizes: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '50 per page' }));
    await expect(onPageSizeChange).toHaveBeenCalledWith(50);
    await visible(() => canvas.getByText('Showing 1 to 42 of 42 users'));
    await expect(canvas.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Rows per page/ })).toHaveTextContent('50 per page');
  },
};
