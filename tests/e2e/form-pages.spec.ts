/**
 * The public pages with forms run React (ADR 021): /login, /membership, /donate and an event's
 * order page render and hydrate React like every other page, their forms checked by Conform with
 * the schema the server parses. Each is reached both ways a visitor reaches it: by a link from a
 * page that runs React already (React Router renders it in the same document) and by a full load
 * (React starts after the first paint, ADR 009). On each, a wrong form is answered in the browser
 * before any request, then a right one is posted.
 */
import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations, waitForReact, waitForTicketCard } from './helpers';

type Arrival = 'link' | 'load';

/** POST requests the page makes from now on. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

/**
 * Opens a page that runs React at once (the school anthem's player) and marks its document, so a
 * later check can tell a link followed by React Router (same document) from a page load.
 */
async function startOnReactPage(page: Page) {
  await page.goto('/school-anthem');
  await waitForReact(page);
  await page.evaluate(() => Object.assign(window, { reachedByLink: true }));
}

async function expectSameDocument(page: Page, same: boolean) {
  expect(await page.evaluate(() => 'reachedByLink' in window)).toBe(same);
}

/** The header's link `name` (its main navigation's, or its own), from the React page; or the page loaded whole at `load`. */
function headerLink(page: Page, name: string) {
  return name === 'Login' ? page.getByRole('banner').getByRole('link', { name, exact: true }) : page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

async function arrive(page: Page, arrival: Arrival, name: string, path: RegExp, load: string) {
  if (arrival === 'link') {
    await startOnReactPage(page);
    await headerLink(page, name).click();
  } else {
    await page.goto(load);
  }
  await expect(page).toHaveURL(path);
  await waitForReact(page);
  await expectSameDocument(page, arrival === 'link');
}

for (const arrival of ['link', 'load'] as const) {
  test.describe(`reached by ${arrival === 'link' ? 'a link from a page with React' : 'a full load'}`, () => {
    test('/login: the schema checks before any request, the sign-up tab, then an account is made', async ({ page }) => {
      const posts = postsOf(page);
      await arrive(page, arrival, 'Login', /\/login$/, '/login');
      const email = page.getByLabel('Email');
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Enter a valid email address.')).toBeVisible();
      await expect(page.getByText('Password is required.')).toBeVisible();
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      // Checked again on every input once it has a message.
      await email.fill('someone@example.org');
      await expect(page.getByText('Enter a valid email address.')).toBeHidden();
      expect(posts).toEqual([]);

      // 'Sign Up' is a link React follows in the same document.
      await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
      await expect(page).toHaveURL(/\/login\?tab=signup$/);
      await expectSameDocument(page, arrival === 'link');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByLabel('Full Name')).toBeFocused();
      expect(posts).toEqual([]);
      await page.getByLabel('Full Name').fill('Ishara Wickramasinghe');
      await page.getByLabel('Email').fill(`ishara.${arrival}@example.org`);
      await page.getByLabel('Password').fill('a good long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(currentToast(page)).toContainText('Sign Up Successful!');
      expect(posts).toHaveLength(1);
      await expectSameDocument(page, arrival === 'link');
    });

    test('/donate: the refusal in a toast and under its field, then the gift goes to the checkout with its id kept', async ({ page }) => {
      const posts = postsOf(page);
      await arrive(page, arrival, 'Donate', /\/donate$/, '/donate');
      await page.getByRole('link', { name: /Medical/ }).click();
      await expect(page).toHaveURL(/\/donate\?cause=medical$/);
      const custom = page.getByLabel('Custom amount (USD, optional)');
      await custom.fill('12.345');
      await page.getByRole('button', { name: 'Donate Now' }).click();
      await expect(page.getByText('Use at most two decimal places.')).toBeVisible();
      await expect(custom).toBeFocused();
      await expect(currentToast(page)).toContainText('Missing Information');
      await expectNoAxeViolations(page);
      expect(posts).toEqual([]);
      await custom.fill('12.34');
      await expect(page.getByText('Use at most two decimal places.')).toBeHidden();
      await page.getByLabel('First Name').fill('Nadeesha');
      await page.getByLabel('Last Name').fill('Silva');
      await page.getByLabel('Email').fill('nadeesha@example.org');
      await page.getByLabel('Home Address').fill('5 Bay Street, Toronto');
      await page.getByRole('button', { name: 'Donate Now' }).click();
      await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
      expect(posts).toHaveLength(1);
      expect(await page.evaluate(() => window.localStorage.getItem('donation_id'))).toMatch(/^[0-9a-f-]{36}$/);
      // Back returns to the form, not to the answer of the post.
      await page.goBack();
      await expect(page).toHaveURL(/\/donate\?cause=medical$/);
      await expect(page.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
    });

    test('/membership: the account step checked before any request, the renewal box for the annual plan only, then the application goes to the checkout', async ({ page }) => {
      const posts = postsOf(page);
      await arrive(page, arrival, 'Membership', /\/membership$/, '/membership');
      await page.getByRole('link', { name: 'Apply Now: Annual Membership' }).click();
      await expect(page).toHaveURL(/\/membership\?plan=annual$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Email and password are required to create an account.').first()).toBeVisible();
      await expect(page.getByLabel('Email')).toBeFocused();
      await expectNoAxeViolations(page);
      expect(posts).toEqual([]);

      await page.getByLabel('Email').fill(`applicant.${arrival}@example.org`);
      await page.getByLabel('Password').fill('a good long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(currentToast(page)).toContainText('Account Created!');
      await expect(page.getByText('Account created for')).toBeVisible();
      const renewal = page.getByRole('checkbox', { name: 'Renew automatically every year by card' });
      await expect(renewal).toBeVisible();
      await page.getByRole('radio', { name: /Life Membership/ }).check();
      await expect(renewal).toBeHidden();
      await page.getByRole('radio', { name: /Annual Membership/ }).check();
      await expect(renewal).toBeVisible();

      // Wrong, then right: the message under its field, focus on it, no request.
      posts.length = 0;
      await page.getByLabel('First Name').fill('Chamari');
      await page.getByLabel('Last Name').fill('Perera');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByLabel('Home Address')).toBeFocused();
      await expect(page.getByLabel('Home Address')).toHaveAttribute('aria-invalid', 'true');
      expect(posts).toEqual([]);
      await page.getByLabel('Home Address').fill('3 Oak Avenue, Toronto');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
      expect(posts).toHaveLength(1);
      expect(await page.evaluate(() => window.localStorage.getItem('membership_application_id'))).toMatch(/^[0-9a-f-]{36}$/);
    });

    test("an event's order page: Enter places the order, 'Apply' is answered in place, then the order goes to the checkout", async ({ page }) => {
      const posts = postsOf(page);
      if (arrival === 'link') {
        await startOnReactPage(page);
        await headerLink(page, 'Events').click();
      } else {
        await page.goto('/events');
      }
      await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
      await waitForTicketCard(page);
      await page.getByRole('button', { name: 'Increase Student quantity' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/events\/\d+\/order\?seats=/);
      await waitForReact(page);
      await expectSameDocument(page, arrival === 'link');
      const order = new URL(page.url()).pathname + new URL(page.url()).search;
      posts.length = 0; // the event page's ticket form, when it posted
      const pages = await page.evaluate(() => history.length);

      await page.getByLabel('Ticket 1 · Student').fill('Kasun Silva');
      await page.getByLabel('Email').fill('not-an-address');
      // Enter in a field places the order (not 'Apply', the form's first button): checked first.
      await page.getByLabel('Email').press('Enter');
      await expect(page.getByText('Enter a valid email address.')).toBeVisible();
      await expect(page.getByLabel('Your name')).toBeFocused();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(posts).toEqual([]);

      // Apply: one post, its answer in place, what was typed kept, no page added to the history.
      await page.getByLabel('Discount code (optional)').fill('NOSUCHCODE');
      await page.getByLabel('Discount code (optional)').press('Enter');
      await expect(page.getByText('This code is not valid for this event, or it has been used up.')).toBeVisible();
      expect(posts).toHaveLength(1);
      await expect(page).toHaveURL(order);
      await expect(page.getByLabel('Ticket 1 · Student')).toHaveValue('Kasun Silva');
      await expect(page.getByLabel('Discount code (optional)')).toBeFocused();
      expect(await page.evaluate(() => history.length)).toBe(pages);
      await expectNoAxeViolations(page);

      await page.getByLabel('Discount code (optional)').fill('');
      await page.getByLabel('Your name').fill('Kasun Silva');
      await page.getByLabel('Email').fill('kasun.gala@example.org');
      await page.getByLabel('Email').press('Enter');
      await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
      expect(posts).toHaveLength(2);
    });
  });
}
