import { describe, expect, it } from 'vitest';
import { donationProductName } from './causes';

describe('what a gift is called on its checkout, payments and receipts', () => {
  it.each([
    [{ cause: 'general', recurringInterval: null }, 'General Donation'],
    [{ cause: 'medical', recurringInterval: null }, 'Medical Fund'],
    [{ cause: 'general', recurringInterval: 'month' }, 'General Donation — monthly gift'],
    [{ cause: 'medical', recurringInterval: 'year' }, 'Medical Fund — yearly gift'],
    // The IPTV Project keeps its own words.
    [{ cause: 'iptv', recurringInterval: 'month' }, 'IPTV Project — monthly contribution'],
    [{ cause: 'iptv', recurringInterval: 'year' }, 'IPTV Project — annual contribution'],
    // A one-time gift to it, which only the committee records (received by hand), is no contribution plan.
    [{ cause: 'iptv', recurringInterval: null }, 'IPTV Project'],
  ] as const)('%o → %s', (donation, name) => {
    expect(donationProductName(donation)).toBe(name);
  });
});
