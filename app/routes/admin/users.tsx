import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFocusFirstError } from "~/lib/focus-first-error";
import { isPharmacistRegistration, REGISTRATION_MAX } from "#common/pharmacist.ts";
import { Link, useFetcher } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { ADMIN_MESSAGES, ADMIN_ROLES } from "#common/admin.ts";
import { ConfirmDelete, type ActionResult } from "~/components/admin/confirm-delete";
import { formatShortDate } from "#common/dates.ts";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, BUTTON_SECONDARY, EmptyState, INPUT, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { SearchBox } from "~/components/admin/search-box";
import { Field } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/users";
import { requireAdmin } from "./require-admin.server";
import { changeUsers, loadUsers } from "./users.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Users | Admin", "Add shop users, change their roles, reset a lost two-factor sign-in and remove them."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return loadUsers(context, new URL(request.url), admin);
}

/** Add User, role changes, a two-factor reset and Delete (the form's `intent`). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return changeUsers(context, admin, await request.formData());
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, hasNext, page, search, selfId, adminCount } = loaderData;
  // What the server refuses is not offered (updateUserAccount, deleteUserAccount): no role change
  // or Delete for one's own account or the last admin; the row says why instead.
  const refusal = (user: { _id: string; role: string }) =>
    user._id === selfId ? ADMIN_MESSAGES.cannotDeleteSelf : user.role === "admin" && adminCount <= 1 ? ADMIN_MESSAGES.lastAdmin : null;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Users">
        <SearchBox label="Search users" defaultValue={search} placeholder="Name or email" />
      </AdminPageHeader>
      <AddUserForm />
      {users.length === 0 ? (
        <EmptyState>{search ? `No users match "${search}".` : "No users found"}</EmptyState>
      ) : (
        <div className={TABLE_WRAP}>
          <table className={`${TABLE} min-w-[40rem]`}>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH}>Name</th>
                <th scope="col" className={TH}>Email</th>
                <th scope="col" className={TH}>Role</th>
                <th scope="col" className={TH}>Joined</th>
                <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {users.map((user) => (
                <tr key={user._id}>
                  <td className={`${TD} font-medium text-gray-900`}>
                    {user.name}
                    {user._id === selfId ? <span className="ml-2 text-xs font-normal text-gray-600">(you)</span> : null}
                    {user.twoFactorEnabled ? <span className="ml-2 inline-block whitespace-nowrap rounded bg-green-50 px-1.5 py-0.5 text-xs font-normal text-green-800">Two-factor on</span> : null}
                    <Link
                      to={`/admin/audit?${new URLSearchParams({ entity: "user", entityId: user._id })}`}
                      aria-label={`History of ${user.name}`}
                      className="block text-xs font-normal text-brand-700 underline"
                    >
                      History
                    </Link>
                  </td>
                  <td data-label="Email" className={`${TD} break-all`}>{user.email ?? `No email · ${user.phone ?? ""}`}</td>
                  <td data-label="Role" className={TD}>
                    {refusal(user) ? (
                      <span className="text-sm text-gray-800">{user.role}</span>
                    ) : (
                      <RoleForm id={user._id} name={user.name} role={user.role} registration={user.pharmacistRegistration} />
                    )}
                  </td>
                  <td data-label="Joined" className={TD}>{formatShortDate(user.createdAt)}</td>
                  <td data-label="" className={`${TD} text-right`}>
                    {user.twoFactorEnabled && user._id !== selfId ? (
                      // Staff who lost their phone and their backup codes (decisions/051); one's own is turned off in the profile.
                      <span className="mb-2 inline-block sm:mb-0 sm:mr-2">
                        <ConfirmDelete
                          verb="Reset"
                          intent="two-factor-reset"
                          what={`two-factor sign-in of ${user.name}`}
                          question={`${user.name} will be signed out everywhere and sign in with their password alone until they set up an authenticator again. Do this only after checking who is asking.`}
                          fields={{ id: user._id }}
                          failure="Failed to reset two-factor"
                        />
                      </span>
                    ) : null}
                    {refusal(user) ? (
                      <span className="text-xs text-gray-600">{refusal(user)}</span>
                    ) : (
                      <ConfirmDelete
                        what={`user ${user.name}`}
                        question={`${user.name} (${user.email ?? user.phone ?? "no email"}) will lose their account. This cannot be undone.`}
                        fields={{ id: user._id }}
                        failure="Failed to delete user"
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasNext={hasNext} label="Users pages" />
    </main>
  );
}

/** The role select; a pharmacist also needs their registration number (State Pharmacy Council). */
function RoleForm({ id, name, role, registration }: { id: string; name: string; role: string; registration: string | null }) {
  const fetcher = useFetcher<ActionResult>();
  const [chosen, setChosen] = useState(role);
  const implausible = role === "pharmacist" && chosen === "pharmacist" && registration !== null && !isPharmacistRegistration(registration);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message || "Failed to update user");
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <select
        name="role"
        defaultValue={role}
        onChange={(event) => setChosen(event.currentTarget.value)}
        aria-label={`Role of ${name}`}
        className="rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm"
      >
        {ADMIN_ROLES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {chosen === "pharmacist" ? (
        <input
          name="pharmacistRegistration"
          defaultValue={registration ?? ""}
          required
          maxLength={REGISTRATION_MAX}
          autoComplete="off"
          placeholder="e.g. KA/12345"
          aria-label={`Pharmacist registration number of ${name}`}
          aria-describedby={implausible ? `registration-note-${id}` : undefined}
          className="w-40 rounded-md border border-gray-400 px-2 py-1.5 text-sm"
        />
      ) : null}
      {implausible ? (
        // Recorded before the council's form was checked: its holder cannot review until it is corrected.
        <p id={`registration-note-${id}`} className="basis-full text-xs text-red-700">
          Not a State Pharmacy Council number: {name} cannot review prescriptions until it is corrected.
        </p>
      ) : null}
      <button type="submit" name="intent" value="role" disabled={fetcher.state !== "idle"} className={`${BUTTON_SECONDARY} px-2.5 py-1.5 text-sm`}>
        Save<span className="sr-only"> role of {name}</span>
      </button>
    </fetcher.Form>
  );
}

function AddUserForm() {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState("customer");
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  useFocusFirstError(formRef, fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? null) : null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      formRef.current?.reset();
      setRole("customer");
    } else {
      toast.error(fetcher.data.message || "Failed to add user");
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="add-user-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="add-user-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <UserPlus className="h-5 w-5" aria-hidden /> Add User
      </h2>
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
        <Field label="Name" name="name" required autoComplete="off" error={errors.name} />
        <Field label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
        <Field label="Password" name="password" type="password" required autoComplete="new-password" error={errors.password} />
        <div>
          <label htmlFor="new-user-role" className="block text-sm font-medium text-gray-800">
            Role
          </label>
          <select id="new-user-role" name="role" defaultValue="customer" onChange={(event) => setRole(event.currentTarget.value)} className={`${INPUT} mt-1 bg-white`}>
            {ADMIN_ROLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        {role === "pharmacist" ? (
          <Field
            label="Pharmacist registration number"
            placeholder="e.g. KA/12345"
            name="pharmacistRegistration"
            required
            maxLength={REGISTRATION_MAX}
            autoComplete="off"
            error={errors.pharmacistRegistration}
          />
        ) : null}
        <button type="submit" name="intent" value="create" disabled={busy} className={`${BUTTON_PRIMARY} lg:mt-7`}>
          {busy ? "Adding..." : "Add User"}
        </button>
      </fetcher.Form>
    </section>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
