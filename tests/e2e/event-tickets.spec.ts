import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';

async function openEvent(page: Page, title: string) {
  await page.goto('/events');
  await page.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('paid tiers take quantities within 0 and their cap, and the total follows', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  const card = page.getByRole('heading', { name: 'Buy Tickets' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  const total = page.getByTestId('ticket-total');
  await expect(total).toHaveText('$0.00');

  const decreaseStandard = card.getByRole('button', { name: 'Decrease Standard quantity' });
  const increaseStandard = card.getByRole('button', { name: 'Increase Standard quantity' });
  const standard = card.getByRole('spinbutton', { name: 'Standard quantity' });
  await expect(decreaseStandard).toBeDisabled();
  await increaseStandard.click();
  await increaseStandard.click();
  await expect(standard).toHaveValue('2');
  await expect(total).toHaveText('$150.00');
  await decreaseStandard.click();
  await decreaseStandard.click();
  await expect(standard).toHaveValue('0');
  await expect(decreaseStandard).toBeDisabled();
  await expect(total).toHaveText('$0.00');

  // The VIP table tier is capped at 6.
  const increaseVip = card.getByRole('button', { name: 'Increase VIP Table (10 seats) quantity' });
  for (let click = 0; click < 6; click += 1) await increaseVip.click();
  await expect(increaseVip).toBeDisabled();
  await expect(card.getByRole('spinbutton', { name: 'VIP Table (10 seats) quantity' })).toHaveValue('6');
  await expect(total).toHaveText('$5,400.00');

  // Typing past the cap is brought back to it.
  await standard.fill('999');
  await expect(standard).toHaveValue('250');
  await expect(page.getByText('Total (256 tickets)')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('checkout with no tickets shows "No tickets selected"; with tickets the placeholder', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const toast = currentToast(page);
  await expect(toast).toContainText('No tickets selected');
  await expect(toast).toContainText('Please select the quantity for at least one ticket tier.');
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();

  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(currentToast(page)).toContainText('🚧 Stripe Integration Required');
  // One toast at a time.
  await expect(currentToast(page)).toHaveCount(1);
});

test('free tiers show FREE without quantity buttons', async ({ page }) => {
  await openEvent(page, "Founders' Day Celebration");
  const free = page.getByRole('listitem').filter({ hasText: 'General Admission' });
  await expect(free.getByText('FREE', { exact: true })).toBeVisible();
  await expect(free.getByRole('button')).toHaveCount(0);
  const paid = page.getByRole('listitem').filter({ hasText: 'Dinner Pass' });
  await expect(paid.getByText('$25.00')).toBeVisible();
  await expect(paid.getByRole('button', { name: 'Increase Dinner Pass quantity' })).toBeVisible();
  // Details card: weekday date, time, venue with its map link.
  await expect(page.getByText(/^\d{1,2}:\d{2} (AM|PM) E[SD]T$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Scarborough Civic Centre/ })).toHaveAttribute('href', /^https:\/\/maps\.google\.com\//);
});

test('an event with an external form asks to confirm attendance there', async ({ page }) => {
  await openEvent(page, 'Alumni Networking Mixer');
  await expect(page.getByRole('heading', { name: 'Confirm Attendance' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Increase/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  const confirm = page.getByRole('link', { name: /Confirm Your Attendance/ });
  await expect(confirm).toHaveAttribute('href', 'https://forms.example.org/ppa-networking-mixer');
  await expect(confirm).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(page);
});

test('a past event closes its ticket sales', async ({ page }) => {
  await page.goto('/events');
  await page.getByRole('region', { name: 'Past Events' }).getByRole('link', { name: /View Details/ }).first().click();
  await expect(page.getByText('This event has ended. Ticket sales are closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
});

for (const id of ['99999', 'abc', '0', '1.5']) {
  test(`/events/${id} says "Event not found." with HTTP 404`, async ({ page }) => {
    const response = await page.goto(`/events/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ticket form still posts, and bad quantities get a message', async ({ page }) => {
    await openEvent(page, 'Annual Gala Night');
    await page.getByRole('spinbutton', { name: 'Standard quantity' }).fill('-3');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a whole number of tickets, 0 or more.');
  });
});
