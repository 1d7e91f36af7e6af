import { BesideDashboard, DASHBOARD_REACHED, onThePhone, visible } from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ACCESS_DENIED_TEXTS } from '../../contract';
import { AccessDeniedPage } from './AccessDeniedPage';

/** The page alone, with stand-ins for where its buttons lead. */
function AccessDeniedRoute() {
  return <BesideDashboard path="/users" page={<AccessDeniedPage />} />;
}

const meta = {
  title: 'App/Access Denied',
  component: AccessDeniedRoute,
  parameters: { route: '/users' },
} satisfies Meta<typeof AccessDeniedRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: ACCESS_DENIED_TEXTS.title }));
    await visible(() => canvas.getByText(ACCESS_DENIED_TEXTS.message));
    await visible(() => canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goBack }));
    await visible(() => canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard }));
  },
};

export const GoToDashboardByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Default), tags: ['visual'] };
