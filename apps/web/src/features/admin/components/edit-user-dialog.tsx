import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { useDeleteUser } from '../api/delete-user';
import type { AdminUser } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { type EditUserValues, editUserSchema, toUpdateUserBody } from '../utils/forms';
import { CheckboxField } from './checkbox-field';
import { ConfirmDialog } from './confirm-dialog';

function defaultsOf(user: AdminUser | null): EditUserValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    isAdmin: user?.isAdmin ?? false,
    password: '',
    confirmPassword: '',
  };
}

/** 'Edit User: {username}'; open while `user` is set. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useUpdateUser();
  const deletion = useDeleteUser();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EditUserValues, unknown, z.output<typeof editUserSchema>>({
    resolver: zodResolver(editUserSchema),
    defaultValues: defaultsOf(user),
  });

  useEffect(() => {
    reset(defaultsOf(user));
  }, [user, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    mutation.mutate({ id: user.id, body: toUpdateUserBody(values) }, { onSuccess: onClose });
  });

  return (
    <Dialog open={user !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-all">Edit User: {user?.username}</DialogTitle>
          <DialogDescription>Leave the new password blank to keep the current one.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Edit User">
          <FormField
            id="edit-user-username"
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            required
            error={errors.username?.message}
            {...register('username')}
          />
          <FormField
            id="edit-user-email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <CheckboxField id="edit-user-is-admin" label="Admin" {...register('isAdmin')} />
          <FormField
            id="edit-user-password"
            label="New Password (optional)"
            type="password"
            autoComplete="new-password"
            hint="Leave blank to keep the current password."
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            id="edit-user-confirm-password"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              className="text-destructive sm:mr-auto"
              onClick={() => setConfirmingDelete(true)}
            >
              Delete account
            </Button>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Update User'}
            </Button>
          </DialogFooter>
        </form>
        {/* Inside the edit dialog's content: Radix stacks it above, focus and Escape included. */}
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete this account?"
          message={`Delete ${user?.username ?? ''}'s account at their request? Their personal data is erased from every part of the site and they are logged out everywhere. Orders and payments keep only what bookkeeping needs. This cannot be undone.`}
          confirmLabel="Delete account"
          pending={deletion.isPending}
          onConfirm={() => {
            if (!user) return;
            deletion.mutate(user.id, {
              onSuccess: () => {
                setConfirmingDelete(false);
                onClose();
              },
            });
          }}
          onOpenChange={setConfirmingDelete}
        />
      </DialogContent>
    </Dialog>
  );
}
