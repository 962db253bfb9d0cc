import { Form, useSubmit } from 'react-router';
import { Pagination } from '~/components/admin/records-table';
import { Button } from '~/components/ui/button';
import { DataTable } from '~/components/ui/data-table';
import { roleChangeSchema } from '~/features/accounts/accounts.schema';
import { changeAccountRole, listAccounts } from '~/features/accounts/accounts.server';
import { requireAdminArea, requireAdminSection } from '~/features/accounts/route-guards.server';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { failureOf } from '~/lib/errors.server';
import { parseIntent, readFormData } from '~/lib/forms.server';
import { roleLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { roles } from '~/lib/roles';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/users';

/** Everyone with an account, and their role (docs/product.md#admin-dashboard): super admins. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireAdminSection(args, 'users');
  const query = readAdminQuery(args.url, []);
  return { me: user.id, search: query.search ?? '', accounts: await listAccounts({ search: query.search, page: query.page }) };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdminArea(args);
  const formData = await readFormData(args.request);
  try {
    const change = parseIntent(formData, roleChangeSchema);
    const updated = await changeAccountRole(user, change.id, change.role);
    return dataWithToast(args.context, null, messages.roleChanged(updated.email, updated.role));
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, null, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Users · Admin Dashboard');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function UsersSection({ loaderData }: Route.ComponentProps) {
  const { accounts, me, search } = loaderData;
  const submit = useSubmit();
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Users</h2>
      <p className="mb-6 text-muted-foreground">Everyone with an account, and their role.</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="grid min-w-56 flex-1 gap-1">
          <label htmlFor="users-search" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Search name or email
          </label>
          <input id="users-search" name="q" type="search" defaultValue={search} className="h-10 rounded-md border border-slate-300 px-3 text-sm" />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <DataTable
        caption="Users"
        rows={accounts.rows}
        rowKey={(account) => account.id}
        empty={messages.noRecords}
        columns={[
          { header: 'Name', primary: true, cell: (account) => account.name || account.email },
          { header: 'Email', cell: (account) => account.email },
          {
            header: 'Role',
            cell: (account) => (
              <>
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
              </>
            ),
          },
        ]}
      />
      <Pagination page={accounts.page} pageCount={accounts.pageCount} total={accounts.total} moreThanTotal={accounts.moreThanTotal} />
    </>
  );
}
