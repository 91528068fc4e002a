import { KeyRoundIcon, PencilIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
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
import { type AdminUser, useUsers } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ListStatus } from './list-status';
import { SectionHeader } from './section-header';
import { Tick } from './tick';

export function UsersTab() {
  const users = useUsers({ enabled: true });
  const [changingPassword, setChangingPassword] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const list = users.data ?? [];

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
      <ListStatus
        loading={users.isPending}
        error={users.data ? null : users.error}
        loadingText="Loading users..."
        errorPrefix="Error loading users"
      />
      {users.data ? (
        <Table label="Users">
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
            {list.length === 0 ? <TableEmptyRow colSpan={6}>No users yet.</TableEmptyRow> : null}
          </TableBody>
        </Table>
      ) : null}
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
