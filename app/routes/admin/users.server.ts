// The users page's server side: the list, and Add User, role changes and Delete through the
// users module's admin use cases (and the reset of someone's two-factor) and its one reply table (the same as /api/admin/users).
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { countAdmins, createUserAccount, deleteUserAccount, listUsers, resetUserTwoFactor, updateUserAccount } from "#server/modules/users/accounts-admin.ts";
import { accountAdminReply } from "#server/modules/users/replies.ts";
import { formText } from "~/lib/form-text";
import { adminAction } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

export async function loadUsers(context: AppLoadContext, url: URL, admin: SessionUser) {
  const [users, adminCount] = await Promise.all([listForPage((query) => listUsers(context.shop.db, query), url), countAdmins(context.shop.db)]);
  const { items, total, page, query } = users;
  return { users: items, hasNext: hasNextPage(users), total, page, search: query.search ?? "", selfId: admin.id, adminCount };
}

export async function changeUsers(context: AppLoadContext, admin: SessionUser, form: FormData) {
  const { shop } = context;
  const fields = formText(form, ["intent", "id", "name", "email", "password", "role", "pharmacistRegistration"]);
  if (fields.intent === "create") {
    const { name, email, password, role, pharmacistRegistration } = fields;
    return adminAction(context, "Failed to add user", async () =>
      accountAdminReply.createUser(await createUserAccount(shop, admin.id, { name, email, password, role, pharmacistRegistration })),
    );
  }
  if (fields.intent === "role") {
    return adminAction(context, "Failed to update user", async () =>
      accountAdminReply.updateUser(
        await updateUserAccount(
          shop.db,
          admin.id,
          fields.id,
          { role: fields.role, pharmacistRegistration: fields.pharmacistRegistration },
          shop.config.publicUrl,
        ),
      ),
    );
  }
  if (fields.intent === "two-factor-reset") {
    return adminAction(context, "Failed to reset two-factor", async () => accountAdminReply.resetTwoFactor(await resetUserTwoFactor(shop.db, admin.id, fields.id)));
  }
  return adminAction(context, "Failed to delete user", async () => accountAdminReply.deleteUser(await deleteUserAccount(shop.db, admin.id, fields.id)));
}
