import { describe, expect, it } from 'vitest';
import { emailChangeSchema, profileSchema } from './profile-forms';

describe('profileSchema', () => {
  it('takes a name of up to 100 characters, trimmed, or nothing', () => {
    expect(profileSchema.parse({ name: '  Ada Walker ' })).toEqual({ name: 'Ada Walker' });
    expect(profileSchema.parse({ name: '' })).toEqual({ name: '' });
    expect(profileSchema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Name cannot exceed 100 characters',
    );
  });
});

describe('emailChangeSchema', () => {
  it('needs a valid address and the current password', () => {
    expect(emailChangeSchema.parse({ email: ' New@Example.com ', currentPassword: 'secret' })).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret',
    });
    const messages = emailChangeSchema
      .safeParse({ email: 'not-an-address', currentPassword: '' })
      .error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Please enter a valid email address', 'Current password is required']);
    expect(emailChangeSchema.safeParse({ email: '', currentPassword: 'x' }).error?.issues[0]?.message).toBe(
      'Email is required',
    );
  });
});
