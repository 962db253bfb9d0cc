import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Mail, Phone, Search } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { CheckboxField, SaveButton } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { requireRole } from '~/features/accounts/route-guards.server';
import { directoryListingSchema, readDirectorySearch } from '~/features/membership/directory.schema';
import { getListing, saveListing, searchDirectory } from '~/features/membership/directory.server';
import { memberAccess } from '~/features/membership/membership.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import { MembersOnlyNotice } from '../_site/members-only-notice.parts';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/directory';

/**
 * The member directory (docs/product.md#member-directory): for members with access and staff.
 * Search by name, O/L and A/L year; each member shows only what they chose to share, and chooses
 * here whether to be listed at all (off by default).
 */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await requireRole(args, 'member');
  const access = await memberAccess(user, new Date(), request);
  if (!access.readsMembersDocuments) return data({ allowed: false as const, standing: access.standing }, { status: 403 });
  const search = readDirectorySearch(new URL(request.url).searchParams);
  const [entries, listing] = await Promise.all([searchDirectory(user, search, new Date(), request), getListing(user.id)]);
  return {
    allowed: true as const,
    search,
    entries,
    listing: {
      listed: listing ? ('on' as const) : undefined,
      shareEmail: listing?.shareEmail ? ('on' as const) : undefined,
      sharePhone: listing?.sharePhone ? ('on' as const) : undefined,
      shareYears: listing?.shareYears ? ('on' as const) : undefined,
    },
    canList: access.standing === 'active' || access.standing === 'grace',
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const user = await requireRole(args, 'member');
  const submission = parseWithZod(await readFormData(request), { schema: directoryListingSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  await saveListing(user.id, submission.value);
  return dataWithToast(args.context, { result: submission.reply() }, submission.value.listed ? messages.directoryListed : messages.directoryUnlisted);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Member Directory');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Directory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Members Portal" title="Member Directory">
        Find fellow past pupils by name or by their O/L and A/L years. Each member shows only what they chose to share.
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <p className="mb-6">
          <Link to="/members-portal" className="text-sm font-semibold text-navy-700 hover:underline">
            ← Back to your portal
          </Link>
        </p>
        {!loaderData.allowed ? (
          <MembersOnlyNotice signedIn standing={loaderData.standing} headingLevel="h2" />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
            <section aria-labelledby="search-heading">
              <h2 id="search-heading" className="sr-only">
                Search the directory
              </h2>
              <Form method="get" role="search" className="grid gap-3 rounded-xl border border-border bg-white p-4 shadow-sm sm:grid-cols-[1fr_7rem_7rem_auto] sm:items-end">
                <label className="grid gap-1 text-sm font-semibold text-navy-900">
                  Name
                  <Input name="q" type="search" defaultValue={loaderData.search.name} maxLength={100} />
                </label>
                <label className="grid gap-1 text-sm font-semibold text-navy-900">
                  O/L year
                  <Input name="ol" inputMode="numeric" defaultValue={loaderData.search.olYear ?? ''} maxLength={4} />
                </label>
                <label className="grid gap-1 text-sm font-semibold text-navy-900">
                  A/L year
                  <Input name="al" inputMode="numeric" defaultValue={loaderData.search.alYear ?? ''} maxLength={4} />
                </label>
                <Button type="submit" variant="outline">
                  <Search aria-hidden /> Search
                </Button>
              </Form>
              {loaderData.entries.length === 0 ? (
                <p className="mt-6 rounded-lg border border-border bg-white p-6 text-center text-slate-700">No listed member matches. Members appear here once they choose to be listed.</p>
              ) : (
                <ul aria-label="Members" className="mt-6 divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
                  {loaderData.entries.map((entry, index) => (
                    <li key={`${entry.name}-${index}`} className="px-5 py-4">
                      <p className="font-semibold text-navy-900">{entry.name}</p>
                      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                        {entry.olYear ? <span>O/L {entry.olYear}</span> : null}
                        {entry.alYear ? <span>A/L {entry.alYear}</span> : null}
                        {entry.email ? (
                          <a href={`mailto:${entry.email}`} className="inline-flex min-w-0 items-center gap-1 wrap-anywhere text-navy-700 underline underline-offset-2">
                            <Mail className="size-4" aria-hidden /> {entry.email}
                          </a>
                        ) : null}
                        {entry.phone ? (
                          <a href={`tel:${entry.phone}`} className="inline-flex items-center gap-1 text-navy-700 underline underline-offset-2">
                            <Phone className="size-4" aria-hidden /> {entry.phone}
                          </a>
                        ) : null}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {loaderData.canList ? <ListingForm defaults={loaderData.listing} lastResult={actionData?.result} /> : null}
          </div>
        )}
      </div>
    </>
  );
}

function ListingForm({ defaults, lastResult }: { defaults: Record<string, 'on' | undefined>; lastResult: Parameters<typeof useSchemaForm>[1]['lastResult'] }) {
  const [form, fields] = useSchemaForm(directoryListingSchema, { id: 'directory-listing', lastResult, defaultValue: defaults });
  const busy = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="listing-heading" className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="listing-heading" className="text-lg font-bold text-navy-900">
        Your listing
      </h2>
      <CheckboxField field={fields.listed} label="List me in the directory" hint="Off by default. Your name is shown to members with access." />
      <CheckboxField field={fields.shareYears} label="Show my O/L and A/L years" />
      <CheckboxField field={fields.shareEmail} label="Show my email" />
      <CheckboxField field={fields.sharePhone} label="Show my telephone" />
      <SaveButton busy={busy} busyLabel="Saving…">
        Save my listing
      </SaveButton>
    </Form>
  );
}
