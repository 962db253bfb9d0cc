/**
 * Issue 35's probe, points 1–4, as an attacker would try them over HTTP against a built server:
 *
 *   npm run build && node bench/probe-35.mjs                 starts its own server on a fresh DATA_DIR
 *   node bench/probe-35.mjs http://127.0.0.1:3000            a running server (see below)
 *
 * 1. guesses discount codes (30 wrong ones from one client), and compares a used-up code's answer
 *    with a wrong one's;
 * 2. signs in an admin with the password alone while a super admin requires two-step sign-in, and
 *    tries every staff power: /admin, another buyer's ticket page (and its .data), the door list, the
 *    volunteer code (/check-in/{id} and its .data), a check-in, a members' document; and signs in
 *    twice with one authenticator code;
 * 3. makes the site mail typed addresses: free registrations from one client, and to one address
 *    from many clients;
 * 4. syncs forged scans dated 2020 and 2099 at the door, and signs in with callbackURL "/。evil.example".
 *
 * The scene (a discount code used up, an admin without two-step sign-in, a ticket checked in) is set
 * by the super admin over the same HTTP: ADMIN_EMAIL / ADMIN_PASSWORD of the server (its own when it
 * starts one), and DATA_DIR for the sign-up mail of the admin it makes (mail goes to DATA_DIR/mail
 * without SMTP). A running server must be fresh for that (its super admin without two-step sign-in)
 * and should set TRUST_PROXY=loopback, so each phase comes from its own client address
 * (X-Forwarded-For); otherwise every request is one client, and the limits the scene uses are
 * counted in the figures. Prints what it found, one line a check, and exits 1 when a hole is open.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import { startServer } from './server.mjs';

/** A TCP port nothing listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const given = process.argv[2];
const admin = { email: process.env.ADMIN_EMAIL ?? 'probe-super@example.org', password: process.env.ADMIN_PASSWORD ?? 'probe super admin password' };
let base = given?.replace(/\/+$/, '');
let dataDir = process.env.DATA_DIR;
let ownServer = null;
if (!base) {
  // Sign-in's own limit (5 a minute) is not what is probed: it is lifted; every other limit is the default.
  const server = await startServer({
    port: await freePort(),
    name: 'ppa-probe-35',
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT: '100' },
  });
  base = server.base;
  dataDir = server.dataDir;
  ownServer = server.child;
}

const run = randomBytes(3).toString('hex');
let failures = 0;
/** One finding: what was tried, what came back, and whether it holds. */
function report(holds, text) {
  if (!holds) failures += 1;
  console.log(`${holds ? '  ✓' : '  ✗ OPEN:'} ${text}`);
}

/** A visitor: its cookies and its client address. */
function visitor(ip) {
  const cookies = new Map();
  const headers = (extra = {}) => ({ 'x-forwarded-for': ip, origin: base, ...(cookies.size ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}), ...extra });
  const keep = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      if (/max-age=0\b/i.test(cookie) || pair.slice(at + 1) === '') cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  return {
    ip,
    get: async (url, extra) => keep(await fetch(`${base}${url}`, { headers: headers(extra), redirect: 'manual' })),
    post: async (url, fields) =>
      keep(await fetch(`${base}${url}`, { method: 'POST', headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }), body: new URLSearchParams(fields), redirect: 'manual' })),
    json: async (url, body) => keep(await fetch(`${base}${url}`, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(body), redirect: 'manual' })),
  };
}

const text = async (response) => (await response.text()).replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const location = (response) => response.headers.get('location') ?? '';

/** RFC 6238 from the Base32 key the Security page shows, as an authenticator app computes it. */
function totp(key, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const secret = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', secret).update(counter).digest();
  const offset = digest[digest.length - 1] & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signIn(who, email, password) {
  const answer = await who.post('/login', { intent: 'login', email, password });
  return location(answer);
}

// ----------------------------------------------------------------------------------------------
// The scene: events and documents as any visitor sees them; the super admin signed in.

const setup = visitor('198.51.100.1');
const events = [];
for (const id of new Set([...(await text(await setup.get('/events'))).matchAll(/href="\/events\/(\d+)"/g)].map((match) => match[1]))) {
  const page = await text(await setup.get(`/events/${id}`));
  const tiers = [...page.matchAll(/id="qty-(\d+)"[^>]*data-price-cents="(\d+)"/g)].map((match) => ({ id: match[1], priceCents: Number(match[2]) }));
  const title = /<h1[^>]*>([^<]+)</.exec(page)?.[1] ?? `event ${id}`;
  if (tiers.length) events.push({ id, title, tiers });
}
const paid = events.find((event) => event.tiers.some((tier) => tier.priceCents > 0));
const free = events.find((event) => event.tiers.every((tier) => tier.priceCents === 0));
if (!paid || !free) throw new Error(`The probe needs an event with a paid tier and one that is free, on sale (found ${events.length} with tickets).`);
const paidTier = paid.tiers.find((tier) => tier.priceCents > 0);
const freeTier = free.tiers[0];

const boss = visitor('198.51.100.2');
const bossLanding = await signIn(boss, admin.email, admin.password);
if (bossLanding.startsWith('/login')) throw new Error(`The super admin ${admin.email} did not sign in with the password alone (${bossLanding}): the probe needs a fresh site's.`);

console.log(`Probe of ${base} (issue 35, points 1–4)\n`);

// ----------------------------------------------------------------------------------------------
console.log(`1. Discount codes of “${paid.title}” (event ${paid.id})`);
const usedUp = `PROBE${run}`.toUpperCase();
const saved = await boss.post(`/admin/content/events/${paid.id}`, { intent: 'code-save', id: '', code: usedUp, kind: 'percent', amount: '100', useLimit: '1', active: 'on' });
const orderPath = (event, tier, seats = 1) => `/events/${event.id}/order?seats=${tier.id}x${seats}`;
const buyer = (name, email, extra = {}) => ({ buyerName: name, buyerEmail: email, 'attendees[0]': name, ...extra });
const use = await setup.post(orderPath(paid, paidTier), { intent: 'order', ...buyer('Una Used', `used-${run}@example.org`), discountCode: usedUp });
const usedOrder = /^\/tickets\/([0-9a-f-]{36})/.exec(location(use))?.[1];
console.log(`   (scene: a 100 % code ${usedUp} with one use, saved ${saved.status}, used by an order ${usedOrder ? 'placed' : `NOT placed (${use.status})`})`);

const guesser = visitor('203.0.113.10');
const statuses = [];
let retryAfter = null;
for (let guess = 0; guess < 30; guess += 1) {
  const answer = await guesser.post(orderPath(paid, paidTier), { intent: 'apply', ...buyer('Gus Guesser', 'gus@example.org'), discountCode: `WORD${guess}${run}` });
  statuses.push(answer.status);
  retryAfter ??= answer.headers.get('retry-after') ?? (answer.status === 429 ? '' : null);
  await answer.arrayBuffer();
}
const firstRefusal = statuses.indexOf(429);
const counted = Object.entries(statuses.reduce((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}))
  .map(([status, n]) => `${n} × ${status}`)
  .join(', ');
report(
  firstRefusal > 0 && statuses.slice(firstRefusal).every((status) => status === 429),
  `30 wrong codes from one client: ${counted}; ${firstRefusal < 0 ? 'no 429' : `429 from guess ${firstRefusal + 1}`}${retryAfter ? ` (Retry-After ${retryAfter} s)` : ''}`,
);

const knownRefusals = ['This code is not valid for this event, or it has been used up.', 'This code is not valid for this event.', 'This code has been used up.'];
const refusalOf = async (answer) => `${answer.status} “${knownRefusals.find((message) => answer.bodyText.includes(message)) ?? 'another answer'}”`;
const asker = visitor('203.0.113.11');
const wrongAnswer = await asker.post(orderPath(paid, paidTier), { intent: 'apply', ...buyer('Ann Asker', 'ann@example.org'), discountCode: `NOPE${run}` });
wrongAnswer.bodyText = await text(wrongAnswer);
const usedAnswer = await asker.post(orderPath(paid, paidTier), { intent: 'apply', ...buyer('Ann Asker', 'ann@example.org'), discountCode: usedUp });
usedAnswer.bodyText = await text(usedAnswer);
const [wrongSaid, usedSaid] = [await refusalOf(wrongAnswer), await refusalOf(usedAnswer)];
report(wrongSaid === usedSaid, `a wrong code answers ${wrongSaid}; the used-up code ${usedSaid}`);

// ----------------------------------------------------------------------------------------------
console.log('\n2. “Two-step sign-in required”, and an admin signed in with the password alone');
// The super admin turns its own second step on (the setting needs it), then requires it of staff.
await boss.post('/members-portal/security', { intent: 'start', password: admin.password });
const key = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(await text(await boss.get('/members-portal/security')))?.[1];
if (!key) throw new Error('The Security page showed no key to set two-step sign-in up with.');
const bossCode = totp(key);
const confirmed = await boss.post('/members-portal/security', { intent: 'confirm', code: bossCode });
const required = await boss.post('/admin/settings', { intent: 'two-factor', staffTwoFactorRequired: 'on' });
// An account made admin: signed up, verified by its mail, given the role.
const probeAdmin = { email: `probe-admin-${run}@example.org`, password: `probe admin password ${run}` };
const stranger = visitor('198.51.100.3');
await stranger.post('/login?tab=signup', { intent: 'signup', fullName: 'Probe Admin', email: probeAdmin.email, password: probeAdmin.password });
let verifyLink;
for (let attempt = 0; attempt < 100 && !verifyLink; attempt += 1) {
  const folder = path.join(dataDir ?? '', 'mail');
  for (const file of dataDir ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.eml')) : []) {
    const mail = readFileSync(path.join(folder, file.name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '=');
    if (mail.includes(probeAdmin.email)) verifyLink ??= /(https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.-]+[^\s"<]*)/.exec(mail)?.[1];
  }
  if (!verifyLink) await new Promise((resolve) => setTimeout(resolve, 200));
}
if (!verifyLink) throw new Error('No verification mail for the admin the probe made: give the server’s DATA_DIR (mail without SMTP goes to DATA_DIR/mail).');
await stranger.get(new URL(verifyLink).pathname + new URL(verifyLink).search);
const users = await text(await boss.get(`/admin/users?q=${encodeURIComponent(probeAdmin.email)}`));
const probeAdminId = new RegExp(`${probeAdmin.email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?id="role-([^"]+)"`).exec(users)?.[1];
const promoted = await boss.post('/admin/users', { intent: 'role', id: probeAdminId ?? '', role: 'admin' });
console.log(`   (scene: super admin's second step on ${confirmed.status}, required of staff ${required.status}; ${probeAdmin.email} made admin ${promoted.status})`);

const passwordOnly = visitor('203.0.113.20');
const landing = await signIn(passwordOnly, probeAdmin.email, probeAdmin.password);
report(landing === '/members-portal/security', `signing in with the password alone lands on ${landing}`);
const adminArea = await passwordOnly.get('/admin');
report(adminArea.status === 302 && location(adminArea) === '/members-portal/security', `/admin → ${adminArea.status} ${location(adminArea)}`);
// Another buyer's ticket page, the door and its volunteer code, as staff see them (the super admin, second step passed).
const guestOrder = await setup.post(orderPath(free, freeTier, 2), { ...buyer('Gita Guest', `guest-${run}@example.org`), 'attendees[1]': 'Gopi Guest' });
const guestTickets = location(guestOrder);
const guestOrderId = /^\/tickets\/([0-9a-f-]{36})/.exec(guestTickets)?.[1];
const ticketCodes = [...new Set([...(await text(await setup.get(guestTickets))).matchAll(/\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/g)].map((match) => match[1]))];
const volunteerCode = /enter the check-in code <strong[^>]*>([^<]+)</.exec(await text(await boss.get(`/check-in/${free.id}`)))?.[1];
const tried = [
  ['another buyer’s ticket page', await passwordOnly.get(`/tickets/${guestOrderId}`), (answer) => answer.status === 404],
  ['its .data', await passwordOnly.get(`/tickets/${guestOrderId}.data`), (answer) => answer.status === 404],
  ['the door list', await passwordOnly.get(`/check-in/${free.id}/door`), (answer) => answer.status === 403],
  ['a check-in', await passwordOnly.post(`/check-in/${free.id}`, { intent: 'check', code: ticketCodes[0] ?? 'K7QX-93MD' }), (answer) => answer.status === 403],
];
for (const [what, answer, holds] of tried) {
  await answer.arrayBuffer();
  report(holds(answer), `${what} → ${answer.status}`);
}
for (const suffix of ['', '.data']) {
  const page = await text(await passwordOnly.get(`/check-in/${free.id}${suffix}`));
  report(
    Boolean(volunteerCode) && !page.includes(volunteerCode),
    `/check-in/${free.id}${suffix}: the volunteer code ${volunteerCode ? (page.includes(volunteerCode) ? 'shown' : 'not shown') : '(staff saw none)'}`,
  );
}
const documentIds = new Set([...(await text(await boss.get('/members-portal/documents'))).matchAll(/\/documents\/(\d+)\/download/g)].map((match) => match[1]));
const anonymous = visitor('203.0.113.21');
for (const id of documentIds) {
  const forAnyone = await anonymous.get(`/documents/${id}/download`);
  await forAnyone.arrayBuffer();
  if (forAnyone.status !== 302) continue; // a public document
  const forAdmin = await passwordOnly.get(`/documents/${id}/download`);
  await forAdmin.arrayBuffer();
  report(forAdmin.status === 302 && location(forAdmin).startsWith('/members-only'), `members-only document ${id} → ${forAdmin.status} ${location(forAdmin)}`);
  break;
}
// One authenticator code, two sign-ins.
const first = visitor('203.0.113.22');
const second = visitor('203.0.113.23');
await signIn(first, admin.email, admin.password);
await signIn(second, admin.email, admin.password);
const code = totp(key, Date.now() + 30_000);
const once = await first.post('/login/two-factor', { intent: 'totp', code });
const twice = await second.post('/login/two-factor', { intent: 'totp', code });
report(once.status === 302 && twice.status !== 302, `one authenticator code twice within its window: ${once.status}, then ${twice.status}`);

// ----------------------------------------------------------------------------------------------
console.log(`\n4. The door of “${free.title}”, and a sign-in's callbackURL`);
// Gita is checked in at the door; then a phone downloads the list and syncs scans it dates in 2020 and 2099.
const checked = await boss.post(`/check-in/${free.id}`, { intent: 'check', code: ticketCodes[0] ?? '' });
await checked.arrayBuffer();
const list = await (await boss.get(`/check-in/${free.id}/door`, { accept: 'application/json' })).json();
const scan = (code, scannedAt) => ({ id: crypto.randomUUID(), code, scannedAt, deviceId: 'probe-phone', list: list.listToken });
const synced = await (await boss.json(`/check-in/${free.id}/door`, { scans: [scan(ticketCodes[0], '2020-01-01T00:00:00.000Z'), scan(ticketCodes[1], '2099-01-01T00:00:00.000Z')] })).json();
const [early, late] = synced.results ?? [];
report(
  early?.result === 'duplicate',
  `a scan dated 2020 of a ticket checked in at the door: ${early?.result}${early?.firstAt ? ` (the check-in stays at ${early.firstAt})` : early?.at ? ` at ${early.at}` : ''}`,
);
report(
  late?.result === 'checked-in' && new Date(late.at).getTime() <= Date.now() && new Date(late.at).getTime() >= Date.parse(list.downloadedAt),
  `a scan dated 2099: ${late?.result} at ${late?.at} (list downloaded at ${list.downloadedAt})`,
);
const callback = await visitor('203.0.113.30').json('/api/auth/sign-in/email', { email: probeAdmin.email, password: probeAdmin.password, callbackURL: '/\u3002evil.example' });
await callback.arrayBuffer();
report(callback.status >= 400 && callback.status < 500, `sign-in with callbackURL "/\u3002evil.example" → ${callback.status}`);

// ----------------------------------------------------------------------------------------------
console.log('\n3. The site as a mail relay (free registrations, last: they spend the limits)');
const relay = visitor('203.0.113.40');
const sent = [];
for (let n = 0; n < 15; n += 1) {
  const answer = await relay.post(orderPath(free, freeTier), buyer('Spam Sender', `victim${n}-${run}@example.org`));
  sent.push(answer.status);
  await answer.arrayBuffer();
}
const accepted = sent.filter((status) => status === 302).length;
report(accepted < 15 && sent.slice(accepted).every((status) => status === 429), `15 registrations to 15 addresses from one client: ${accepted} mailed, then ${sent.length - accepted} × 429`);
const target = `target-${run}@example.org`;
const toOne = [];
for (let n = 0; n < 8; n += 1) {
  const answer = await visitor(`203.0.113.${50 + n}`).post(orderPath(free, freeTier), buyer('Spam Sender', n % 2 ? target.replace('@', `+${n}@`) : target));
  toOne.push(answer.status);
  await answer.arrayBuffer();
}
const toOneAccepted = toOne.filter((status) => status === 302).length;
report(toOneAccepted < 8, `8 registrations to one address (with +tags) from 8 clients: ${toOneAccepted} mailed, then ${toOne.length - toOneAccepted} × 429`);
const linked = await visitor('203.0.113.70').post(orderPath(free, freeTier), buyer('Win a prize at evil.example', `linked-${run}@example.org`));
await linked.arrayBuffer();
report(linked.status === 400, `a name holding a web address → ${linked.status}`);

console.log(failures ? `\n${failures} hole(s) open.` : '\nEvery probe held.');
if (ownServer) {
  const exited = new Promise((resolve) => ownServer.once('exit', resolve));
  ownServer.kill('SIGTERM');
  await exited;
}
process.exit(failures ? 1 : 0);
