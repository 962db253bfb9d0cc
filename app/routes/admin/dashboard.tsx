import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import * as Tabs from '@radix-ui/react-tabs';
import { AlertTriangle } from 'lucide-react';
import { data, Form, Link, redirect, useSearchParams, useSubmit } from 'react-router';
import type { z } from 'zod';
import { Pagination, RecordsTable, TableTools } from '~/components/admin/records-table';
import { PageHero } from '~/components/layout/page-hero';
import { TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { changeAccountRole, listAccounts } from '~/features/accounts/accounts.server';
import { requireAdminArea } from '~/features/accounts/guards.server';
import { siteSettingsSchema } from '~/features/content/settings.schema';
import { getSiteSettings, settingsFormValues, updateSiteSettings } from '~/features/content/settings.server';
import { donationCauses } from '~/features/donations/causes';
import { listDonations, setDonationStatus } from '~/features/donations/donations.server';
import { ticketSalesByEvent } from '~/features/events/attendees.server';
import { donationStatuses } from '~/features/donations/status';
import { listApplications, setApplicationStatus } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { applicationStatuses } from '~/features/membership/status';
import { readAdminQuery, type AdminTab } from '~/lib/admin-lists.server';
import { formatLongDate } from '~/lib/dates';
import { AppError, isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { roleLabel, statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { assertCan, isRole, roles } from '~/lib/roles';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/dashboard';

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user, can } = await requireAdminArea(args);
  // Editors have nothing here but the content area.
  if (!can.viewMembers && !can.viewDonations) throw redirect('/admin/content');
  const url = new URL(request.url);
  const query = readAdminQuery(url, [...applicationStatuses, ...donationStatuses]);
  // Finance sees donations only; a tab the viewer may not open falls back to one they may.
  const allowed: Record<AdminTab, boolean> = { members: can.viewMembers, donations: can.viewDonations, tickets: can.viewDonations, settings: can.editSettings, users: can.manageRoles };
  const tab: AdminTab = allowed[query.tab] ? query.tab : can.viewMembers ? 'members' : 'donations';
  const applicationStatus = applicationStatuses.find((status) => status === query.status) ?? null;
  const donationStatus = donationStatuses.find((status) => status === query.status) ?? null;
  return {
    tab,
    can,
    me: user.id,
    members: tab === 'members' ? await listApplications({ status: applicationStatus, search: query.search, page: query.page }) : null,
    donations: tab === 'donations' ? await listDonations({ status: donationStatus, search: query.search, page: query.page }) : null,
    tickets: tab === 'tickets' ? await ticketSalesByEvent() : null,
    settings: tab === 'settings' ? settingsFormValues(await getSiteSettings()) : null,
    users: tab === 'users' ? await listAccounts({ search: query.search, page: query.page }) : null,
  };
}

type ActionReply = { confirmUnpaid: string | null; settingsResult: SubmissionResult<string[]> | null };
const reply = (fields: Partial<ActionReply> = {}): ActionReply => ({ confirmUnpaid: null, settingsResult: null, ...fields });

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireAdminArea(args);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const id = String(formData.get('id') ?? '');
  const status = String(formData.get('status') ?? '');
  try {
    if (intent === 'application-status') {
      if (status !== 'approved' && status !== 'rejected') throw new AppError('bad_request', 'Choose approve or reject.');
      const updated = await setApplicationStatus(user, id, status, { confirmUnpaid: formData.get('confirmUnpaid') === '1' });
      return dataWithToast(args.context, reply(), messages.statusUpdated(statusLabel(updated.status)));
    }
    if (intent === 'donation-status') {
      if (status !== 'completed' && status !== 'rejected') throw new AppError('bad_request', 'Choose complete or reject.');
      const updated = await setDonationStatus(user, id, status);
      return dataWithToast(args.context, reply(), messages.statusUpdated(statusLabel(updated.status)));
    }
    if (intent === 'settings') {
      // Asked before the form is read, so someone who may not edit settings learns nothing of its rules.
      assertCan(user, 'editSettings');
      const submission = parseWithZod(formData, { schema: siteSettingsSchema });
      if (submission.status !== 'success') return data(reply({ settingsResult: submission.reply() }), { status: 400 });
      await updateSiteSettings(user, submission.value);
      return dataWithToast(args.context, reply({ settingsResult: submission.reply() }), messages.settingsSaved);
    }
    if (intent === 'role') {
      const role = formData.get('role');
      if (!isRole(role)) throw new AppError('bad_request', 'Choose a role.');
      const updated = await changeAccountRole(user, id, role);
      return dataWithToast(args.context, reply(), messages.roleChanged(updated.email, updated.role));
    }
    throw new AppError('bad_request', 'Unknown request.');
  } catch (error) {
    if (isAppError(error, 'confirmation_required')) return data(reply({ confirmUnpaid: id }), { status: 409 });
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, reply(), failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Admin Dashboard');

const tabLabels: Record<AdminTab, string> = { members: 'Members', donations: 'Donations', tickets: 'Tickets', settings: 'Settings', users: 'Users' };

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, can } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const shows: Record<AdminTab, boolean> = { members: can.viewMembers, donations: can.viewDonations, tickets: can.viewDonations, settings: can.editSettings, users: can.manageRoles };
  const visibleTabs = (Object.keys(tabLabels) as AdminTab[]).filter((candidate) => shows[candidate]);
  return (
    <>
      <PageHero eyebrow="Administration" title="Admin Dashboard">
        Review membership applications and donations, and manage the association’s settings.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {can.editContent || can.mailMembers ? (
          <div className="mb-6 grid gap-1 rounded-lg border border-border bg-white p-4 text-sm text-slate-700 shadow-sm">
            {can.editContent ? (
              <p>
                News, events, committees, documents and pages are edited in the{' '}
                <Link to="/admin/content" className="font-semibold text-navy-700 underline underline-offset-2">
                  content area
                </Link>
                .
              </p>
            ) : null}
            {can.mailMembers ? (
              <p>
                Write to members, donors or an event’s attendees in{' '}
                <Link to="/admin/mail" className="font-semibold text-navy-700 underline underline-offset-2">
                  mail to members
                </Link>
                .
              </p>
            ) : null}
          </div>
        ) : null}
        {can.viewFinance ? (
          <p className="mb-6 rounded-lg border border-border bg-white p-4 text-sm text-slate-700 shadow-sm">
            Money by month and purpose, members by standing, subscriptions and year-end giving statements are in the{' '}
            <Link to="/admin/finance" className="font-semibold text-navy-700 underline underline-offset-2">
              finance view
            </Link>
            .
          </p>
        ) : null}
        <Tabs.Root value={tab} onValueChange={(value) => setSearchParams({ tab: value })}>
          <Tabs.List aria-label="Admin sections" className="relative flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
            {visibleTabs.map((value) => (
              <Tabs.Trigger key={value} value={value} asChild>
                <Link
                  to={`?tab=${value}`}
                  className="flex-1 whitespace-nowrap rounded-md px-4 py-2 text-center text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-navy-900 data-[state=active]:shadow-sm"
                >
                  {tabLabels[value]}
                </Link>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {loaderData.members ? (
            <Tabs.Content value="members" className="mt-8 outline-none">
              <h2 className="text-2xl font-bold text-navy-900">Membership Applications</h2>
              <p className="mb-6 text-muted-foreground">Review and approve new membership applications.</p>
              {actionData?.confirmUnpaid ? <ConfirmUnpaid id={actionData.confirmUnpaid} /> : null}
              <TableTools tab="members" statuses={applicationStatuses} />
              <RecordsTable
                caption="Membership applications"
                rows={loaderData.members.rows}
                intent="application-status"
                approveStatus="approved"
                canChange={can.changeMembers}
                detailHref={(row) => `/admin/applications/${row.id}`}
                columns={[
                  { header: 'First Name', cell: (row) => row.firstName },
                  { header: 'Last Name', cell: (row) => row.lastName },
                  { header: 'Email', cell: (row) => row.email },
                  { header: 'Membership Type', cell: (row) => membershipPlans[row.membershipType].productName },
                  { header: 'Created', cell: (row) => formatLongDate(new Date(row.createdAt)), className: 'whitespace-nowrap' },
                  { header: 'Status', cell: (row) => <StatusText status={row.lapsed ? 'expired' : row.status} testMode={row.testMode} /> },
                ]}
              />
              <Pagination page={loaderData.members.page} pageCount={loaderData.members.pageCount} total={loaderData.members.total} />
            </Tabs.Content>
          ) : null}
          {loaderData.donations ? (
            <Tabs.Content value="donations" className="mt-8 outline-none">
              <h2 className="text-2xl font-bold text-navy-900">Donations</h2>
              <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
                <p className="text-muted-foreground">View all donations made to various causes.</p>
                {can.changeDonations ? (
                  <Button asChild variant="outline" size="sm">
                    <Link to="/admin/donations/new">Record an offline gift</Link>
                  </Button>
                ) : null}
              </div>
              <TableTools tab="donations" statuses={donationStatuses} />
              <RecordsTable
                caption="Donations"
                rows={loaderData.donations.rows}
                intent="donation-status"
                approveStatus="completed"
                canChange={can.changeDonations}
                detailHref={(row) => `/admin/donations/${row.id}`}
                columns={[
                  { header: 'First Name', cell: (row) => row.firstName },
                  { header: 'Last Name', cell: (row) => row.lastName },
                  { header: 'Email', cell: (row) => row.email },
                  { header: 'Amount', cell: (row) => formatCents(row.amountCents), className: 'text-right tabular-nums' },
                  { header: 'Cause', cell: (row) => donationCauses[row.cause].label },
                  { header: 'Created', cell: (row) => formatLongDate(new Date(row.createdAt)), className: 'whitespace-nowrap' },
                  { header: 'Status', cell: (row) => <StatusText status={row.status} testMode={row.testMode} /> },
                ]}
              />
              <Pagination page={loaderData.donations.page} pageCount={loaderData.donations.pageCount} total={loaderData.donations.total} />
            </Tabs.Content>
          ) : null}
          {loaderData.tickets ? (
            <Tabs.Content value="tickets" className="mt-8 outline-none">
              <TicketSales sales={loaderData.tickets} linkToEvents={can.viewAttendees} />
            </Tabs.Content>
          ) : null}
          {loaderData.settings ? (
            <Tabs.Content value="settings" className="mt-8 outline-none">
              <SettingsForm defaults={loaderData.settings} lastResult={actionData?.settingsResult ?? undefined} />
            </Tabs.Content>
          ) : null}
          {loaderData.users ? (
            <Tabs.Content value="users" className="mt-8 outline-none">
              <UsersTable users={loaderData.users} me={loaderData.me} />
            </Tabs.Content>
          ) : null}
        </Tabs.Root>
      </div>
    </>
  );
}

/** A record's status; paid in test mode (no money moved) is said next to it. */
function StatusText({ status, testMode }: { status: string; testMode: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={status === 'approved' || status === 'completed' ? 'font-semibold text-success' : status === 'rejected' ? 'text-destructive' : 'text-amber-800'}>
        {statusLabel(status)}
      </span>
      {testMode ? <TestModeBadge /> : null}
    </span>
  );
}

function ConfirmUnpaid({ id }: { id: string }) {
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle className="size-5" aria-hidden />
      <p className="flex-1">This application has no confirmed online payment. Approve it anyway (for example, the member paid offline)?</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="application-status" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="status" value="approved" />
        <input type="hidden" name="confirmUnpaid" value="1" />
        <Button type="submit" size="sm">
          Approve without online payment
        </Button>
      </Form>
    </div>
  );
}

function SettingsForm({ defaults, lastResult }: { defaults: z.input<typeof siteSettingsSchema>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(siteSettingsSchema, { id: 'site-settings', lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'settings' });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-3xl gap-5">
      <div>
        <h2 className="text-2xl font-bold text-navy-900">Settings</h2>
        <p className="text-muted-foreground">The association’s name, contact details and links, as every page shows them.</p>
      </div>
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.associationName} label="Association name" className="sm:col-span-2" />
        <FormField field={fields.shortName} label="Short name (header)" />
        <FormField field={fields.chapterName} label="Chapter name" />
        <FormField field={fields.contactAddress} label="Address" className="sm:col-span-2" multiline />
        <FormField field={fields.contactPhone} label="Phone" type="tel" />
        <FormField field={fields.contactEmail} label="Email" type="email" />
        <FormField field={fields.facebookUrl} label="Facebook page" hint="https://… or leave empty" />
        <FormField field={fields.instagramUrl} label="Instagram" hint="https://… or leave empty" />
        <FormField field={fields.youtubeUrl} label="YouTube" hint="https://… or leave empty" />
        <FormField field={fields.socialFeedUrl} label="Home page social feed" hint="The Facebook page whose posts the home page shows" />
        <FormField field={fields.sriLankaBranchUrl} label="Sri Lanka branch site" />
        <FormField field={fields.ukBranchUrl} label="United Kingdom branch site" />
        <FormField
          field={fields.membershipGraceDays}
          label="Grace period after a membership expires (days)"
          inputMode="numeric"
          hint="An expired annual membership keeps its access this long; 0 ends it on the day."
        />
        <FormField
          field={fields.committeeEmails}
          label="Committee addresses"
          className="sm:col-span-2"
          hint="Who hears of applications waiting for approval, separated by commas. Empty: the contact email."
        />
        <CheckboxField field={fields.committeeDigest} label="Send them one summary a day instead of a mail per application" className="sm:col-span-2" />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Saving...' : 'Save Settings'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function TicketSales({ sales, linkToEvents }: { sales: NonNullable<Route.ComponentProps['loaderData']['tickets']>; linkToEvents: boolean }) {
  const total = (pick: (row: (typeof sales)[number]) => number) => sales.reduce((sum, row) => sum + pick(row), 0);
  const cell = 'px-4 py-3 text-right tabular-nums';
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Ticket Sales</h2>
      <p className="mb-6 text-muted-foreground">What each event’s tickets brought in, after refunds. Latest events first.</p>
      {sales.length === 0 ? (
        <p className="rounded-lg border border-border bg-white p-6 text-center text-slate-700">No tickets have been sold yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-white">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Ticket sales by event</caption>
            <thead className="bg-muted text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Event</th>
                <th scope="col" className="px-4 py-3 font-semibold">Date</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Tickets</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Paid</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Refunded</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Net</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {sales.map((row) => (
                <tr key={row.eventId}>
                  <th scope="row" className="px-4 py-3 font-semibold text-navy-900">
                    <span className="inline-flex flex-wrap items-center gap-2">
                      {linkToEvents ? (
                        <Link to={`/admin/content/events/${row.eventId}/tickets`} className="underline underline-offset-2">
                          {row.title}
                        </Link>
                      ) : (
                        row.title
                      )}
                      {row.testMode ? <TestModeBadge /> : null}
                    </span>
                  </th>
                  <td className="whitespace-nowrap px-4 py-3">{formatLongDate(row.startsAt, row.timeZone)}</td>
                  <td className={cell}>{row.ticketsSold}</td>
                  <td className={cell}>{formatCents(row.paidCents)}</td>
                  <td className={cell}>{formatCents(row.refundedCents)}</td>
                  <td className={`${cell} font-semibold text-navy-900`}>{formatCents(row.netCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border font-semibold text-navy-900">
              <tr>
                <th scope="row" colSpan={2} className="px-4 py-3">
                  All events
                </th>
                <td className={cell}>{total((row) => row.ticketsSold)}</td>
                <td className={cell}>{formatCents(total((row) => row.paidCents))}</td>
                <td className={cell}>{formatCents(total((row) => row.refundedCents))}</td>
                <td className={cell}>{formatCents(total((row) => row.netCents))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}

function UsersTable({ users, me }: { users: NonNullable<Route.ComponentProps['loaderData']['users']>; me: string }) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Users</h2>
      <p className="mb-6 text-muted-foreground">Everyone with an account, and their role.</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value="users" />
        <div className="grid min-w-56 flex-1 gap-1">
          <label htmlFor="users-search" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Search name or email
          </label>
          <input id="users-search" name="q" type="search" defaultValue={searchParams.get('q') ?? ''} className="h-10 rounded-md border border-slate-300 px-3 text-sm" />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <div className="relative overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="bg-muted text-xs uppercase tracking-wider text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">Name</th>
              <th scope="col" className="px-4 py-3">Email</th>
              <th scope="col" className="px-4 py-3">Role</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {users.rows.length === 0 ? (
              <tr>
                <td colSpan={3} className="px-4 py-10 text-center text-muted-foreground">
                  {messages.noRecords}
                </td>
              </tr>
            ) : (
              users.rows.map((account) => (
                <tr key={account.id}>
                  <td className="px-4 py-3">{account.name}</td>
                  <td className="px-4 py-3">{account.email}</td>
                  <td className="px-4 py-3">
                    <label htmlFor={`role-${account.id}`} className="sr-only">
                      Role of {account.email}
                    </label>
                    <select
                      id={`role-${account.id}`}
                      defaultValue={account.role}
                      disabled={account.id === me}
                      onChange={(event) => void submit({ intent: 'role', id: account.id, role: event.currentTarget.value }, { method: 'post', preventScrollReset: true })}
                      className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm disabled:opacity-60"
                    >
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel(role)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={users.page} pageCount={users.pageCount} total={users.total} />
    </>
  );
}
