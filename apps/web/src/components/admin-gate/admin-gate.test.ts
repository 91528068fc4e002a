import { describe, expect, it } from 'vitest';
import { adminGate } from './admin-gate';

const admin = { id: 1, username: 'admin', email: 'admin@example.com', isAdmin: true };
const member = { ...admin, id: 2, username: 'martha', isAdmin: false };

describe('adminGate', () => {
  it('checks authentication while the current user is being asked for', () => {
    expect(adminGate({ isPending: true, isError: false, data: undefined })).toBe('checking');
  });

  it('reports an authentication error when the question failed', () => {
    expect(adminGate({ isPending: false, isError: true, data: undefined })).toBe('error');
  });

  it('keeps a known user when only a refresh failed', () => {
    expect(adminGate({ isPending: false, isError: true, data: admin })).toBe('admin');
  });

  it('asks a visitor to log in', () => {
    expect(adminGate({ isPending: false, isError: false, data: null })).toBe('anonymous');
  });

  it('denies a member and lets an admin in', () => {
    expect(adminGate({ isPending: false, isError: false, data: member })).toBe('forbidden');
    expect(adminGate({ isPending: false, isError: false, data: admin })).toBe('admin');
  });

  it('waits for user data not yet present', () => {
    expect(adminGate({ isPending: false, isError: false, data: undefined })).toBe('loading-user');
  });
});
