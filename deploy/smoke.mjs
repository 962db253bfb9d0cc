// @ts-check
/**
 * The image's smoke journey (deploy/ci-image-check.sh; docs/deploy.md#the-container-image): starts
 * the site from an installed image folder (`image-steps.sh start`) with NODE_ENV=production on
 * PostgreSQL, mail going to a local SMTP server, then walks what a first visitor does — home, an
 * event, sign-up, the verification mail, sign-in, the portal, a gift through the test provider —
 * asks /healthz and /readyz, runs `npm run doctor`, `npm run migrate` and `npm run user -- reset-password`
 * in the image folder (signing in with the password it made), and stops the site with SIGTERM. Any step that does not hold ends it with exit code 1 and the server's output.
 *
 *   node deploy/smoke.mjs --app DIR --database-url postgres://…
 *
 * Runs from the repository (it uses its dev dependencies: smtp-server, mailparser); the site runs
 * from DIR with DIR's own dependencies only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const { values: options } = parseArgs({ options: { app: { type: 'string' }, 'database-url': { type: 'string' } } });
if (!options.app || !options['database-url']) {
  console.error('Usage: node deploy/smoke.mjs --app DIR --database-url postgres://…');
  process.exit(2);
}
const appDir = path.resolve(options.app);
/** Limits, not waits: a start on a busy machine with a fresh database takes well under this. */
const START_LIMIT_MS = 180_000;
const STEP_LIMIT_MS = 60_000;

/** @type {{ to: string[]; subject: string; text: string }[]} */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        mails.push({ to: session.envelope.rcptTo.map((address) => address.address), subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(undefined)));
const smtpPort = /** @type {import('node:net').AddressInfo} */ (smtp.server.address()).port;

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = /** @type {import('node:net').AddressInfo} */ (probe.address());
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const admin = { email: 'smoke-admin@example.org', password: `smoke ${randomBytes(8).toString('hex')}` };
const siteEnvironment = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: origin,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-smoke-data-')),
  DATABASE_URL: options['database-url'],
  BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'PPA smoke test <no-reply@example.org>',
  // No Stripe from CI: the test provider, said on purpose (production refuses to start otherwise).
  ALLOW_TEST_PAYMENTS: 'true',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};

/**
 * `npm run SCRIPT -- ARGS` in the image folder, with the site's settings: its output and exit code.
 * Not spawnSync: the SMTP server the doctor signs in to runs in this process.
 * @param {string} script
 * @param {string[]} [args]
 * @returns {Promise<{ stdout: string; stderr: string; code: number | null }>}
 */
function npmInImage(script, args = []) {
  return new Promise((resolve) => {
    const run = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], { cwd: appDir, env: siteEnvironment, stdio: ['ignore', 'pipe', 'pipe'] });
    const result = { stdout: '', stderr: '', code: /** @type {number | null} */ (null) };
    run.stdout.on('data', (chunk) => (result.stdout += chunk));
    run.stderr.on('data', (chunk) => (result.stderr += chunk));
    const limit = setTimeout(() => run.kill('SIGKILL'), STEP_LIMIT_MS * 2);
    run.once('close', (code) => {
      clearTimeout(limit);
      resolve({ ...result, code });
    });
  });
}

const server = spawn('sh', ['deploy/image-steps.sh', 'start'], { cwd: appDir, env: siteEnvironment, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('close', (code) => resolve(code)));

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(`${message}\n--- server output ---\n${output}`);
}

/** Tries `check` until it returns a value, or fails after `limit` ms with the last reason. @template T @param {string} what @param {() => Promise<T | undefined>} check */
async function eventually(what, check, limit = STEP_LIMIT_MS) {
  const deadline = Date.now() + limit;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`The server ended (exit ${server.exitCode}) while waiting for ${what}`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return fail(`Gave up waiting for ${what} after ${limit / 1000} s ${last}`);
}

/** @param {string} step @param {boolean} condition @param {string} [detail] */
function expect(step, condition, detail = '') {
  if (!condition) fail(`✗ ${step} ${detail}`);
  console.log(`✓ ${step}`);
}

/** @param {string} pathname @param {{ cookie?: string; form?: Record<string, string> }} [init] */
async function request(pathname, { cookie, form } = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, location: response.headers.get('location') ?? '', cookies: response.headers.getSetCookie(), text: await response.text() };
}
/** @param {string[]} setCookies */
const cookieOf = (setCookies) => setCookies.map((value) => value.split(';')[0]).join('; ');

let code = 1;
try {
  await eventually('"Serving on" from the server', async () => (output.includes('Serving on') ? true : undefined), START_LIMIT_MS);
  console.log(`Started from ${appDir} with NODE_ENV=production on PostgreSQL (${origin})`);

  const live = await request('/healthz');
  expect('GET /healthz answers 200 (the process is alive)', live.status === 200, `(got ${live.status})`);
  const ready = await request('/readyz');
  expect('GET /readyz answers 200 (the database answers, DATA_DIR is writable)', ready.status === 200, `(got ${ready.status})`);

  const home = await request('/');
  expect('the home page answers 200', home.status === 200 && home.text.includes('<main'), `(got ${home.status})`);
  const eventPath = /href="(\/events\/\d+)"/.exec((await request('/events')).text)?.[1];
  expect('the events page lists an event (sample content)', Boolean(eventPath));
  const event = await request(/** @type {string} */ (eventPath));
  expect(`an event's page (${eventPath}) answers 200`, event.status === 200);

  const member = { name: 'Smoke Test Member', email: `smoke-${randomBytes(4).toString('hex')}@example.org`, password: `a smoke test ${randomBytes(6).toString('hex')}` };
  const signUp = await request('/login', { form: { intent: 'signup', fullName: member.name, email: member.email, password: member.password } });
  expect('sign-up is accepted', signUp.status === 200, `(got ${signUp.status})`);
  const verification = await eventually('the verification mail through SMTP', async () => mails.find((mail) => mail.to.includes(member.email) && /verify/i.test(mail.subject)));
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(verification.text)?.[0];
  expect(`the verification mail arrived by SMTP ("${verification.subject}") with its link`, Boolean(link?.startsWith(origin)), link);
  const verified = await request(/** @type {string} */ (link).slice(origin.length));
  expect('following the link verifies the address', verified.status === 302 && !verified.location.includes('error'), `(got ${verified.status} → ${verified.location})`);

  const signIn = await request('/login', { form: { intent: 'login', email: member.email, password: member.password } });
  const session = cookieOf(signIn.cookies);
  expect('sign-in answers with a session', signIn.status === 302 && session.includes('session_token'), `(got ${signIn.status})`);
  const portal = await request('/members-portal', { cookie: session });
  expect('the portal shows the member', portal.status === 200 && portal.text.includes(member.email), `(got ${portal.status})`);

  const gift = await request('/donate', {
    form: { kind: 'gift', frequency: 'once', amount: '50', firstName: 'Smoke', lastName: 'Donor', email: member.email, homeAddress: '1 Test Street, Toronto' },
  });
  expect('a gift leads to the test checkout', gift.status === 302 && gift.location.includes('/payment/test-checkout/'), `(got ${gift.status} → ${gift.location})`);
  const paid = await request(new URL(gift.location, origin).pathname, { form: { intent: 'pay' } });
  expect('paying there leads to the success page', paid.status === 302 && paid.location.includes('/payment-success'), `(got ${paid.status} → ${paid.location})`);
  const success = await request(new URL(paid.location, origin).pathname + new URL(paid.location, origin).search);
  expect('the success page thanks the donor', success.status === 200 && success.text.includes('Thank you'), `(got ${success.status})`);
  const receipt = await eventually('the receipt mail', async () => mails.find((mail) => mail.to.includes(member.email) && !/verify/i.test(mail.subject)));
  expect(`the receipt arrived by SMTP ("${receipt.subject}")`, true);

  const doctor = await npmInImage('doctor');
  console.log(doctor.stdout.replace(/^/gm, '    '));
  // Over plain http on 127.0.0.1 the public address fails the production check on purpose: every other check must hold.
  const failed = doctor.stdout.split('\n').filter((line) => line.startsWith('FAIL') && !line.includes('Public address'));
  expect('npm run doctor in the image folder: database, migrations, SMTP, data folder OK', failed.length === 0 && /^OK +Migrations +All \d+ applied/m.test(doctor.stdout), doctor.stderr);
  // A command that loads the app's sources with tsx (the seed among them), not the bundle: the image has no tests/ folder.
  const migrate = await npmInImage('migrate');
  expect(
    'npm run migrate in the image folder: nothing left to apply',
    migrate.code === 0 && migrate.stdout.includes('has every migration'),
    `(exit ${migrate.code})\n${migrate.stdout}${migrate.stderr}`,
  );
  // The operator's account command (tsx and the app's sources too), on PostgreSQL while the site runs.
  const reset = await npmInImage('user', ['reset-password', member.email, '--generate']);
  const generated = /New password[^\n]*\n\n {2}(\S+)\n/.exec(reset.stdout)?.[1];
  expect('npm run user -- reset-password --generate in the image folder prints a new password', reset.code === 0 && Boolean(generated), `(exit ${reset.code})\n${reset.stderr}`);
  const again = await request('/login', { form: { intent: 'login', email: member.email, password: /** @type {string} */ (generated) } });
  expect('the member signs in with it', again.status === 302 && cookieOf(again.cookies).includes('session_token'), `(got ${again.status})`);

  server.kill('SIGTERM');
  const stopped = await exited;
  expect('SIGTERM stops the site cleanly (exit 0)', stopped === 0, `(exit ${stopped})`);
  code = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
  smtp.close();
  // The site's data folder was the run's own: nothing of it is left in the machine's temporary folder.
  rmSync(siteEnvironment.DATA_DIR, { recursive: true, force: true });
}
process.exit(code);
