/**
 * Playwright's global setup, once the e2e server answers (Playwright starts the config's webServer
 * first): signs the bootstrap admin in once through the site's own sign-in (the login form's post,
 * over HTTP) and hands the session to the journeys in `E2E_ADMIN_SESSION`, so that a journey that
 * is not about signing in starts as the admin without walking the form (`signInAsAdmin` in
 * journeys.ts; docs/architecture/tests.md). No journey ends this session: signing out in a journey
 * forgets the cookie (`signOut`), and the journeys that log out use accounts of their own.
 */
import type { FullConfig } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { signIn } from '../setup/site-data';
import { sessionCookies } from './journeys';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const origin = config.projects[0]!.use.baseURL!;
  const cookie = await signIn(origin, e2eAdmin.email, e2eAdmin.password);
  if (!cookie) throw new Error(`Global setup: the bootstrap admin (${e2eAdmin.email}) could not sign in at ${origin}/login.`);
  process.env.E2E_ADMIN_SESSION = JSON.stringify(sessionCookies(cookie));
}
