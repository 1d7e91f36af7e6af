// The Activity page names each type the server writes; the compiler already refuses a type without a label, and
// these check what it cannot: that the label says something and tells the options of the action filter apart.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '../../src/contract/dashboard';
import { ACTIVITY_ACTION_LABELS } from '../../src/contract/texts/activity';

describe('the activity labels', () => {
  it.each(ACTIVITY_TYPES)('names %s in words, not as the raw type', (type) => {
    const label = ACTIVITY_ACTION_LABELS[type];
    expect(label.trim()).not.toBe('');
    expect(label).not.toBe(type);
    expect(label).not.toContain('_');
  });

  it('gives every type a label of its own, and none to a type the server does not write', () => {
    const labels = ACTIVITY_TYPES.map((type) => ACTIVITY_ACTION_LABELS[type]);
    expect(new Set(labels).size).toBe(ACTIVITY_TYPES.length);
    expect(Object.keys(ACTIVITY_ACTION_LABELS).sort()).toEqual([...ACTIVITY_TYPES].sort());
  });

  it('names a transfer and a change of reminders', () => {
    expect(ACTIVITY_ACTION_LABELS['certificate.transferred']).toBe('Certificate transferred');
    expect(ACTIVITY_ACTION_LABELS['user.preferences_changed']).toBe('Expiry reminders changed');
  });
});
