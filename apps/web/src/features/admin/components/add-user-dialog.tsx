import { zodResolver } from '@hookform/resolvers/zod';
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
import { useCreateUser } from '../api/create-user';
import { type AddUserValues, addUserSchema, toCreateUserBody } from '../utils/forms';
import { CheckboxField } from './checkbox-field';

const empty: AddUserValues = { username: '', email: '', password: '', confirmPassword: '', isAdmin: false };

export function AddUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useCreateUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddUserValues, unknown, z.output<typeof addUserSchema>>({
    resolver: zodResolver(addUserSchema),
    defaultValues: empty,
  });

  const close = (next: boolean) => {
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(toCreateUserBody(values), { onSuccess: () => close(false) });
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add New User</DialogTitle>
          <DialogDescription>The new user can log in with this username and password.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Add New User">
          <FormField
            id="add-user-username"
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            required
            error={errors.username?.message}
            {...register('username')}
          />
          <FormField
            id="add-user-email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <FormField
            id="add-user-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            id="add-user-confirm-password"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <CheckboxField id="add-user-is-admin" label="Admin" {...register('isAdmin')} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
