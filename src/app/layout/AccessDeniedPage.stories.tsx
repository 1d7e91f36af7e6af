import { BesideDashboard, DASHBOARD_REACHED, onThePhone } from '../../../.storybook/story-helpers';
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
    await expect(canvas.getByRole('heading', { level: 1, name: ACCESS_DENIED_TEXTS.title })).toBeVisible();
    await expect(canvas.getByText(ACCESS_DENIED_TEXTS.message)).toBeVisible();
    await expect(canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goBack })).toBeVisible();
    await expect(canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard })).toBeVisible();
  },
};

export const GoToDashboardByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText(DASHBOARD_REACHED)).toBeVisible();
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Default), tags: ['visual'] };
