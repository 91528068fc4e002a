import { KeyRoundIcon, PencilIcon, UserPlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { type AdminUsersFilter, useAdminUsers } from '../api/get-admin-users';
import type { AdminUser } from '../api/get-users';
import { pageCountOf } from '../utils/paging';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { AddUserDialog } from './add-user-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { FilterField, SearchInput, SelectFilter } from './list-filters';
import { ListPager } from './list-pager';
import { ListStatus } from './list-status';
import { SectionHeader } from './section-header';
import { Tick } from './tick';

const PAGE_SIZE = 25;

type RoleFilter = AdminUsersFilter['role'];
const roleOptions: Array<{ value: RoleFilter; label: string }> = [
  { value: '', label: 'Everyone' },
  { value: 'admin', label: 'Admins' },
  { value: 'member', label: 'Members' },
];

export function UsersTab() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('');
  const [page, setPage] = useState(1);
  const [changingPassword, setChangingPassword] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  // The server is asked once typing pauses, not for every letter.
  const debouncedSearch = useDebouncedValue(search);
  const users = useAdminUsers(
    { search: debouncedSearch, role, page, pageSize: PAGE_SIZE },
    { enabled: true },
  );
  const list = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
  const lastPage = pageCountOf(total, PAGE_SIZE);

  // Rows removed elsewhere can leave this page past the end: show the last one instead.
  useEffect(() => {
    if (users.data && page > lastPage) setPage(lastPage);
  }, [users.data, page, lastPage]);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="users-heading">
      <SectionHeader id="users-heading" title="Users Management">
        <Button variant="outline" onClick={() => setChangingPassword(true)}>
          <KeyRoundIcon aria-hidden="true" />
          Change My Password
        </Button>
        <Button onClick={() => setAdding(true)}>
          <UserPlusIcon aria-hidden="true" />
          Add New User
        </Button>
      </SectionHeader>
      <search className="grid min-w-0 gap-3 sm:grid-cols-[1fr_12rem]">
        <FilterField id="user-search" label="Search users">
          <SearchInput
            id="user-search"
            placeholder="Username, email or ID"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              // A new search starts at its first page.
              setPage(1);
            }}
          />
        </FilterField>
        <FilterField id="user-role" label="Role">
          <SelectFilter
            id="user-role"
            value={role}
            options={roleOptions}
            onSelect={(value) => {
              setRole(value);
              setPage(1);
            }}
          />
        </FilterField>
      </search>
      <ListStatus
        loading={users.isPending}
        error={users.data ? null : users.error}
        loadingText="Loading users..."
        errorPrefix="Error loading users"
      />
      {users.data ? (
        <>
          <Table label="Users" aria-busy={users.isPlaceholderData}>
            <TableHeader>
              <TableRow>
                <TableHead>ID</TableHead>
                <TableHead>Username</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Admin</TableHead>
                <TableHead>Verified</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((user) => (
                <TableRow key={user.id} data-user={user.username}>
                  <TableCell>{user.id}</TableCell>
                  <TableCell className="font-medium">{user.username}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <Tick value={user.isAdmin} label="Admin" />
                  </TableCell>
                  <TableCell>
                    <Tick value={user.isVerified} label="Verified" />
                  </TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(user)}
                      aria-label={`Edit ${user.username}`}
                    >
                      <PencilIcon aria-hidden="true" />
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {list.length === 0 ? (
                <TableEmptyRow colSpan={6}>
                  {debouncedSearch.trim() || role ? 'No users match.' : 'No users yet.'}
                </TableEmptyRow>
              ) : null}
            </TableBody>
          </Table>
          <ListPager
            label="Users pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            noun={{ one: 'user', many: 'users' }}
            onPage={setPage}
            busy={users.isPlaceholderData}
          />
        </>
      ) : null}
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
