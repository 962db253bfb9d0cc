import { describe, expect, it } from 'vitest';
import { chartScale, financePurposeOf, financeYearOf, groupDonors, monthOf, niceStep, readFinanceYear, stackedColumns, subscriptionSchedule, summariseYear, yearBounds, type GiftOf } from './finance';

describe('purposes', () => {
  it('puts memberships and renewals together, gifts under their cause, tickets apart', () => {
    expect(financePurposeOf({ purpose: 'membership', cause: null })).toBe('membership');
    expect(financePurposeOf({ purpose: 'membership_renewal', cause: null })).toBe('membership');
    expect(financePurposeOf({ purpose: 'donation', cause: 'medical' })).toBe('medical');
    expect(financePurposeOf({ purpose: 'donation', cause: 'iptv' })).toBe('iptv');
    expect(financePurposeOf({ purpose: 'donation', cause: null })).toBe('general');
    expect(financePurposeOf({ purpose: 'tickets', cause: null })).toBe('tickets');
  });
});

describe('months and years on the association’s clock (Toronto)', () => {
  it('puts an instant in the month Toronto was in', () => {
    // 03:00 UTC on February 1 is still January 31 in Toronto.
    expect(monthOf(new Date('2026-02-01T03:00:00Z'))).toEqual({ year: 2026, month: 1 });
    expect(monthOf(new Date('2026-02-01T06:00:00Z'))).toEqual({ year: 2026, month: 2 });
    expect(monthOf(new Date('2027-01-01T04:59:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(monthOf(new Date('2027-01-01T05:00:00Z'))).toEqual({ year: 2027, month: 1 });
  });

  it('bounds a year at Toronto’s midnights', () => {
    expect(yearBounds(2026)).toEqual({ start: new Date('2026-01-01T05:00:00Z'), end: new Date('2027-01-01T05:00:00Z') });
  });

  it('reads ?year= leniently: a plausible year, else the current one', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(readFinanceYear('2025', now)).toBe(2025);
    expect(readFinanceYear(null, now)).toBe(2026);
    for (const bad of ['', '20x5', '1999', '2028', '9999', '99999', '2025.5', ' 2025']) {
      expect(readFinanceYear(bad, now)).toBe(2026);
      expect(financeYearOf(bad, now)).toBeNull();
    }
    expect(financeYearOf('2027', now)).toBe(2027);
  });
});

describe('the year’s totals', () => {
  const at = (iso: string) => new Date(iso);
  const totals = summariseYear(
    2026,
    [
      { at: at('2026-01-10T15:00:00Z'), purpose: 'membership', cents: 5000, livemode: true },
      { at: at('2026-01-20T15:00:00Z'), purpose: 'general', cents: 2500, livemode: true },
      { at: at('2026-03-05T15:00:00Z'), purpose: 'iptv', cents: 1000, livemode: false },
      { at: at('2026-03-06T15:00:00Z'), purpose: 'tickets', cents: 8000, livemode: true },
      // Outside the year (Toronto's Dec 31, 2025) and after it.
      { at: at('2026-01-01T04:00:00Z'), purpose: 'general', cents: 99_999, livemode: true },
      { at: at('2027-01-01T05:00:00Z'), purpose: 'general', cents: 99_999, livemode: true },
    ],
    [
      { at: at('2026-04-02T15:00:00Z'), purpose: 'tickets', cents: 4000 },
      { at: at('2025-12-30T15:00:00Z'), purpose: 'tickets', cents: 77_777 },
    ],
  );

  it('adds each payment to its month and purpose, and each refund to the month it was given back', () => {
    expect(totals.months[0]!.byPurpose.membership).toEqual({ grossCents: 5000, refundedCents: 0, netCents: 5000 });
    expect(totals.months[0]!.total).toEqual({ grossCents: 7500, refundedCents: 0, netCents: 7500 });
    expect(totals.months[2]!.total.netCents).toBe(9000);
    expect(totals.months[3]!.byPurpose.tickets).toEqual({ grossCents: 0, refundedCents: 4000, netCents: -4000 });
    expect(totals.months[1]!.total).toEqual({ grossCents: 0, refundedCents: 0, netCents: 0 });
  });

  it('totals the year by purpose and overall, and says how much was test money', () => {
    expect(totals.byPurpose.tickets).toEqual({ grossCents: 8000, refundedCents: 4000, netCents: 4000 });
    expect(totals.byPurpose.medical).toEqual({ grossCents: 0, refundedCents: 0, netCents: 0 });
    expect(totals.total).toEqual({ grossCents: 16_500, refundedCents: 4000, netCents: 12_500 });
    expect(totals.testGrossCents).toBe(1000);
    const monthsNet = totals.months.reduce((sum, month) => sum + month.total.netCents, 0);
    expect(monthsNet).toBe(totals.total.netCents);
  });
});

describe('donors', () => {
  const gift = (email: string, firstName: string, iso: string, amountCents: number, refundedCents = 0, livemode = true): GiftOf => ({
    paymentId: `${email}-${iso}`,
    paidAt: new Date(iso),
    cause: 'general',
    amountCents,
    refundedCents,
    livemode,
    receipt: null,
    email,
    firstName,
    lastName: 'Perera',
  });

  it('are their email, whatever its case; named as on their latest gift; refunds deducted', () => {
    const donors = groupDonors([
      gift('Nimal@Example.org', 'Nimal', '2026-05-01T12:00:00Z', 5000, 1000),
      gift('nimal@example.org', 'Nimal K.', '2026-07-01T12:00:00Z', 2500),
      gift('anne@example.org', 'Anne', '2026-02-01T12:00:00Z', 1000, 0, false),
    ]);
    expect(donors.map((donor) => [donor.email, donor.name, donor.grossCents, donor.refundedCents, donor.netCents, donor.testOnly])).toEqual([
      ['anne@example.org', 'Anne Perera', 1000, 0, 1000, true],
      ['nimal@example.org', 'Nimal K. Perera', 7500, 1000, 6500, false],
    ]);
    expect(donors[1]!.gifts.map((entry) => entry.amountCents)).toEqual([5000, 2500]);
  });
});

describe('the chart’s scale', () => {
  it('steps by round amounts, never below a dollar', () => {
    expect(niceStep(100_000)).toBe(25_000);
    expect(niceStep(12_345)).toBe(5000);
    expect(niceStep(30)).toBe(100);
    expect(niceStep(0)).toBe(100);
  });

  it('covers the highest month and a negative one', () => {
    expect(chartScale(0, 12_345)).toEqual({ minCents: 0, maxCents: 15_000, ticks: [0, 5000, 10_000, 15_000] });
    expect(chartScale(-4000, 9000)).toEqual({ minCents: -5000, maxCents: 10_000, ticks: [-5000, 0, 5000, 10_000] });
    expect(chartScale(0, 0).maxCents).toBeGreaterThan(0);
  });

  it('stacks each month’s purposes up from zero, and a net refund down below it', () => {
    const totals = summariseYear(
      2026,
      [
        { at: new Date('2026-01-10T15:00:00Z'), purpose: 'membership', cents: 6000, livemode: true },
        { at: new Date('2026-01-11T15:00:00Z'), purpose: 'general', cents: 4000, livemode: true },
      ],
      [{ at: new Date('2026-02-11T15:00:00Z'), purpose: 'tickets', cents: 5000 }],
    );
    const chart = stackedColumns(totals, 200);
    expect(chart.scale).toMatchObject({ minCents: -5000, maxCents: 10_000 });
    expect(chart.zeroY).toBeCloseTo(133.33, 1);
    const [january, february] = chart.columns;
    expect(january!.segments.map((segment) => segment.purpose)).toEqual(['membership', 'general']);
    // Membership sits on the zero line, general on top of it, reaching the top of the chart.
    expect(january!.segments[0]!.y + january!.segments[0]!.height).toBeCloseTo(chart.zeroY, 1);
    expect(january!.segments[1]!.y).toBeCloseTo(0, 1);
    expect(february!.segments).toEqual([{ purpose: 'tickets', cents: -5000, y: chart.zeroY, height: expect.closeTo(66.67, 1) }]);
    expect(chart.columns[5]!.segments).toEqual([]);
  });
});

describe('subscriptions', () => {
  const base = { cancelAtPeriodEnd: false, currentPeriodEnd: new Date('2026-08-01T00:00:00Z'), updatedAt: new Date('2026-07-01T00:00:00Z') };
  it('say when they next pay, or when they end or ended', () => {
    expect(subscriptionSchedule({ ...base, status: 'active' })).toEqual({ label: 'Next payment', date: base.currentPeriodEnd });
    expect(subscriptionSchedule({ ...base, status: 'past_due' })).toEqual({ label: 'Next payment', date: base.currentPeriodEnd });
    expect(subscriptionSchedule({ ...base, status: 'active', cancelAtPeriodEnd: true })).toEqual({ label: 'Ends', date: base.currentPeriodEnd });
    // Cancelled at once by the provider: ended when it was recorded; at the period's end: then.
    expect(subscriptionSchedule({ ...base, status: 'cancelled' })).toEqual({ label: 'Ended', date: base.updatedAt });
    expect(subscriptionSchedule({ ...base, status: 'cancelled', updatedAt: new Date('2026-08-02T00:00:00Z') })).toEqual({ label: 'Ended', date: base.currentPeriodEnd });
  });
});
