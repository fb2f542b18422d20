import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ADMIN_USER_SORTS, type AdminUser } from '@store/contracts';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useUserInfo } from '../../stores/user-store.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { Button } from '../../components/ui/button.js';
import { deleteUser, updateUser, useAdminUserPage } from './admin-api.js';
import { AdminPage, cellClasses, Cross, ShortId, Th, Tick } from './admin-page.js';
import { RowActions } from './row-actions.js';
import { FilterSelect, isPageSize, PagedList, SearchBox, sortingOf, SortTh, useListState } from './list-controls.js';

const USER_LIST_STATE = {
  q: () => true,
  role: (v: string) => v === 'admin' || v === 'customer',
  sort: (v: string) => (ADMIN_USER_SORTS as readonly string[]).includes(v),
  order: (v: string) => v === 'asc' || v === 'desc',
  pageSize: isPageSize,
};

/**
 * /admin/userlist: the accounts a page at a time, searched, filtered by role and sorted by the
 * server, the state in the URL (ADR 045). Admin accounts can be neither edited nor deleted here
 * (ADR 012); another admin's rights can be taken away, after a confirmation, but never one's own
 * (ADR 037).
 */
export function UserListPage() {
  usePageTitle('Users');
  const list = useListState(USER_LIST_STATE);
  const { values } = list;
  const users = useAdminUserPage(list.search);
  const sorting = sortingOf(list, 'createdAt');
  return (
    <AdminPage title="Users">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search users"
          placeholder="Name or email"
          value={values.q}
          onSearch={(q) => list.set({ q })}
        />
        <FilterSelect label="Role" value={values.role} onChange={(role) => list.set({ role })}>
          <option value="">All</option>
          <option value="admin">Admins</option>
          <option value="customer">Customers</option>
        </FilterSelect>
      </div>
      {/* Never empty but for a search or filter: there is always an admin. */}
      <PagedList
        list={list}
        load={users}
        loading="users"
        failed="the users"
        what="users"
        label="Users"
        head={
          <>
            <Th>ID</Th>
            <SortTh column="name" first="asc" sorting={sorting}>
              NAME
            </SortTh>
            <SortTh column="email" first="asc" sorting={sorting}>
              EMAIL
            </SortTh>
            <Th>ADMIN</Th>
            <Th hidden>Actions</Th>
          </>
        }
      >
        {(rows) => rows.map((u) => <UserRow key={u._id} user={u} />)}
      </PagedList>
    </AdminPage>
  );
}

function UserRow({ user: u }: { user: AdminUser }) {
  const me = useUserInfo();
  return (
    <tr>
      <td className={cellClasses}>
        <ShortId id={u._id} />
      </td>
      <td className={cellClasses}>{u.name}</td>
      <td className={cellClasses}>
        <a href={`mailto:${u.email}`} className="text-brand-700 underline-offset-2 hover:underline">
          {u.email}
        </a>
      </td>
      <td className={cellClasses}>{u.isAdmin ? <Tick label="Admin" /> : <Cross label="Not an admin" />}</td>
      <td className={cn(cellClasses, 'min-w-24')}>
        {!u.isAdmin ? (
          <RowActions
            name={u.name}
            editTo={`/admin/user/${u._id}/edit`}
            remove={() => deleteUser(u._id)}
            listKey={queryKeys.users}
          />
        ) : u._id === me?._id ? (
          <span className="text-xs text-neutral-600">You</span>
        ) : (
          <RemoveAdmin user={u} />
        )}
      </td>
    </tr>
  );
}

/** Takes another admin's rights away once the admin has confirmed it; the server keeps the last admin. */
function RemoveAdmin({ user: u }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function demote() {
    setPending(true);
    try {
      await updateUser(u._id, { userId: u._id, version: u.version, isAdmin: false });
      toast.success(`${u.name} is no longer an admin`);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    } catch (err) {
      toast.error(errorMessage(err));
      setAsking(false);
      // Refused because the list is out of date (changed or demoted meanwhile, the last admin): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)} aria-label={`Remove admin ${u.name}`}>
        Remove admin
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Remove ${u.name} as an admin?`}
        description={
          <>
            {u.name} ({u.email}) will no longer manage products, orders and users, from their next click on. Another
            admin can make them an admin again.
          </>
        }
        confirmLabel="Remove admin"
        destructive
        pending={pending}
        onConfirm={() => void demote()}
      />
    </>
  );
}
