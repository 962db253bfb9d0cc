/**
 * The server as an operator meets it: configuration checked at boot, PORT / DATA_DIR / PUBLIC_URL
 * honoured, data kept across restarts, Ctrl-C (SIGINT) ending the process, and the HTTP headers.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test, type APIResponse } from '@playwright/test';
import { freePort, preparedDataFolder, SERVER_START_LIMIT_MS, ownServers, waitUntilServing } from '../setup/server-process';

/** Servers of this file's own, killed after each test (tests/setup/server-process.ts). */
const startServer = ownServers(test.afterEach);

/** A test's time limit: the start limit for each server it starts, and a few minutes for the rest (limits, not waits). */
const limitFor = (starts: number) => starts * SERVER_START_LIMIT_MS + 180_000;

test('an invalid setting stops the start with a message naming the variable', async () => {
  const started = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-bad-')) });
  expect(await started.exited).toBe(1);
  expect(started.output()).toMatch(/Invalid configuration:\n\s+PORT: /);
});

test('PORT, DATA_DIR and PUBLIC_URL are honoured; Ctrl-C stops the server; a second start keeps the data', async () => {
  test.setTimeout(limitFor(2));
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-restart-'));
  const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: 'https://alumni.example.org' };

  const first = startServer(env);
  await waitUntilServing(first, port);
  expect(first.output()).toContain('First start: sample content added.');
  expect(first.output()).toContain(`Serving on https://alumni.example.org (port ${port}, embedded database in ${dataDir})`);
  const html = await (await fetch(`http://127.0.0.1:${port}/events`)).text();
  expect(html).toContain('<link rel="canonical" href="https://alumni.example.org/events"/>');

  const stoppedAt = Date.now();
  first.child.kill('SIGINT');
  expect(await first.exited).toBe(0);
  test.info().annotations.push({ type: 'shutdown', description: `${Date.now() - stoppedAt} ms from SIGINT to exit` });

  // While the server is stopped, change the data the way an admin would.
  const database = await PGlite.create(path.join(dataDir, 'db'));
  await database.query(`insert into news (title, slug, excerpt, content, category, author, published_at) values ($1, 'still-here', 'Kept.', '<p>Kept.</p>', 'Announcements', 'Test', now())`, [
    'Still here after a restart',
  ]);
  await database.close();

  const second = startServer(env);
  await waitUntilServing(second, port);
  expect(second.output()).not.toContain('First start');
  expect(await (await fetch(`http://127.0.0.1:${port}/news`)).text()).toContain('Still here after a restart');
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
});

test('pages carry security headers, and every inline script the nonce of the policy it came with', async ({ request }) => {
  const scriptsCarryTheirNonce = async (response: APIResponse) => {
    const csp = response.headers()['content-security-policy']!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // JSON-LD is a data block: browsers never run it, and the policy's script-src does not apply to it (docs/architecture/previews.md#structured-data).
    const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!).filter((attributes) => attributes !== ' type="application/ld+json"');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    return { csp, nonce };
  };
  const first = await request.get('/');
  const { csp } = await scriptsCarryTheirNonce(first);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('frame-src https://www.facebook.com');
  // A cached public page keeps the nonce it was rendered with (docs/decisions/008); a page rendered
  // for each visitor gets a new one every time.
  await scriptsCarryTheirNonce(await request.get('/'));
  const login = await scriptsCarryTheirNonce(await request.get('/login'));
  expect((await scriptsCarryTheirNonce(await request.get('/login'))).nonce).not.toBe(login.nonce);
  expect(first.headers()['x-content-type-options']).toBe('nosniff');
  expect(first.headers()['x-powered-by']).toBeUndefined();
  expect(first.headers()['content-encoding']).toMatch(/^(gzip|br)$/);
  // A page rendered for its visitor is compressed whole, in one piece of known length
  // (docs/architecture/server.md#rendering); a client that accepts no compression gets it plain.
  const rendered = await request.get('/login');
  expect(rendered.headers()['content-encoding']).toBe('br');
  expect(Number(rendered.headers()['content-length'])).toBeGreaterThan(1000);
  expect(rendered.headers()['vary']).toContain('Accept-Encoding');
  expect(await rendered.text()).toContain('</html>');
  // So is a page's data for a navigation in the browser.
  const data = await request.get('/events.data');
  expect(data.headers()['content-encoding']).toBe('br');
  expect(Number(data.headers()['content-length'])).toBeGreaterThan(100);
  expect(await data.text()).toContain('routes/_site/events');
  const plain = await request.get('/login', { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(Number(plain.headers()['content-length'])).toBe((await plain.body()).length);
});

test('hashed assets are cached for a year, pages are not', async ({ request }) => {
  // The membership page's stylesheet is a hashed asset.
  const html = await (await request.get('/membership')).text();
  const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/healthz')).headers()['cache-control']).toBe('private, no-store');
});

test('the first admin: made from ADMIN_EMAIL and ADMIN_PASSWORD; with the password removed as deploy.md says, the next start serves and the admin signs in', async () => {
  test.setTimeout(limitFor(3));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-first-admin-'));
  const admin = { email: 'first-admin@example.org', password: 'first admin password 2027' };
  const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, ADMIN_EMAIL: admin.email };
  const signIn = async () => {
    const response = await fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: new URLSearchParams({ intent: 'login', ...admin }),
    });
    await response.arrayBuffer();
    return response.headers.getSetCookie().some((cookie) => cookie.includes('session_token='));
  };

  const first = startServer({ ...env, ADMIN_PASSWORD: admin.password });
  await waitUntilServing(first, port);
  expect(first.output()).toContain('Created the super_admin account of ADMIN_EMAIL.');
  expect(await signIn()).toBe(true);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  // ADMIN_PASSWORD removed from the settings, ADMIN_EMAIL kept: the site starts as before.
  const second = startServer({ ...env, ADMIN_PASSWORD: '' });
  await waitUntilServing(second, port);
  expect(second.output()).not.toContain('ADMIN_PASSWORD');
  expect(await signIn()).toBe(true);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  // An address with no account and no password: the site serves, and says why no admin was made.
  const third = startServer({ ...env, ADMIN_EMAIL: 'nobody-yet@example.org', ADMIN_PASSWORD: '' });
  await waitUntilServing(third, port);
  expect(third.output()).toContain('ADMIN_EMAIL names no account yet, and ADMIN_PASSWORD is not set: no admin was created.');
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
});

test.describe('operating the embedded database', () => {
  test('a second server on the same data folder refuses to start, and a crashed one’s lock is taken over', async () => {
    test.setTimeout(limitFor(4));
    const port = await freePort();
    const dataDir = preparedDataFolder('ppa-lock-');
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilServing(first, port);

    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by another process (server ${first.child.pid}`);

    // Another program on the port: the start says so and exits non-zero.
    const busy = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-busy-') });
    expect(await busy.exited).toBe(1);
    expect(busy.output()).toContain(`Port ${port} is already in use.`);

    // kill -9 leaves the lock behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilServing(third, port);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  test('the data folder, the secret, the mails and the database files are readable by the owner only', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-modes-')), 'data');
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilServing(server, port);
    // Sign-up mails a verification link into the outbox.
    await fetch(`http://127.0.0.1:${port}/login?tab=signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://127.0.0.1:${port}` },
      body: new URLSearchParams({ intent: 'signup', fullName: 'Mode Check', email: 'modes@example.org', password: 'a good long password' }),
    });
    await expect.poll(() => (existsSync(path.join(dataDir, 'mail')) ? readdirSync(path.join(dataDir, 'mail')).length : 0), { timeout: 60_000 }).toBeGreaterThan(0);
    const mode = (file: string) => statSync(path.join(dataDir, file)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('auth-secret')).toBe(0o600);
    expect(mode('mail')).toBe(0o700);
    for (const file of readdirSync(path.join(dataDir, 'mail'))) expect(mode(`mail/${file}`)).toBe(0o600);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Everything else too, the embedded database's files (made by the process that creates it, then
    // by the server) among them: folders 0700, files 0600.
    const entries = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
    expect(entries.length).toBeGreaterThan(100);
    const notOwnerOnly = entries.filter((entry) => {
      const stats = lstatSync(path.join(dataDir, entry));
      return (stats.mode & 0o777) !== (stats.isDirectory() ? 0o700 : 0o600);
    });
    expect(notOwnerOnly).toEqual([]);
  });

  test('SIGTERM lets a request under way finish before closing', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-drain-') });
    await waitUntilServing(server, port);
    // A password-reset request, under way from the moment the server has read its headers: with
    // `Expect: 100-continue` the server says so (100 Continue) before the body is sent. The stop
    // comes then, and the body only once the server has begun to stop with the request in hand.
    // (A stop that did not wait would cut it when it closes every connection, 150 ms after the
    // signal; on a loaded machine the answer can beat that, so such a stop is caught most times, not always.)
    const body = new URLSearchParams({ email: 'someone@example.org' }).toString();
    const outgoing = httpRequest(`http://127.0.0.1:${port}/forgot-password`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': Buffer.byteLength(body),
        Origin: `http://127.0.0.1:${port}`,
        Expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      outgoing.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode!, text }));
        response.once('error', reject);
      });
      outgoing.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      outgoing.once('continue', resolve);
      outgoing.once('error', reject);
      outgoing.flushHeaders();
    });
    server.child.kill('SIGTERM');
    // At least this one (on a loaded machine the start's health check may still be closing).
    const draining = /SIGTERM received: finishing ([1-9]\d*) request\(s\) under way, then closing\./;
    await server.waitForOutput(draining);
    outgoing.end(body);
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(text).toContain('If an account exists for the email, you will receive instructions');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(draining);
  });

  test('SIGTERM answers every request already sent: on connections not yet read, and on ones still sending', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-drain-all-') });
    await waitUntilServing(server, port);
    const requestFor = (pathname: string, pad = '') => `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${pad ? `X-Pad: ${pad}\r\n` : ''}Connection: close\r\n\r\n`;
    /** A raw connection, once the system has accepted it for the server; its whole answer once the server closes it (what there was, if reset). */
    const open = async () => {
      const socket: Socket = connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => {});
      const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      return { socket, answer };
    };
    const pages = ['/events', '/news', '/login', '/membership', '/committees', '/healthz'];
    // Still sending when the stop comes: a byte at a time, the end of the request only once the
    // server has begun to stop.
    const slow = await Promise.all(Array.from({ length: 3 }, open));
    const padding = 'x'.repeat(4_000);
    let stopped = false;
    const trickles = slow.map(async ({ socket }, index) => {
      const whole = requestFor(pages[index]!, padding);
      let sent = 0;
      while (!stopped && sent < whole.length - 10) {
        socket.write(whole[sent]!);
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await server.waitForOutput('SIGTERM received');
      socket.write(whole.slice(sent));
    });
    await expect.poll(() => slow.every(({ socket }) => socket.bytesWritten > 20)).toBe(true);
    // Received by the system but not yet by the server when the stop comes: the server is paused
    // (SIGSTOP) while nine connections are made and their requests sent, the stop is sent, and it
    // goes on (SIGCONT) with the signal, the connections to accept and their requests to read all waiting.
    server.child.kill('SIGSTOP');
    const fresh = await Promise.all(Array.from({ length: 9 }, open));
    fresh.forEach(({ socket }, index) => socket.write(requestFor(pages[index % pages.length]!)));
    server.child.kill('SIGTERM');
    server.child.kill('SIGCONT');
    await server.waitForOutput('SIGTERM received');
    stopped = true;
    await Promise.all(trickles);
    const answers = await Promise.all([...fresh, ...slow].map(({ answer }) => answer));
    expect(answers.map((answer) => answer.split('\r\n')[0])).toEqual(answers.map(() => 'HTTP/1.1 200 OK'));
    expect(await server.exited).toBe(0);
  });

  test('acknowledged sign-ups and gifts survive kill -9 and a restart', async () => {
    test.setTimeout(limitFor(2) + 180_000);
    const port = await freePort();
    const dataDir = preparedDataFolder('ppa-durable-');
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000' });
    await waitUntilServing(server, port);
    const post = (pathname: string, fields: Record<string, string>) =>
      fetch(`${base}${pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
        body: new URLSearchParams(fields),
      });
    // Sign-ups and gifts stream in on three lanes until each kind has had `enough` acknowledged;
    // then kill -9, with the lanes' next writes under way.
    const enough = 10;
    const acknowledged = { accounts: [] as string[], donations: [] as string[] };
    let stop = false;
    let enoughAcknowledged!: () => void;
    const reachedEnough = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
    const writer = async (lane: number) => {
      for (let n = 0; !stop; n += 1) {
        const email = `durable-${lane}-${n}@example.org`;
        if (n % 2 === 0) {
          // The kill may cut an answer after its headers: only a whole answer counts as acknowledged.
          const body = await post('/login?tab=signup', { intent: 'signup', fullName: 'Durable Member', email, password: 'a good long password' })
            .then(async (response) => (response.status === 200 ? await response.text() : ''))
            .catch(() => '');
          if (body.includes('Sign Up Successful!')) acknowledged.accounts.push(email);
        } else {
          const response = await post('/donate', { kind: 'gift', cause: 'general', amount: '25', firstName: 'Durable', lastName: 'Donor', email, homeAddress: '1 Bay St' }).catch(() => null);
          if (response?.status === 302) acknowledged.donations.push(email);
        }
        if (acknowledged.accounts.length >= enough && acknowledged.donations.length >= enough) enoughAcknowledged();
      }
    };
    const lanes = [writer(1), writer(2), writer(3)];
    const endedEarly = server.exited.then((code) => {
      throw new Error(`The server ended (${code}) before ${enough} sign-ups and ${enough} gifts were acknowledged:\n${server.output()}`);
    });
    let limit: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<never>((_resolve, reject) => {
      limit = setTimeout(() => reject(new Error(`Only ${acknowledged.accounts.length} sign-ups and ${acknowledged.donations.length} gifts acknowledged in 3 minutes:\n${server.output()}`)), 180_000);
    });
    try {
      await Promise.race([reachedEnough, endedEarly, tooSlow]);
    } finally {
      clearTimeout(limit);
      // Whatever happened, the lanes end (a refused write is retried, not counted).
      server.child.kill('SIGKILL');
      stop = true;
    }
    await Promise.all(lanes);
    await server.exited;

    // Restart (recovery), stop cleanly, then count what the database holds.
    const restarted = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilServing(restarted, port);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    const database = await PGlite.create(path.join(dataDir, 'db'));
    const emails = async (table: string) => new Set((await database.query<{ email: string }>(`select email from ${table}`)).rows.map((row) => row.email));
    const accounts = await emails('users');
    const donations = await emails('donations');
    await database.close();
    const lost = [...acknowledged.accounts.filter((email) => !accounts.has(email)), ...acknowledged.donations.filter((email) => !donations.has(email))];
    test.info().annotations.push({
      type: 'durability',
      description: `${acknowledged.accounts.length} sign-ups and ${acknowledged.donations.length} gifts acknowledged before kill -9; ${lost.length} lost`,
    });
    expect(acknowledged.accounts.length + acknowledged.donations.length).toBeGreaterThan(10);
    expect(acknowledged.accounts.length).toBeGreaterThanOrEqual(enough);
    expect(acknowledged.donations.length).toBeGreaterThanOrEqual(enough);
    expect(lost).toEqual([]);
  });
});

test.describe('what visitors get, and who may keep it', () => {
  test('private settings reach no page or page data; check-in and tickets are never stored, whatever the answer; a malformed order is a 400', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const admin = { email: 'admin@example.org', password: 'admin password for tests' };
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-answers-'), PUBLIC_URL: base, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    await waitUntilServing(server, port);
    const get = (pathname: string, cookie = '', method = 'GET') => fetch(`${base}${pathname}`, { method, redirect: 'manual', headers: { cookie } });
    const post = (pathname: string, fields: Record<string, string> | string, cookie = '') =>
      fetch(`${base}${pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, cookie },
        body: typeof fields === 'string' ? fields : new URLSearchParams(fields),
      });
    const cookiesOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    const signedIn = await post('/login', { intent: 'login', email: admin.email, password: admin.password });
    expect(signedIn.status).toBe(302);
    const adminCookie = cookiesOf(signedIn);

    // The committee's own settings: set, then looked for in what anonymous visitors get.
    const saved = await post(
      '/admin/settings',
      {
        intent: 'settings',
        associationName: 'Test Past Pupils’ Association',
        shortName: 'TPPA',
        chapterName: 'North America',
        contactAddress: '1 Main Street, Toronto',
        contactPhone: '+1 416 555 0100',
        contactEmail: 'public-contact@example.org',
        facebookUrl: '',
        instagramUrl: '',
        youtubeUrl: '',
        sriLankaBranchUrl: '',
        ukBranchUrl: '',
        socialFeedUrl: '',
        membershipGraceDays: '47',
        committeeEmails: 'committee-private@example.org',
        committeeDigest: 'on',
      },
      adminCookie,
    );
    expect(saved.status).toBe(200);
    for (const pathname of ['/', '/membership', '/login.data', '/donate', '/events', '/membership.data', '/about.data', '/events.data']) {
      const text = await (await get(pathname)).text();
      expect(text, pathname).toContain('public-contact@example.org');
      expect(text, pathname).not.toContain('committee-private@example.org');
      expect(text, pathname).not.toMatch(/committeeEmails|committeeDigest|membershipGraceDays/);
    }

    const eventId = /View Details: Annual Gala Night" href="\/events\/(\d+)"/.exec(await (await get('/events')).text())?.[1];
    const tierId = /id="qty-(\d+)"/.exec(await (await get(`/events/${eventId}`)).text())?.[1];
    expect(eventId && tierId).toBeTruthy();
    const neverStored = async (label: string, answer: Promise<Response>, status: number) => {
      const response = await answer;
      await response.arrayBuffer();
      expect(`${label}: ${response.status} ${response.headers.get('cache-control')}`).toBe(`${label}: ${status} private, no-store`);
      return response;
    };

    // Check-in: the code form, the staff view with the volunteer code, a wrong and a right code, the volunteer's view.
    const checkIn = `/check-in/${eventId}`;
    await neverStored('check-in, code form', get(checkIn), 200);
    await neverStored('check-in, code form (HEAD)', get(checkIn, '', 'HEAD'), 200);
    await neverStored('check-in data', get(`${checkIn}.data`), 200);
    const staffPage = await (await get(checkIn, adminCookie)).text();
    const volunteerCode = /check-in code <strong[^>]*>([^<]+)</.exec(staffPage)?.[1];
    expect(volunteerCode).toBeTruthy();
    await neverStored('check-in, staff', get(checkIn, adminCookie), 200);
    await neverStored('check-in data, staff', get(`${checkIn}.data`, adminCookie), 200);
    await neverStored('check-in, wrong code', post(checkIn, { intent: 'volunteer', code: 'WRONG' }), 400);
    await neverStored('check-in data, wrong code', post(`${checkIn}.data`, { intent: 'volunteer', code: 'WRONG' }), 400);
    await neverStored('check-in, a ticket without access', post(checkIn, { intent: 'check', code: 'K7QX-93MD' }), 403);
    const admitted = await neverStored('check-in, right code', post(checkIn, { intent: 'volunteer', code: volunteerCode! }), 302);
    const volunteerCookie = cookiesOf(admitted);
    await neverStored('check-in, volunteer', get(checkIn, volunteerCookie), 200);
    await neverStored('check-in, a ticket checked', post(checkIn, { intent: 'check', code: 'K7QX-93MD' }, volunteerCookie), 200);
    await neverStored('check-in, no such event', get('/check-in/999999'), 404);
    await neverStored('check-in, not an id', get('/check-in/abc'), 404);

    // An order whose attendee names come as one plain field: 400 and the message on the page, nothing placed.
    const order = `/events/${eventId}/order?seats=${tierId}x2`;
    const buyer = 'buyerName=Ann+Buyer&buyerEmail=ann%40example.org';
    for (const attendees of ['attendees=Ann', 'attendees.first=Ann']) {
      const refused = await post(order, `${buyer}&${attendees}`);
      expect(refused.status, attendees).toBe(400);
      const html = await refused.text();
      expect(html, attendees).toMatch(/Give a name for every ticket\.|Attendee name is required\./);
      expect(html.match(/name="attendees\[\d\]"/g), attendees).toHaveLength(2);
    }

    // Tickets: paid with the test provider, then the page by its link, as staff, and its refusals.
    const placed = await post(order, `${buyer}&attendees[0]=Ann+Buyer&attendees[1]=Bo+Buyer`);
    expect(placed.status).toBe(302);
    const local = (response: Response) => {
      const location = new URL(response.headers.get('location')!, base);
      return `${location.pathname}${location.search}`;
    };
    let next = await post(local(placed), { intent: 'pay' });
    for (let hop = 0; hop < 5 && next.status >= 300 && next.status < 400 && !local(next).startsWith('/tickets/'); hop += 1) next = await get(local(next));
    const tickets = local(next);
    expect(tickets).toMatch(/^\/tickets\/[0-9a-f-]{36}\?t=/);
    const [ticketsPath, token] = tickets.split('?');
    await neverStored('tickets', get(tickets), 200);
    await neverStored('tickets (HEAD)', get(tickets, '', 'HEAD'), 200);
    await neverStored('tickets data', get(`${ticketsPath}.data?${token}`), 200);
    await neverStored('tickets, staff', get(ticketsPath!, adminCookie), 200);
    await neverStored('tickets, wrong link', get(`${ticketsPath}?t=wrong`), 404);
    await neverStored('tickets, no such order', get('/tickets/00000000-0000-4000-8000-000000000000'), 404);
    await neverStored('tickets, not an id', get('/tickets/abc'), 404);
    await neverStored('tickets, a post it never sends', post(tickets, { intent: 'nonsense' }), 400);
    await neverStored('tickets, a paid order is not cancelled here', post(tickets, { intent: 'cancel' }), 409);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

test.describe('requests', () => {
  test('bodies over 1 MB are refused with 413 and a clear page, and streams of unknown length with 411', async ({ request, baseURL }) => {
    const tooLarge = await request.post('/donate', { headers: { Origin: baseURL!, 'Content-Type': 'application/x-www-form-urlencoded' }, data: `firstName=${'x'.repeat(1_100_000)}` });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toContain('larger than the 1 MB this site accepts');
    const chunked = await new Promise<number>((resolve, reject) => {
      const url = new URL('/donate', baseURL);
      const outgoing = httpRequest(url, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/x-www-form-urlencoded' } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode!);
      });
      outgoing.on('error', reject);
      outgoing.write('firstName=x');
      outgoing.end();
    });
    expect(chunked).toBe(411);
  });

  // Node warns of a leak when one response carries over 10 'close' listeners: each middleware adds
  // its own, so one that adds several (a stream pipeline did, on every page the cache passes on) tips it.
  test('no kind of answer makes Node warn of an event-listener leak', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-listeners-'), PUBLIC_URL: base });
    await waitUntilServing(server, port);
    const answers: string[] = [];
    const ask = async (pathname: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${pathname}`, { redirect: 'manual', ...init, headers: { 'Accept-Encoding': 'gzip, br', ...init.headers } });
      await response.arrayBuffer();
      answers.push(`${init.method ?? 'GET'} ${pathname} ${response.status} ${response.headers.get('x-page-cache') ?? '-'}`);
    };
    // A page stored then served, pages passed on (404s, the browser's favicon), static files, a form post, the health check.
    for (const pathname of ['/news', '/news', '/no-such-page', '/favicon.ico', '/events/999999', '/assets/no-such-file.js', '/robots.txt', '/login', '/healthz']) await ask(pathname);
    await ask('/no-such-page', { method: 'HEAD' });
    await ask('/login', { method: 'POST', headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'intent=login&email=nobody%40example.org&password=not+the+password' });
    expect(answers).toEqual(expect.arrayContaining(['GET /news 200 miss', 'GET /news 200 hit', 'GET /no-such-page 404 pass', 'HEAD /no-such-page 404 pass']));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('MaxListenersExceededWarning');
  });

  test('portal and admin answers, and their data requests, are never stored by caches', async ({ request }) => {
    for (const path of ['/members-portal', '/admin', '/admin.data', '/members-portal.data?_routes=routes%2Fportal%2Flayout']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
  });
});

test.describe('the log', () => {
  test('in production: one JSON line each, a request id on every request line, and no personal data', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const server = startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: preparedDataFolder('ppa-log-'),
      PUBLIC_URL: base,
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_OUTBOX_ONLY: 'true',
      AUTH_RATE_LIMIT: '1000',
    });
    await waitUntilServing(server, port);
    const person = { first: 'Philippa', last: 'Quartermaine', email: 'philippa.q@example.org', address: '742 Evergreen Terrace' };
    const post = (pathname: string, fields: Record<string, string>) =>
      fetch(`${base}${pathname}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }, body: new URLSearchParams(fields) });
    const ids: string[] = [];
    const answered = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      await response.arrayBuffer();
      ids.push(response.headers.get('x-request-id')!);
    };
    await answered(await post('/login?tab=signup', { intent: 'signup', fullName: `${person.first} ${person.last}`, email: person.email, password: 'a good long password' }), 200);
    await answered(await post('/donate', { kind: 'gift', cause: 'general', amount: '25', firstName: person.first, lastName: person.last, email: person.email, homeAddress: person.address }), 302);
    await answered(await post('/login', { intent: 'login', email: person.email, password: 'not the password' }), 401);
    await answered(await fetch(`${base}/news?q=${person.last}&email=${encodeURIComponent(person.email)}`), 200);
    // Refused methods: an answer and its access line, no error and no stack.
    await answered(await fetch(`${base}/`, { method: 'OPTIONS' }), 204);
    await answered(await fetch(`${base}/donate`, { method: 'PROPFIND' }), 405);
    await answered(await fetch(`${base}/donate`, { method: 'DELETE' }), 405);
    // The mail folder's line (the verification mail of the sign-up, sent by the mail sender) and each request's line are written.
    await server.waitForOutput('Mail written to the mail folder');
    for (const id of ids) await server.waitForOutput(`"requestId":"${id}"`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const entries = lines.map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry.time, line).toEqual(expect.any(String));
      expect(['info', 'warn', 'error'], line).toContain(entry.level);
      return entry;
    });
    const access = entries.filter((entry) => entry.msg === 'request' && ids.includes(entry.requestId as string));
    expect(access.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/login', 200],
      ['POST', '/donate', 302],
      ['POST', '/login', 401],
      ['GET', '/news', 200],
      ['OPTIONS', '/', 204],
      ['PROPFIND', '/donate', 405],
      ['DELETE', '/donate', 405],
    ]);
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(entries.find((entry) => entry.msg === 'Mail written to the mail folder')).toEqual(expect.objectContaining({ file: expect.stringMatching(/^[\w-]+\.eml$/) }));
    const output = server.output();
    for (const personal of [person.first, person.last, person.email, 'philippa', 'Evergreen', 'email=', '127.0.0.1', '::1', '::ffff:', 'token=']) {
      expect(output, personal).not.toContain(personal);
    }
    expect(output).not.toContain('\\n    at ');
  });
});

test.describe('TRUST_PROXY', () => {
  async function signInAttempts(port: number, forwardedFor: string[]) {
    const statuses: number[] = [];
    for (const address of forwardedFor) {
      const response = await fetch(`http://127.0.0.1:${port}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://127.0.0.1:${port}`, 'X-Forwarded-For': address },
        body: new URLSearchParams({ intent: 'login', email: 'nobody@example.org', password: 'not the password' }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  test('unset, a client cannot dodge the rate limit by naming another address', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-noproxy-'), AUTH_RATE_LIMIT: '3' });
    await waitUntilServing(server, port);
    expect(await signInAttempts(port, ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])).toEqual([401, 401, 401, 429]);
    server.child.kill('SIGTERM');
    await server.exited;
  });

  test('set to one hop, each client behind the proxy has its own limit', async () => {
    test.setTimeout(limitFor(1));
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: preparedDataFolder('ppa-proxy-'), AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    await waitUntilServing(server, port);
    expect(await signInAttempts(port, ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.1'])).toEqual([401, 401, 401, 429]);
    // Another visitor behind the same proxy is not locked out by the first.
    expect(await signInAttempts(port, ['198.51.100.7'])).toEqual([401]);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
