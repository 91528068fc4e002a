import { EmailSchema } from '@jesus-walks/contracts/users';
import { z } from 'zod';

/** 'Your details': a name of up to 100 characters, or nothing. */
export const profileSchema = z.object({
  name: z.string().trim().max(100, 'Name cannot exceed 100 characters'),
});
export type ProfileValues = z.input<typeof profileSchema>;

/** 'Change e-mail': the new address, and the password that proves it is the member asking. */
export const emailChangeSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(EmailSchema),
  currentPassword: z.string().min(1, 'Current password is required'),
});
export type EmailChangeValues = z.input<typeof emailChangeSchema>;
