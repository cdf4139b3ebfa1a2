import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient } from '@/test/render';
import { passwordRule, usePasswordPolicy } from './use-password-policy';

const messageOf = (rule: ReturnType<typeof passwordRule>, value: string) => {
  const parsed = rule.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('passwordRule (the operator’s minimum)', () => {
  it('asks for a password, then for the minimum length in the server’s words', () => {
    const rule = passwordRule(8, 'New password is required');
    expect(messageOf(rule, '')).toBe('New password is required');
    expect(messageOf(rule, 'seven77')).toBe('Password must be at least 8 characters long');
    expect(messageOf(rule, 'eight888')).toBeNull();
    expect(messageOf(rule, 'x'.repeat(201))).toBe('Password must be at most 200 characters long');
  });

  it('never asks for fewer than 6 characters', () => {
    expect(messageOf(passwordRule(4), 'five5')).toBe('Password must be at least 6 characters long');
  });

  it('counts characters as the server does (an emoji is one)', () => {
    const rule = passwordRule(8);
    expect(messageOf(rule, '🔑'.repeat(8))).toBeNull();
    expect(messageOf(rule, '🔑'.repeat(7))).toBe('Password must be at least 8 characters long'); // 14 UTF-16 units
  });
});

describe('usePasswordPolicy', () => {
  it('uses the floor of 6 and no hint until the policy is loaded, then the operator’s minimum', async () => {
    stubFetch().on('GET', '/api/auth/password-policy', json(200, { minLength: 12 }));
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => usePasswordPolicy(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    expect(result.current).toEqual({ minLength: 6, hint: undefined, isLoaded: false });
    await waitFor(() => expect(result.current.isLoaded).toBe(true));
    expect(result.current).toEqual({ minLength: 12, hint: 'At least 12 characters', isLoaded: true });
  });
});
